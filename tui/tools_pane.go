package tui

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"toolbench/core/jsondoc"
	"toolbench/core/schema"
	"toolbench/core/termtext"
	"toolbench/core/tooldef"
)

// toolsPane lists the document's tools with their error and warning
// counts, and shows the selected tool's parameters as a table.
type toolsPane struct {
	paneBase

	snap    *snapshot
	stale   bool  // the file is broken: snap, if any, is its last good load
	visible []int // indexes into snap.rows that pass the filter
	cursor  int   // index into visible
	offset  int   // the first of visible shown

	filter textField
	typing bool // the filter has the keys

	params   []paramRow    // the selected tool's parameters
	paramsOf *tooldef.Tool // the tool params was built for
	paramMsg string        // what to say instead of a table
}

// paramRow is one parameter of the selected tool, escaped for the screen.
type paramRow struct {
	name, typ, required, desc string
}

func newToolsPane(st *styles, keys *keyMap) toolsPane {
	return toolsPane{paneBase: newPaneBase(st, keys), filter: newTextField(&keys.edit, false, termtext.EscapeRune)}
}

// SetSize sets the pane's outer size.
func (p *toolsPane) SetSize(w, h int) {
	p.paneBase.SetSize(w, h)
	p.filter.SetSize(max(p.innerWidth()-2, 1), 1)
	p.keepCursorVisible()
}

// setFocused gives or takes the focus; the filter stops taking keys
// without it.
func (p *toolsPane) setFocused(on bool) {
	p.paneBase.setFocused(on)
	if !on {
		p.typing = false
	}
}

func (p toolsPane) filtering() bool { return p.typing }

// setSnapshot shows a new load, keeping the selected tool when it still
// exists (by name, else by position).
func (p *toolsPane) setSnapshot(s *snapshot) {
	prev := ""
	prevIndex := p.Selected()
	if prevIndex >= 0 {
		prev = p.snap.rows[prevIndex].label
	}
	p.snap = s
	p.refilter()
	p.cursor = 0
	if prevIndex >= 0 {
		p.cursor = min(max(p.positionOf(prevIndex), 0), max(len(p.visible)-1, 0))
		for i, r := range p.visible {
			if s.rows[r].label == prev {
				p.cursor = i
				break
			}
		}
	}
	p.paramsOf = nil
	p.afterMove()
}

// positionOf is where row r would be in visible: the first visible row at
// or after it.
func (p toolsPane) positionOf(r int) int {
	for i, v := range p.visible {
		if v >= r {
			return i
		}
	}
	return len(p.visible) - 1
}

// refilter recomputes the visible rows for the filter's text.
func (p *toolsPane) refilter() {
	p.visible = nil // a new list: earlier copies of the pane keep theirs
	if p.snap == nil {
		return
	}
	q := strings.ToLower(strings.TrimSpace(p.filter.Value()))
	p.visible = make([]int, 0, len(p.snap.rows))
	for i, r := range p.snap.rows {
		if q == "" || strings.Contains(r.lower, q) {
			p.visible = append(p.visible, i)
		}
	}
}

// Selected is the index of the selected tool in the snapshot's rows, or
// -1 when there is none.
func (p toolsPane) Selected() int {
	if p.snap == nil || p.cursor < 0 || p.cursor >= len(p.visible) {
		return -1
	}
	return p.visible[p.cursor]
}

// SelectedTool is the selected tool, or nil.
func (p toolsPane) SelectedTool() *tooldef.Tool {
	if i := p.Selected(); i >= 0 {
		return p.snap.rows[i].tool
	}
	return nil
}

// Update handles the keys and mouse events the root routes here.
func (p toolsPane) Update(msg tea.Msg) (toolsPane, tea.Cmd) {
	if kp, ok := msg.(tea.KeyPressMsg); ok && p.typing {
		return p.updateFilter(kp), nil
	}
	if step, ok := p.keys.listStep(msg, p.listHeight(), len(p.visible)); ok {
		p.move(step)
		return p, nil
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, p.keys.Filter):
			p.typing = true
		case key.Matches(msg, p.keys.Leave):
			p.clearFilter()
		}
	case tea.PasteMsg:
		if p.typing {
			p.filter, _ = p.filter.Update(msg)
			p.applyFilter()
		}
	case tea.MouseClickMsg:
		p.click(msg.Y)
	}
	return p, nil
}

func (p toolsPane) updateFilter(msg tea.KeyPressMsg) toolsPane {
	switch {
	case key.Matches(msg, p.keys.EndFilter):
		p.typing = false
	case key.Matches(msg, p.keys.Leave):
		p.clearFilter()
	default:
		var changed bool
		p.filter, changed = p.filter.Update(msg)
		if changed {
			p.applyFilter()
		}
	}
	return p
}

func (p *toolsPane) clearFilter() {
	p.typing = false
	if p.filter.Value() == "" {
		return
	}
	sel := p.Selected()
	p.filter.SetValue("")
	p.refilter()
	p.cursor = max(sel, 0)
	p.afterMove()
}

