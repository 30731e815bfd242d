package tui

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/table"
	tea "charm.land/bubbletea/v2"

	"toolbench/core/compat"
	"toolbench/core/jsondoc"
	"toolbench/core/schema"
	"toolbench/core/tooldef"
)

// toolsPane lists the document's tools with what each costs and its
// error and warning counts, and shows the selected tool's parameters as
// a table.
type toolsPane struct {
	paneBase

	snap    *snapshot
	costs   *costs // nil until they are counted
	stale   bool   // the file is broken: snap, if any, is its last good load
	visible []int  // indexes into snap.rows that pass the filters
	cursor  int    // index into visible
	offset  int    // the first of visible shown

	filter     listFilter
	errorsOnly bool

	siftSeq  int    // the newest sift asked for
	sifting  bool   // a sift is under way in a command; visible is empty meanwhile
	keepName string // the tool to select when it arrives, "" for the first

	params   table.Model   // the selected tool's parameters
	paramsV  string        // what params draws, kept: it changes only with it
	paramRow []paramRow    // the rows of params, unstyled
	paramsOf *tooldef.Tool // the tool params was built for
	paramMsg string        // what to say instead of a table

	compat *compat.Matrix // which targets accept each tool; nil until counted
	// drift marks the tools the lock says changed or are new, by name;
	// nil when there is no lock, or nothing to mark. proxy marks those
	// a proxy withheld from its client or passed on drifted; nil when
	// it has marked none.
	drift map[string]driftMark
	proxy map[string]proxyMark
}

// paramRow is one parameter of the selected tool, escaped for the screen.
type paramRow struct {
	name, typ, required, desc string
}

func newToolsPane(st *styles, keys *keyMap) toolsPane {
	return toolsPane{
		paneBase: newPaneBase(st, keys),
		filter:   newListFilter(keys),
	}
}

// SetSize sets the pane's outer size.
func (p *toolsPane) SetSize(w, h int) {
	p.paneBase.SetSize(w, h)
	p.filter.setWidth(p.innerWidth())
	p.keepCursorVisible()
	p.layoutParams(p.params.Cursor())
}

// setFocused gives or takes the focus; the filter stops taking keys
// without it.
func (p *toolsPane) setFocused(on bool) {
	p.paneBase.setFocused(on)
	if !on {
		p.filter.typing = false
	}
}

func (p *toolsPane) setStyles(st *styles) {
	p.paneBase.setStyles(st)
	p.layoutParams(p.params.Cursor())
}

func (p toolsPane) filtering() bool { return p.filter.typing }

// setSnapshot shows a new load, keeping the selected tool when it still
// exists (by name, else by position).
func (p *toolsPane) setSnapshot(s *snapshot) tea.Cmd {
	prevName, prevIndex := p.selectedName(), p.Selected()
	p.snap, p.costs = s, nil
	p.paramsOf = nil
	if !p.sifted() {
		p.visible = identity(len(s.rows))
		p.cursor = min(max(prevIndex, 0), max(len(p.visible)-1, 0))
		if r, ok := p.rowNamed(prevName); ok {
			p.cursor = r
		}
		p.afterMove()
		return nil
	}
	p.keepName = prevName
	p.visible, p.cursor, p.offset = nil, 0, 0 // the old list is of the old rows
	p.afterMove()
	return p.resift()
}

// setCosts shows what the tools cost, once counted.
func (p *toolsPane) setCosts(c *costs) { p.costs = c }

// setCompat shows which targets accept each tool, once counted (nil
// until then).
func (p *toolsPane) setCompat(m *compat.Matrix) {
	if m == p.compat {
		return
	}
	p.compat = m
	p.layoutParams(p.params.Cursor()) // the row may take another number of lines
}

// compatView is the selected tool's compat row in lines of w cells.
func (p toolsPane) compatView(w int) []string {
	return compatLines(p.st, compatCells(p.st, p.compat, p.Selected()), w)
}

// sifted reports whether the list shows less than every tool.
func (p toolsPane) sifted() bool { return p.errorsOnly || p.filter.query() != "" }

// rowNamed is the position in visible of the first tool named name.
func (p toolsPane) rowNamed(name string) (int, bool) {
	r, ok := p.snap.byName[name]
	if !ok || name == "" {
		return 0, false
	}
	return searchInts(p.visible, r)
}

// resift asks for the list the filters make, now or from a command;
// until a command's list comes, the pane shows the list it had.
func (p *toolsPane) resift() tea.Cmd {
	p.siftSeq++
	if p.snap == nil {
		return nil
	}
	s, c := p.snap, toolsSift{text: p.filter.query(), errorsOnly: p.errorsOnly}
	list, cmd := sift(paneTools, p.siftSeq, len(s.rows), func() []int { return siftTools(s, c) })
	if cmd != nil {
		p.sifting = true
		return cmd
	}
	p.showSifted(list)
	return nil
}

