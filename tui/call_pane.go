package tui

import (
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"toolbench/core/call"
	"toolbench/core/jsondoc"
	"toolbench/core/termtext"
	"toolbench/core/tooldef"
)

// callPane is the call tester: a call, or a batch of them, typed or
// pasted in any shape the call command reads, checked on every keystroke
// against the current tools, with the errors exactly as `toolbench call`
// prints them. It shows the JSON text or, for one call, a form of it. On
// a server it owns the session with it (callSession): the calls it sends,
// the question before a tool's first run, the session's history, and the
// reconnections R asks for.
type callPane struct {
	paneBase

	input  textField
	typing bool

	form     callForm
	showForm bool

	schemas *call.Schemas
	checked bool         // results are about the text in input
	results []callResult // one per call the text holds, in order
	readErr string       // why the text could not be read as calls

	// unloaded says why there are no schemas to check calls against: the
	// tools did not load; "" while they may yet.
	unloaded string

	deep    bool
	deepSeq int // the newest deep check asked for
	deepFor int // the check the deep errors answer

	offset int // the results scrolled by the wheel or j/k

	callSession // on a server
}

// callResult is the check of one call of the text.
type callResult struct {
	line int            // where the call starts, from 1
	name string         // the tool it names, "" when it is malformed
	errs []call.Finding // the call check's, notes among them
	deep []call.SchemaError
}

func newCallPane(st *styles, keys *keyMap, deep bool) callPane {
	return callPane{paneBase: newPaneBase(st, keys), deep: deep, input: newTextField(&keys.edit, true, jsonRuneEscape)}
}

// SetSize sets the pane's outer size.
func (p *callPane) SetSize(w, h int) {
	p.paneBase.SetSize(w, h)
	p.input.SetSize(p.innerWidth(), p.editorHeight())
	p.form.setSize(p.innerWidth(), p.editorHeight())
	if p.asked != nil {
		p.asked.setSize(p.innerWidth(), p.editorHeight())
	}
}

// setFocused gives or takes the focus: the tester takes the keys as it
// gets the focus, and stops when it loses it.
func (p *callPane) setFocused(on bool) {
	p.paneBase.setFocused(on)
	p.typing = on
}

func (p *callPane) setStyles(st *styles) {
	p.paneBase.setStyles(st)
	p.form.st = st
	p.markError()
}

func (p callPane) editing() bool { return p.typing }

// editorHeight is the lines of the text field or the form; the results
// take the rest, below a rule. The form wants more of the pane than the
// text does.
func (p callPane) editorHeight() int {
	if p.showForm || p.asked != nil {
		return max((p.innerHeight()-1)*2/3, 1)
	}
	half := max((p.innerHeight()-1)/2, 1)
	if !p.showsRun() {
		return half
	}
	// What a call sent brought back wants the room: the text keeps a
	// third, or the lines it has up to half.
	return max((p.innerHeight()-1)/3, min(len(p.input.lines), half), 1)
}

// showsRun reports whether the results say something of a call sent.
func (p callPane) showsRun() bool {
	return p.run.head != "" || p.pending != "" || p.question != nil
}

func (p callPane) resultsHeight() int {
	return max(p.innerHeight()-1-p.editorHeight(), 0)
}

// text is the call as it stands.
func (p callPane) text() string { return p.input.Value() }

// setSchemas checks the call again against a new load's tools.
func (p *callPane) setSchemas(s *call.Schemas) tea.Cmd {
	p.schemas = s
	if p.showForm && s != nil {
		if t := s.Tools[p.form.tool.Name]; t != nil {
			p.openForm(t) // the schema may have changed: the form follows
		}
	}
	return p.recheck()
}

// setDeep turns deep validation on or off.
func (p *callPane) setDeep(on bool) tea.Cmd {
	p.deep = on
	return p.recheck()
}

// setText replaces the call, as a sample does, checks it, and puts the
// cursor on the first argument's value, ready to edit.
func (p *callPane) setText(s string) tea.Cmd {
	p.input.SetValue(s)
	p.input.MoveToStart() // show a sample from its top
	p.input.SetCursorOffset(firstValueEnd(s))
	p.offset = 0
	if p.showForm {
		p.openForm(p.form.tool)
	}
	return p.recheck()
}

