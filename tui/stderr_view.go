package tui

import (
	"charm.land/bubbles/v2/viewport"
)

// stderrView is the end of the server's standard error over the panes:
// the last 64 KiB it wrote, each line escaped, read when the view opens.
// The server's stderr never reaches the terminal otherwise.
type stderrView struct {
	paneBase
	vp   viewport.Model
	name string   // the server, escaped
	tail []string // the lines, escaped
}

func newStderrView(st *styles, keys *keyMap) stderrView {
	return stderrView{paneBase: newPaneBase(st, keys), vp: newViewport()}
}

// open shows tail, the standard error of the server name (escaped),
// from its end.
func (v *stderrView) open(name, tail string) {
	v.name, v.tail = name, stderrLines(tail)
	v.build()
	v.vp.GotoBottom()
}

// SetSize sets the view's outer size.
func (v *stderrView) SetSize(w, h int) {
	v.paneBase.SetSize(w, h)
	v.vp.SetWidth(v.innerWidth())
	v.vp.SetHeight(v.innerHeight())
	v.build()
}

func (v *stderrView) setStyles(st *styles) {
	v.paneBase.setStyles(st)
	v.build()
}

func (v *stderrView) build() {
	if len(v.tail) == 0 {
		v.vp.SetContentLines([]string{v.st.muted.Render(" nothing on its standard error (a server reached by URL keeps its own)")})
		return
	}
	lines := make([]string, len(v.tail))
	for i, l := range v.tail {
		lines[i] = " " + clip(l, max(v.innerWidth()-1, 1))
	}
	v.vp.SetContentLines(lines)
}

// View draws the view.
func (v stderrView) View() string {
	return v.frame("Stderr "+v.name, withScroll(v.vp, "S or esc closes"), v.vp.View())
}
