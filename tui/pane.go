package tui

// paneBase is what every pane shares, embedded in each as soft-serve
// embeds its common.Common: the workbench's one set of styles and one key
// map (pointers, so a change of background reaches every pane at once),
// the pane's outer size, and whether it has the focus.
type paneBase struct {
	st      *styles
	keys    *keyMap // never changed after newKeyMap
	w, h    int     // outer size, border included
	focused bool
}

func newPaneBase(st *styles, keys *keyMap) paneBase {
	return paneBase{st: st, keys: keys}
}

// SetSize sets the pane's outer size. Panes that lay out more than their
// frame wrap it with their own SetSize.
func (b *paneBase) SetSize(w, h int) { b.w, b.h = w, h }

func (b *paneBase) setStyles(st *styles) { b.st = st }

// setFocused gives or takes the focus. Panes with a mode that ends with
// the focus wrap it.
func (b *paneBase) setFocused(on bool) { b.focused = on }

// innerWidth and innerHeight are the cells inside the border.
func (b paneBase) innerWidth() int  { return max(b.w-2, 0) }
func (b paneBase) innerHeight() int { return max(b.h-2, 0) }

// frame draws body in the pane's border, titled title and extra.
func (b paneBase) frame(title, extra, body string) string {
	return b.st.box(title, extra, body, b.w, b.h, b.focused)
}