// firstValueEnd is where the cursor goes in a new call: at the end of the
// first argument's value (inside the quotes of a string, so that ctrl+w
// takes a one-word sample away), or inside empty arguments.
func firstValueEnd(text string) int {
	n, err := jsondoc.ParseValue("call", text)
	if err != nil {
		return 0
	}
	holder, key, ok := call.ArgsAt(n)
	if !ok {
		return 0
	}
	args := holder.Get(key)
	switch {
	case !args.Is(jsondoc.Object):
		return 0
	case args.Len() == 0:
		return int(args.Start) + 1
	}
	v := args.Kids()[0].Value
	if v.Is(jsondoc.String) {
		return int(v.End) - 1
	}
	return int(v.End)
}

// recheck reads the text as `toolbench call` reads its input, one call
// or a batch, and checks each call now (it is fast: a parse of the call
// and a map lookup); when deep validation is on, it starts a deep check
// in a command.
func (p *callPane) recheck() tea.Cmd {
	p.checked = false
	p.results, p.readErr = nil, ""
	p.deepSeq++
	defer p.markError()
	if p.schemas == nil || p.input.empty() {
		return nil
	}
	text := p.input.Value()
	err := call.ReadCalls(strings.NewReader(text), func(line int, c call.Call) error {
		p.results = append(p.results, callResult{line: line, name: c.Name, errs: call.Check(c, p.schemas)})
		return nil
	})
	if err != nil {
		p.readErr = shown(err.Error(), maxText)
	}
	p.checked = true
	if !p.deep {
		return nil
	}
	return deepCheck(p.deepSeq, text, p.schemas)
}

// deepChecked takes a deep check's result, unless the call has changed
// since it was asked for.
func (p *callPane) deepChecked(msg deepCheckedMsg) {
	if msg.seq != p.deepSeq {
		return
	}
	p.deepFor = msg.seq
	for i := range p.results {
		if i < len(msg.errs) {
			p.results[i].deep = msg.errs[i]
		}
	}
}

// markError marks, in the text, the character each malformed call's
// syntax error is at, when its finding places it at a line and column.
func (p *callPane) markError() {
	var marks []textPos
	for _, r := range p.results {
		if len(r.errs) == 0 {
			continue
		}
		f := r.errs[0]
		if f.Code != call.CodeMalformed || f.Line == 0 || f.Column == 0 {
			continue
		}
		if pos, ok := p.input.posOfByteColumn(f.Line, f.Column); ok {
			marks = append(marks, pos)
		}
	}
	p.input.setMarks(marks, p.st.errorMark.Render)
}

// calledTool is the tool the call at the cursor names, when it names one
// the schemas know; "" otherwise.
func (p callPane) calledTool() string {
	if p.showForm {
		return p.form.tool.Name
	}
	line := p.input.cursorLine() + 1
	name := ""
	for _, r := range p.results {
		if r.line > line && name != "" {
			break
		}
		name = r.name
	}
	if p.schemas == nil || p.schemas.ByName[name] == nil {
		return ""
	}
	return name
}

// cursorCall is the index in results of the call the cursor is in: the
// last that starts on its line or before; -1 when there is no call.
func (p callPane) cursorCall() int {
	if len(p.results) == 0 {
		return -1
	}
	if p.showForm {
		return 0
	}
	line := p.input.cursorLine() + 1
	i := 0
	for j, r := range p.results {
		if r.line > line {
			break
		}
		i = j
	}
	return i
}

// showRun shows the outcome of a call sent or recalled, scrolling the
// results so that it is in view.
func (p *callPane) showRun(r runShown) {
	p.run = r
	p.revealRun()
}

// revealRun scrolls the results to what they say of calls sent, when
// they do not fit.
func (p *callPane) revealRun() {
	p.SetSize(p.w, p.h) // the results may take more of the pane now
	lines := p.resultLines()
	if h := p.resultsHeight(); len(lines) > h {
		p.offset = max(min(p.runStart(), len(lines)-h), 0)
	}
}

// formField is the argument the form is on, "" when the form is closed.
func (p callPane) formField() string {
	if !p.showForm {
		return ""
	}
	return p.form.focused()
}

// toggleForm opens the form for tool t (the call's, or the selected one)
// or goes back to the JSON text. A batch has no form.
func (p *callPane) toggleForm(t *tooldef.Tool) string {
	if p.asked != nil {
		return "the server's question is open: ctrl+r answers it, esc leaves it"
	}
	if p.showForm {
		p.showForm = false
		p.SetSize(p.w, p.h)
		return ""
	}
	switch {
	case len(p.results) > 1:
		return "the form shows one call: this text holds " + strconv.Itoa(len(p.results))
	case t == nil:
		return "no tool for a form: select one in Tools, or name one in the call"
	}
	p.openForm(t)
	p.typing = true
	return ""
}