func (p *toolsPane) applyFilter() {
	p.refilter()
	p.cursor = 0
	p.offset = 0
	p.afterMove()
}

func (p *toolsPane) move(n int) {
	p.cursor = min(max(p.cursor+n, 0), max(len(p.visible)-1, 0))
	p.afterMove()
}

// click selects the row at pane line y (0 is the top border).
func (p *toolsPane) click(y int) {
	i := y - 1 - p.headerLines()
	if i < 0 || i >= p.shownRows() {
		return
	}
	p.cursor = p.offset + i
	p.afterMove()
}

// afterMove keeps the cursor on screen and the parameter table in step
// with the selected tool.
func (p *toolsPane) afterMove() {
	if t := p.SelectedTool(); t != p.paramsOf || t == nil {
		p.params, p.paramMsg = paramTable(t)
		p.paramsOf = t
	}
	p.keepCursorVisible()
}

func (p *toolsPane) keepCursorVisible() {
	p.offset = scrollTo(p.cursor, p.offset, p.listHeight(), len(p.visible))
}

// headerLines is the lines above the list: the shape line, and the
// filter while it is in use.
func (p toolsPane) headerLines() int {
	if p.typing || p.filter.Value() != "" {
		return 2
	}
	return 1
}

// paramLines is the lines the parameter table would like: a title, a
// heading and a row per parameter, or a title and a message.
func (p toolsPane) paramLines() int {
	if p.SelectedTool() == nil {
		return 0
	}
	if len(p.params) == 0 {
		return 3
	}
	return len(p.params) + 3 // a blank line, the title, the heading
}

// listHeight is the rows of tools shown: at least half of the pane, the
// parameter table taking what the list leaves.
func (p toolsPane) listHeight() int {
	avail := p.innerHeight() - p.headerLines()
	if avail <= 0 {
		return 0
	}
	want := p.paramLines()
	if want == 0 {
		return avail
	}
	return max(avail-want, (avail+1)/2)
}

// shownRows is the rows the list takes: no more than it needs, so the
// parameter table sits right under it.
func (p toolsPane) shownRows() int {
	return min(len(p.visible), p.listHeight())
}

// View draws the pane.
func (p toolsPane) View() string {
	extra := ""
	if p.snap != nil {
		extra = strconv.Itoa(len(p.snap.rows))
		if len(p.visible) != len(p.snap.rows) {
			extra = strconv.Itoa(len(p.visible)) + "/" + extra
		}
	}
	return p.frame(paneTools.String(), extra, p.body())
}

func (p toolsPane) body() string {
	w := p.innerWidth()
	if p.snap == nil {
		if p.stale {
			return p.st.warn.Render(" the file has not loaded yet:\n see the status line")
		}
		return p.st.muted.Render(" loading…")
	}
	var b strings.Builder
	b.WriteString(p.shapeLine())
	if p.headerLines() == 2 {
		b.WriteByte('\n')
		b.WriteString(p.filterLine(w))
	}
	rows := p.shownRows()
	if len(p.visible) == 0 {
		b.WriteByte('\n')
		b.WriteString(p.st.muted.Render(p.emptyText()))
	}
	for j := p.offset; j < p.offset+rows; j++ {
		b.WriteByte('\n')
		b.WriteString(p.rowLine(p.visible[j], j == p.cursor, w))
	}
	if rest := p.innerHeight() - p.headerLines() - rows - 1; rest > 0 && p.SelectedTool() != nil {
		b.WriteString("\n\n") // a blank line, then the table
		b.WriteString(p.paramView(w, rest))
	}
	return b.String()
}

func (p toolsPane) emptyText() string {
	if p.filter.Value() != "" {
		return " no tool matches the filter"
	}
	if p.snap.result.Tools != nil && p.snap.result.Tools.Problem != "" {
		return " not a tools document"
	}
	return " no tools"
}

func (p toolsPane) shapeLine() string {
	line := " no tools"
	if p.snap.shape != "" {
		line = " " + p.snap.shape + " shape"
	}
	if p.stale {
		return p.st.muted.Render(line+" · ") + p.st.warn.Render("last good load")
	}
	return p.st.muted.Render(line)
}

func (p toolsPane) filterLine(w int) string {
	text, _, _ := p.filter.view()
	line := ""
	if len(text) > 0 {
		line = text[0]
	}
	prompt := p.st.muted.Render("/")
	if p.typing {
		prompt = p.st.marker.Render("/")
	}
	return clip(" "+prompt+line, w)
}

// filterCursor is where the filter's cursor is, in pane cells, and
// whether it is shown.
func (p toolsPane) filterCursor() (x, y int, ok bool) {
	if !p.typing {
		return 0, 0, false
	}
	_, cx, _ := p.filter.view()
	return 1 + 2 + cx, 1 + 1, true
}