// sifted takes a list sifted in a command, unless a newer one was asked
// for since.
func (p *toolsPane) takeSifted(msg siftedMsg) {
	if msg.seq != p.siftSeq {
		return
	}
	p.showSifted(msg.list)
}

func (p *toolsPane) showSifted(list []int) {
	p.sifting = false
	p.visible = list
	p.cursor, p.offset = 0, 0
	if r, ok := p.rowNamed(p.keepName); ok {
		p.cursor = r
	}
	p.keepName = ""
	p.afterMove()
}

// identity is the list 0, 1, ..., n-1.
func identity(n int) []int {
	l := make([]int, n)
	for i := range l {
		l[i] = i
	}
	return l
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

// selectRow selects row r of the snapshot, and reports whether the list
// shows it (a filter may hide it).
func (p *toolsPane) selectRow(r int) bool {
	i, ok := searchInts(p.visible, r)
	if !ok {
		return false
	}
	p.cursor = i
	p.afterMove()
	return true
}

// searchInts finds x in the ascending list l.
func searchInts(l []int, x int) (int, bool) {
	lo, hi := 0, len(l)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if l[mid] < x {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo, lo < len(l) && l[lo] == x
}

// Update handles what the root routes here besides the key table's
// commands: keys typed into the filter, pastes into it, and the mouse.
func (p toolsPane) Update(msg tea.Msg) (toolsPane, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg, editMsg, tea.PasteMsg:
		if p.filter.typing && p.filter.update(msg) {
			return p, p.resift()
		}
	case tea.MouseWheelMsg:
		if n := wheelDirection(msg) * wheelStep; n != 0 {
			p.move(n)
		}
	case tea.MouseClickMsg:
		p.click(msg.Y)
	}
	return p, nil
}

// moveBy moves the selection for a key of the key table.
func (p *toolsPane) moveBy(mv listMove) { p.move(mv.step(p.listHeight(), len(p.visible))) }

// toggleErrorsOnly lists only the tools with errors, or all again,
// keeping the selected tool.
func (p *toolsPane) toggleErrorsOnly() tea.Cmd {
	p.errorsOnly = !p.errorsOnly
	p.keepName = p.selectedName()
	return p.resift()
}

// selectedName is the selected tool's name, "" when there is none.
func (p toolsPane) selectedName() string {
	if t := p.SelectedTool(); t != nil {
		return t.Name
	}
	return ""
}

// clearFilter stops typing the filter and drops it, keeping the
// selected tool.
func (p *toolsPane) clearFilter() tea.Cmd {
	keep := p.selectedName()
	if !p.filter.clear() {
		return nil
	}
	p.keepName = keep
	return p.resift()
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
		p.paramRow, p.paramMsg = paramTable(t)
		p.paramsOf = t
		p.layoutParams(0)
	}
	p.keepCursorVisible()
}

func (p *toolsPane) keepCursorVisible() {
	p.offset = scrollTo(p.cursor, p.offset, p.listHeight(), len(p.visible))
}

// headerLines is the lines above the list: the shape line, and the
// filter while it is in use.
func (p toolsPane) headerLines() int {
	if p.filter.shown() {
		return 2
	}
	return 1
}