func (p *callPane) openForm(t *tooldef.Tool) {
	focus := p.form.focus
	same := p.showForm && p.form.tool != nil && p.form.tool.Name == t.Name
	p.form = newCallForm(p.st, p.keys, t, p.input.Value())
	if same {
		p.form.focus = min(focus, max(len(p.form.fields)-1, 0))
	}
	p.showForm = true
	p.SetSize(p.w, p.h)
}

// Update handles what the root routes here besides the key table's
// commands: keys typed into the text, the form or the server's question,
// pastes, and the mouse.
func (p callPane) Update(msg tea.Msg) (callPane, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg, editMsg, tea.PasteMsg:
		if p.typing {
			return p.edit(msg)
		}
	case tea.MouseWheelMsg:
		p.scroll(wheelDirection(msg)) // a line a notch: the results are short
	case tea.MouseClickMsg:
		p.typing = true
	}
	return p, nil
}

// typingInto is what the keys typed into the tester go to, when they go
// to it.
func (p callPane) typingInto() input {
	switch {
	case !p.typing:
		return inputNone
	case p.asked != nil:
		return p.asked.typingInto()
	case p.showForm:
		return p.form.typingInto()
	}
	return inputCall
}

// startTyping gives the keys to the tester again.
func (p *callPane) startTyping() { p.typing = true }

// leave stops typing, or leaves the server's question unanswered.
func (p *callPane) leave() {
	if p.asked != nil {
		p.leaveQuestion()
		return
	}
	p.typing = false
}

// formKey applies a key of the form (nextField, toggle, choose) to the
// server's question when it is open, else to the call's form, whose text
// the call takes when key changed it.
func (p *callPane) formKey(key func(*callForm) bool) tea.Cmd {
	if p.asked != nil {
		asked := *p.asked
		asked.formKey(key)
		p.asked = &asked
		return nil
	}
	if !key(&p.form) {
		return nil
	}
	p.input.SetValue(p.form.text())
	return p.edited()
}

// edit applies a key or a paste to the server's question, the text or
// the form.
func (p callPane) edit(msg tea.Msg) (callPane, tea.Cmd) {
	if p.asked != nil {
		asked := *p.asked
		asked.Update(msg)
		p.asked = &asked
		return p, nil
	}
	var changed bool
	if p.showForm {
		p.form, changed = p.form.Update(msg)
		if changed {
			p.input.SetValue(p.form.text())
		}
	} else {
		p.input, changed = p.input.Update(msg)
	}
	if !changed {
		return p, nil
	}
	cmd := p.edited()
	return p, cmd
}

// edited checks the call again after an edit.
func (p *callPane) edited() tea.Cmd {
	p.offset = 0
	p.histPos = -1 // an edited call is a new one, not the one recalled
	return p.recheck()
}

func (p *callPane) scroll(n int) {
	p.offset = min(max(p.offset+n, 0), max(len(p.resultLines())-p.resultsHeight(), 0))
}

// cursor is where the text cursor is, in pane cells, when it is shown.
func (p callPane) cursor() (x, y int, ok bool) {
	if !p.typing {
		return 0, 0, false
	}
	if p.asked != nil {
		x, y, ok = p.asked.cursor()
		return 1 + x, 1 + y, ok
	}
	if p.showForm {
		x, y, ok = p.form.cursor()
		return 1 + x, 1 + y, ok
	}
	_, cx, cy := p.input.view()
	return 1 + cx, 1 + cy, true
}

// View draws the pane.
func (p callPane) View() string {
	var extra []string
	switch {
	case p.asked != nil:
		extra = append(extra, "the server asks")
	case p.showForm:
		extra = append(extra, "form")
	}
	if p.deep {
		extra = append(extra, "(deep)")
	}
	return p.frame(paneCall.String(), strings.Join(extra, " "), p.body())
}

