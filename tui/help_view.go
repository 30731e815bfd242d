package tui

import (
	"strings"

	"toolbench/core/termtext"

	"charm.land/bubbles/v2/viewport"
	"github.com/charmbracelet/x/ansi"
)

// helpView is every key of every pane and mode over the panes, made from
// the key map's groups (README's key table is made from them too), in a
// scrolling viewport.
type helpView struct {
	paneBase
	vp viewport.Model
}

func newHelpView(st *styles, keys *keyMap) helpView {
	return helpView{paneBase: newPaneBase(st, keys), vp: newViewport()}
}

// SetSize sets the view's outer size and lays the keys out for it.
func (v *helpView) SetSize(w, h int) {
	laid := v.vp.Width() == max(w-2, 0) && v.vp.TotalLineCount() > 0
	v.paneBase.SetSize(w, h)
	v.vp.SetWidth(v.innerWidth())
	v.vp.SetHeight(v.innerHeight())
	if !laid { // the keys do not change: only a new width lays them out again
		v.vp.SetContentLines(helpLines(v.st, v.keys, v.innerWidth()))
	}
}

func (v *helpView) setStyles(st *styles) {
	v.paneBase.setStyles(st)
	v.vp.SetContentLines(helpLines(v.st, v.keys, v.innerWidth()))
}

// View draws the view.
func (v helpView) View() string {
	return v.frame("Keys", withScroll(v.vp, "? or esc closes"), v.vp.View())
}

// helpLines is the key map's groups, a heading each and a line per
// binding, w cells wide.
func helpLines(st *styles, k *keyMap, w int) []string {
	keyW := 0
	for _, g := range k.groups() {
		for _, d := range g.keys {
			keyW = max(keyW, ansi.StringWidth(d.b.Help().Key))
		}
	}
	keyW = min(keyW, max(w/3, 8))
	var lines []string
	for i, g := range k.groups() {
		if i > 0 {
			lines = append(lines, "")
		}
		lines = append(lines, " "+st.header.Render(g.where))
		descW := max(w-keyW-5, 10)
		for _, d := range g.keys {
			what := termtext.Wrap(d.what, descW, termtext.KeepLongWords)
			lines = append(lines, clip("   "+st.name.Render(fit(d.b.Help().Key, keyW))+"  "+what[0], w))
			for _, more := range what[1:] {
				lines = append(lines, clip(strings.Repeat(" ", keyW+5)+more, w))
			}
		}
	}
	lines = append(lines, "", st.muted.Render(clip(" In the tester and the form every other printable key is typed.", w)))
	return lines
}