// paramLines is the lines the parameter table would like: a blank line,
// a title, a heading and a row per parameter, or a title and a message.
func (p toolsPane) paramLines() int {
	if p.SelectedTool() == nil {
		return 0
	}
	n := len(p.compatView(p.innerWidth()))
	if len(p.paramRow) == 0 {
		return 3 + n
	}
	return len(p.paramRow) + 3 + n
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

// paramSpace is the lines under the list for the parameter table: its
// title, heading and rows.
func (p toolsPane) paramSpace() int {
	return p.innerHeight() - p.headerLines() - max(p.shownRows(), 1) - 1
}

// View draws the pane.
func (p toolsPane) View() string {
	extra := ""
	if p.snap != nil {
		extra = strconv.Itoa(len(p.snap.rows))
		switch {
		case p.sifting:
			extra = "…/" + extra
		case p.sifted():
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
	b.WriteString(p.shapeLine(w))
	if p.headerLines() == 2 {
		b.WriteByte('\n')
		b.WriteString(p.filter.line(p.st, w))
	}
	rows := p.shownRows()
	if empty := p.emptyText(); len(p.visible) == 0 && empty != "" {
		b.WriteByte('\n')
		b.WriteString(p.st.muted.Render(empty))
	}
	cw := p.countsWidth(rows)
	for j := p.offset; j < p.offset+rows; j++ {
		b.WriteByte('\n')
		b.WriteString(p.rowLine(p.visible[j], j == p.cursor, w, cw))
	}
	if rest := p.paramSpace(); rest > 0 && p.SelectedTool() != nil {
		b.WriteString("\n\n") // a blank line, then the table
		b.WriteString(p.paramView(w, rest))
	}
	return b.String()
}

func (p toolsPane) emptyText() string {
	switch {
	case p.sifting:
		return " filtering…"
	case p.filter.value() != "":
		return " no tool matches the filter"
	case p.errorsOnly:
		return " no tool has errors"
	case p.snap.result.Tools != nil && p.snap.result.Tools.Problem != "":
		return " not a tools document"
	}
	return "" // the shape line says there are none
}

// costW is the width of the cost column: a count of tokens.
const costW = 6

func (p toolsPane) shapeLine(w int) string {
	line := " no tools"
	if p.snap.shape != "" {
		line = " " + p.snap.shape + " shape"
	}
	if p.errorsOnly {
		line += " · errors only"
	}
	var left string
	if p.stale {
		left = p.st.muted.Render(line+" · ") + p.st.warn.Render("last good load")
	} else {
		left = p.st.muted.Render(line)
	}
	cw := p.countsWidth(p.shownRows())
	right := p.st.header.Render("tokens") + strings.Repeat(" ", cw+1)
	if len(p.snap.rows) == 0 || w < 24 || width(left)+1+width(right) > w {
		return left
	}
	// "tokens" heads the cost column, which ends before the counts.
	return fit(left, w-width(right)) + right
}

// countsWidth is the width of the counts column over the first n rows
// shown.
func (p toolsPane) countsWidth(n int) int {
	cw := 2
	for j := p.offset; j < p.offset+n && j < len(p.visible); j++ {
		cw = max(cw, len(countsPlain(p.snap.rows[p.visible[j]])))
	}
	return cw
}

func (p toolsPane) rowLine(r int, selected bool, w, cw int) string {
	row := p.snap.rows[r]
	counts := p.countsText(row)
	counts = strings.Repeat(" ", cw-len(countsPlain(row))) + counts
	cost := ""
	if w >= 24 {
		c := "…"
		if p.costs != nil {
			c = shortCount(p.costs.tokens[r])
		}
		cost = p.st.muted.Render(strings.Repeat(" ", costW-len([]rune(c))) + c)
	}
	nameW := max(w-3-width(cost)-1-cw, 1)
	name := fit(row.label, nameW)
	if (p.drift != nil || p.proxy != nil) && nameW > 4 {
		mark := p.driftLabel(row.tool.Name)
		if mark == "" {
			mark = "  "
		}
		name = mark + fit(row.label, nameW-2)
	}
	if selected {
		return p.st.marker.Render(" › ") + p.st.selected.Render(name) + cost + " " + counts
	}
	return "   " + name + cost + " " + counts
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

// The parameter table is bubbles' table: it keeps the selected
// parameter in view, rendering only the rows around it. Its selection
// moves with J and K, and follows the field the form is on.

// moveParam moves the parameter table's selection by n rows.
func (p *toolsPane) moveParam(n int) {
	if len(p.paramRow) == 0 {
		return
	}
	p.setParamCursor(p.params.Cursor() + n)
}

// setParamCursor selects parameter i of the table.
func (p *toolsPane) setParamCursor(i int) {
	i = min(max(i, 0), len(p.paramRow)-1)
	cur := p.params.Cursor()
	if i == cur {
		return
	}
	p.params.SetRows(p.tableRows(i))
	if i > cur {
		p.params.MoveDown(i - cur)
	} else {
		p.params.MoveUp(cur - i)
	}
	p.paramsV = p.params.View()
}

// selectParam selects the parameter named name, when the table has it.
func (p *toolsPane) selectParam(name string) {
	for i, r := range p.paramRow {
		if r.name == name {
			p.setParamCursor(i)
			return
		}
	}
}

// paramBody is the rows the table shows below its heading.
func (p toolsPane) paramBody() int {
	space := p.paramSpace() - 2 - len(p.compatView(p.innerWidth())) // the title, the heading and the compat row
	if len(p.paramRow) > space {
		space-- // the "… N more" line
	}
	return max(space, 1)
}

// layoutParams makes the table anew for the selected tool, its columns
// sized to the pane and its rows to the space under the list, with
// parameter sel selected. The table draws its rows whenever it changes,
// so it is made whole, in one go.
func (p *toolsPane) layoutParams(sel int) {
	if len(p.paramRow) == 0 {
		p.params, p.paramsV = table.New(table.WithStyles(p.st.paramTable())), ""
		return
	}
	w := p.innerWidth()
	nameW, typeW := len("name"), len("type")
	for _, r := range p.paramRow {
		nameW = max(nameW, width(r.name))
		typeW = max(typeW, width(r.typ))
	}
	nameW = min(nameW, max(w/3, 6)) + 2 // and the marker
	typeW = min(typeW, max(w/5, 6))
	const reqW = 3
	descW := max(w-nameW-typeW-reqW-4, 0)
	sel = min(max(sel, 0), len(p.paramRow)-1)
	p.params = table.New(
		table.WithColumns([]table.Column{
			{Title: "  name", Width: nameW}, {Title: "type", Width: typeW},
			{Title: "req", Width: reqW}, {Title: "description", Width: descW},
		}),
		table.WithRows(p.tableRows(sel)),
		table.WithHeight(min(p.paramBody(), len(p.paramRow))+1), // no blank rows: the compat row sits under the last
		table.WithWidth(w),
		table.WithStyles(p.st.paramTable()))
	if sel > 0 {
		p.params.MoveDown(sel)
	}
	p.paramsV = p.params.View()
}

// tableRows is the table's rows, the one at sel marked.
func (p toolsPane) tableRows(sel int) []table.Row {
	rows := make([]table.Row, len(p.paramRow))
	for i, r := range p.paramRow {
		mark := "  "
		if i == sel {
			mark = "› "
		}
		rows[i] = table.Row{mark + r.name, r.typ, r.required, r.desc}
	}
	return rows
}

// paramView is the parameter table of the selected tool in h lines,
// and under it the tool's compat row.
func (p toolsPane) paramView(w, h int) string {
	title := p.st.header.Render(" parameters of ") + p.st.name.Render(clip(p.snap.rows[p.Selected()].label, max(w-16, 1)))
	lines := []string{title}
	if len(p.paramRow) == 0 {
		lines = append(lines, p.st.muted.Render(" "+p.paramMsg))
	} else {
		lines = append(lines, strings.Split(p.paramsV, "\n")...)
		if hidden := len(p.paramRow) - p.paramBody(); hidden > 0 {
			lines = append(lines, p.st.muted.Render(" … "+strconv.Itoa(hidden)+" more (J/K)"))
		}
	}
	row := p.compatView(w)
	lines = append(lines[:min(len(lines), max(h-len(row), 1))], row...)
	return strings.Join(lines[:min(len(lines), h)], "\n")
}

// paramTable lists t's parameters: each property of its parameter
// schema's schema.Object (through "$ref"s and allOf, anyOf and oneOf
// branches, as the call check and the form read them) with its type,
// whether it is required and its description, all escaped. When there is
// no table to show, the message says why.
func paramTable(t *tooldef.Tool) ([]paramRow, string) {
	if t == nil {
		return nil, ""
	}
	params := t.Params
	switch {
	case t.Kind == tooldef.KindCustom:
		return nil, "a custom tool: it takes free text, not arguments"
	case t.Kind != tooldef.KindFunction:
		return nil, t.Kind.Phrase() + ": the provider knows its arguments"
	case params == nil:
		return nil, "no " + t.ParamsKey + " member"
	case !params.Is(jsondoc.Object):
		return nil, t.ParamsKey + " is " + params.Kind.Phrase() + ", not a schema"
	}
	o := schema.Params(params, t.OpenAPIParams())
	if len(o.Props) == 0 {
		return nil, "takes no arguments"
	}
	rows := make([]paramRow, 0, len(o.Props))
	for _, p := range o.Props {
		req := "no"
		if p.Required {
			req = "yes"
		}
		rows = append(rows, paramRow{
			name:     shown(p.Name, maxName),
			typ:      schemaType(p.Schema),
			required: req,
			desc:     shown(p.Description(), maxText),
		})
	}
	return rows, ""
}

// requiredNames is the set of names an object schema's "required" lists.
func requiredNames(s *jsondoc.Node) map[string]bool {
	required := map[string]bool{}
	if list := s.Get("required"); list.Is(jsondoc.Array) {
		for _, m := range list.Kids() {
			if m.Value.Is(jsondoc.String) {
				required[m.Value.Str()] = true
			}
		}
	}
	return required
}

// schemaType is a property's type as the table shows it: the types it
// declares (schema.Types, as written), joined with |; else the keyword
// that stands in for a type; else "any". A "type" that is no type name
// nor list of them is shown as written. It is escaped for the screen.
func schemaType(prop *jsondoc.Node) string {
	types, ok := schema.Types(prop, false)
	switch {
	case !ok:
		return shown(string(jsondoc.AppendCompact(nil, prop.Get("type"), false, maxName)), maxName)
	case len(types) > 0:
		return shown(strings.Join(types, "|"), maxName)
	}
	for _, k := range []string{"$ref", "anyOf", "oneOf", "allOf", "enum", "const"} {
		if prop.Has(k) {
			return k
		}
	}
	return "any"
}