func (p callPane) body() string {
	w := p.innerWidth()
	lines := make([]string, 0, p.innerHeight())
	switch {
	case p.asked != nil:
		lines = append(lines, p.asked.view()...)
	case p.showForm:
		lines = append(lines, p.form.view()...)
	case p.input.empty() && len(p.input.lines) <= 1:
		lines = append(lines, p.st.muted.Render(clip(`{"name": "...", "arguments": {...}}`, w)))
	default:
		text, _, _ := p.input.view()
		lines = append(lines, text...)
	}
	for len(lines) < p.editorHeight() {
		lines = append(lines, "")
	}
	lines = append(lines, p.st.muted.Render(strings.Repeat("─", w)))
	results := p.resultLines()
	for i := p.offset; i < len(results) && i < p.offset+p.resultsHeight(); i++ {
		lines = append(lines, results[i])
	}
	return strings.Join(lines, "\n")
}

// resultLines is what the check says about the text, a line each: for
// one call its errors, for a batch a count and then a line per call, as
// `toolbench call` reports them.
func (p callPane) resultLines() []string {
	lines := p.checkLines()
	return append(lines, p.runLines()...)
}

// runStart is the first of resultLines about a call sent.
func (p callPane) runStart() int { return len(p.checkLines()) }

// runLines is what the tester shows of calls sent: the question before
// a tool's first run, the call being sent, the outcome of the last.
func (p callPane) runLines() []string {
	var lines []string
	if p.question != nil {
		// The question alone: what it is about is the call above.
		for i, q := range p.question {
			indent := "   " // under the question
			if i == 0 {
				indent = " "
			}
			for j, l := range termtext.Wrap(q, max(p.innerWidth()-len(indent)-2, 10), termtext.BreakLongWords) {
				if j > 0 {
					l = "  " + l
				}
				if i == 0 {
					l = p.st.warn.Render(l)
				}
				lines = append(lines, indent+l)
			}
		}
		return lines
	}
	if p.pending != "" {
		lines = append(lines, p.st.muted.Render(" … "+p.pending))
	}
	if p.run.head == "" {
		return lines
	}
	if p.run.recall != "" {
		lines = append(lines, p.st.muted.Render(" "+p.run.recall))
	}
	style := p.st.ok
	switch {
	case p.run.failed:
		style = p.st.err
	case p.run.asking:
		style = p.st.warn
	}
	mark := " ▶ "
	switch {
	case p.run.refused:
		mark = " ✗ "
	case p.run.asking:
		mark = " ? "
	}
	lines = append(lines, p.wrapped(style.Render(mark), style.Render(p.run.head))...)
	for _, l := range p.run.lines {
		lines = append(lines, p.wrapped("   ", l)...)
	}
	return lines
}

// checkLines is the check of the text, its messages wrapped to the
// pane's width.
func (p callPane) checkLines() []string {
	switch {
	case p.schemas == nil && p.unloaded != "":
		return p.wrapped(p.st.err.Render(" ✗ "), p.unloaded)
	case p.schemas == nil:
		return []string{p.st.muted.Render(" waiting for the tools to load…")}
	case !p.checked:
		return []string{p.st.muted.Render(" type a call, or ctrl+s for a sample of the selected tool")}
	}
	var lines []string
	if p.readErr != "" {
		lines = append(lines, p.wrapped(p.st.err.Render(" ✗ "), p.readErr)...)
	}
	if len(p.results) == 1 {
		return append(lines, p.oneResult(p.results[0])...)
	}
	lines = append(lines, p.batchHead())
	for _, r := range p.results {
		lines = append(lines, p.batchResult(r)...)
	}
	return lines
}

// deepPending reports whether a deep check is asked for and has not
// answered yet: until it does, a call the flat check passes may still be
// invalid.
func (p callPane) deepPending() bool { return p.deep && p.deepFor != p.deepSeq }

// batchHead counts the calls of a batch, and those valid and invalid;
// while the deep check runs it claims none valid.
func (p callPane) batchHead() string {
	invalid := 0
	for _, r := range p.results {
		if len(r.errs) > 0 || len(r.deep) > 0 {
			invalid++
		}
	}
	head := " " + strconv.Itoa(len(p.results)) + " calls: "
	if p.deepPending() {
		return p.st.muted.Render(head + strconv.Itoa(invalid) + " invalid · … checking against the schema")
	}
	return p.st.muted.Render(head + strconv.Itoa(len(p.results)-invalid) + " valid, " + strconv.Itoa(invalid) + " invalid")
}