func (p toolsPane) rowLine(r int, selected bool, w int) string {
	row := p.snap.rows[r]
	counts := p.countsText(row)
	cw := len(countsPlain(row))
	nameW := max(w-3-cw-1, 1)
	name := fit(row.label, nameW)
	if selected {
		return p.st.marker.Render(" › ") + p.st.selected.Render(name) + " " + counts
	}
	return "   " + name + " " + counts
}

// countsPlain is the counts column without styles, for measuring.
func countsPlain(row toolRow) string {
	switch {
	case row.errors == 0 && row.warnings == 0:
		return "ok"
	case row.warnings == 0:
		return strconv.Itoa(row.errors) + "E"
	case row.errors == 0:
		return strconv.Itoa(row.warnings) + "W"
	}
	return strconv.Itoa(row.errors) + "E " + strconv.Itoa(row.warnings) + "W"
}

func (p toolsPane) countsText(row toolRow) string {
	var parts []string
	if row.errors > 0 {
		parts = append(parts, p.st.err.Render(strconv.Itoa(row.errors)+"E"))
	}
	if row.warnings > 0 {
		parts = append(parts, p.st.warn.Render(strconv.Itoa(row.warnings)+"W"))
	}
	if len(parts) == 0 {
		return p.st.ok.Render("ok")
	}
	return strings.Join(parts, " ")
}

// paramView is the parameter table of the selected tool in h lines.
func (p toolsPane) paramView(w, h int) string {
	title := p.st.header.Render(" parameters of ") + p.st.name.Render(clip(p.snap.rows[p.Selected()].label, max(w-16, 1)))
	lines := []string{title}
	if len(p.params) == 0 {
		lines = append(lines, p.st.muted.Render(" "+p.paramMsg))
		return strings.Join(lines[:min(len(lines), h)], "\n")
	}
	nameW, typeW := len("name"), len("type")
	for _, r := range p.params {
		nameW = max(nameW, len([]rune(r.name)))
		typeW = max(typeW, len([]rune(r.typ)))
	}
	nameW = min(nameW, max(w/3, 6))
	typeW = min(typeW, max(w/5, 6))
	const reqW = 3
	descW := max(w-1-nameW-1-typeW-1-reqW-1, 0)
	cell := func(s string, n int) string { return fit(s, n) }
	head := " " + cell("name", nameW) + " " + cell("type", typeW) + " " + cell("req", reqW) + " " + cell("description", descW)
	lines = append(lines, p.st.header.Render(head))
	for _, r := range p.params {
		if len(lines) >= h {
			break
		}
		lines = append(lines, " "+cell(r.name, nameW)+" "+cell(r.typ, typeW)+" "+cell(r.required, reqW)+" "+p.st.muted.Render(cell(r.desc, descW)))
	}
	if len(lines) > h {
		lines = lines[:h]
	}
	return strings.Join(lines, "\n")
}

// paramTable lists t's parameters: each property of its parameter schema
// with its type, whether it is required and its description, all escaped.
// When there is no table to show, the message says why.
func paramTable(t *tooldef.Tool) ([]paramRow, string) {
	if t == nil {
		return nil, ""
	}
	params := t.Params
	switch {
	case params == nil:
		return nil, "no " + t.ParamsKey + " member"
	case !params.Is(jsondoc.Object):
		return nil, t.ParamsKey + " is " + params.Kind.Phrase() + ", not a schema"
	}
	required := map[string]bool{}
	if list := params.Get("required"); list.Is(jsondoc.Array) {
		for _, m := range list.Kids() {
			if m.Value.Is(jsondoc.String) {
				required[m.Value.Str()] = true
			}
		}
	}
	props := params.Get("properties")
	if props.Len() == 0 || !props.Is(jsondoc.Object) {
		return nil, "takes no arguments"
	}
	rows := make([]paramRow, 0, props.Len())
	for _, m := range props.Kids() {
		req := "no"
		if required[m.Key] {
			req = "yes"
		}
		rows = append(rows, paramRow{
			name:     shown(m.Key, maxName),
			typ:      shown(schemaType(m.Value), maxName),
			required: req,
			desc:     shown(m.Value.Get("description").Text(), maxText),
		})
	}
	return rows, ""
}

// schemaType is a property's type as the table shows it: the types it
// declares (schema.Types, as written), joined with |; else the keyword
// that stands in for a type; else "any". A "type" that is no type name
// nor list of them is shown as written.
func schemaType(prop *jsondoc.Node) string {
	types, ok := schema.Types(prop, false)
	switch {
	case !ok:
		return string(jsondoc.AppendCompact(nil, prop.Get("type"), false, maxName))
	case len(types) > 0:
		return strings.Join(types, "|")
	}
	for _, k := range []string{"$ref", "anyOf", "oneOf", "allOf", "enum", "const"} {
		if prop.Has(k) {
			return k
		}
	}
	return "any"
}