// oneResult is the check of the one call of the text. With deep
// validation on, a call only the flat check has passed is not called
// valid: the line says what has been checked and what it found.
func (p callPane) oneResult(r callResult) []string {
	var lines []string
	switch {
	case len(r.errs) > 0:
	case !p.deep:
		lines = append(lines, p.st.ok.Render(" ✓ valid"))
	case p.deepPending():
		lines = append(lines, p.st.ok.Render(" ✓ flat check: valid"))
	case len(r.deep) > 0:
		lines = append(lines, " "+p.flatButDeep(len(r.deep)))
	default:
		lines = append(lines, p.st.ok.Render(" ✓ valid"), p.st.ok.Render(" ✓ schema: valid"))
	}
	for _, e := range r.errs {
		lines = append(lines, p.wrapped(p.st.err.Render(" ✗ "), shown(e.String(), maxText))...)
	}
	if p.deepPending() {
		lines = append(lines, p.st.muted.Render(" … checking against the schema"))
	}
	for _, e := range r.deep {
		lines = append(lines, p.wrapped(p.st.err.Render(" ✗ "), p.schemaError(e))...)
	}
	return lines
}

// flatButDeep says that a call passed the flat check and has n errors
// against its schema.
func (p callPane) flatButDeep(n int) string {
	return p.st.ok.Render("✓ flat check: valid") + p.st.muted.Render(" · ") +
		p.st.err.Render("✗ schema: "+termtext.Plural(n, "error"))
}

// batchResult is the check of one call of a batch: a line numbered by
// where the call starts, and its deep errors under it.
func (p callPane) batchResult(r callResult) []string {
	lead := " line " + strconv.Itoa(r.line) + " "
	var lines []string
	switch {
	case len(r.errs) > 0:
		errs := make([]string, len(r.errs))
		for i, e := range r.errs {
			errs[i] = shown(e.String(), maxText)
		}
		lines = p.wrapped(p.st.muted.Render(lead)+p.st.err.Render("✗ "), strings.Join(errs, ", "))
	case len(r.deep) > 0:
		lines = []string{p.st.muted.Render(lead) + p.flatButDeep(len(r.deep))}
	case p.deepPending():
		lines = []string{p.st.muted.Render(lead) + p.st.ok.Render("✓ flat check: valid")}
	default:
		return []string{p.st.muted.Render(lead) + p.st.ok.Render("✓ valid")}
	}
	under := p.st.muted.Render(strings.Repeat(" ", len(lead))) + p.st.err.Render("✗ ")
	for _, e := range r.deep {
		lines = append(lines, p.wrapped(under, p.schemaError(e))...)
	}
	return lines
}

func (p callPane) schemaError(e call.SchemaError) string {
	path := e.Path
	if path == "" {
		path = "/"
	}
	return p.st.muted.Render("schema "+shown(path, maxText)+": ") + shown(e.Message, maxText)
}

// wrapped is lead and then text, wrapped at the pane's width with the
// lines after the first starting under text's start, so that a long
// message is read whole rather than cut at the border. text is already
// escaped for the screen and may be styled; it breaks only at spaces
// (see termtext.Wrap).
func (p callPane) wrapped(lead, text string) []string {
	w := p.innerWidth()
	if width(lead)+width(text) <= w {
		return []string{lead + text}
	}
	indent := width(lead)
	parts := termtext.Wrap(text, max(w-indent, minWrap), termtext.BreakLongWords)
	lines := make([]string, len(parts))
	pad := strings.Repeat(" ", indent)
	for i, l := range parts {
		if i == 0 {
			lines[i] = lead + l
		} else {
			lines[i] = pad + l
		}
	}
	return lines
}

// minWrap is the fewest cells a wrapped message takes a line: on a pane
// too narrow for that after its lead, the border cuts the line instead.
const minWrap = 8

// errs is the text of the first call's findings, nil when there is no
// call.
func (p callPane) errs() []string {
	if len(p.results) == 0 {
		return nil
	}
	return call.Strings(p.results[0].errs)
}

// deepErrs is the first call's deep errors.
func (p callPane) deepErrs() []call.SchemaError {
	if len(p.results) == 0 {
		return nil
	}
	return p.results[0].deep
}

// ask shows the server's question about the call sent, and takes the
// keys for its form.
func (p *callPane) ask(f *inputForm) {
	p.asked = f
	p.typing = true
	p.SetSize(p.w, p.h)
}

// leaveQuestion closes the server's question without an answer.
func (p *callPane) leaveQuestion() {
	p.asked = nil
	p.run.lines = append(p.run.lines, p.st.muted.Render("left unanswered: ctrl+r sends the call anew"))
	p.SetSize(p.w, p.h)
}
