package tui

import (
	"errors"
	"regexp"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"toolbench/core/call"
	"toolbench/core/jsondoc"
	"toolbench/core/schema"
	"toolbench/core/termtext"
	"toolbench/core/tooldef"
)

// callForm is the call as a form: a field per argument of the tool's
// schema, in schema order. It is a second view of the tester's JSON text,
// not a second call: every edit writes the arguments back into that text
// (in the call's own shape, the rest of the text as it was), and the
// tester checks the text as it always does.
type callForm struct {
	st   *styles
	keys *keyMap

	tool   *tooldef.Tool
	fields []formField
	focus  int
	top    int // the first field shown
	w, h   int

	// The call around its arguments: prefix + arguments + suffix is the
	// text. argsString is set when the arguments are a JSON string
	// (OpenAI's way); pretty when they are written over several lines,
	// indented by indent.
	prefix, suffix string
	argsString     bool
	pretty         bool
	indent         string
	extras         []string // arguments the schema does not name: `"key": value`, as written
	note           string   // what the form did to the text, if anything
}

// fieldKind is how a field takes its value.
type fieldKind int

const (
	fieldText    fieldKind = iota // a string, typed as it is
	fieldInteger                  // digits, and a sign
	fieldNumber                   // a JSON number
	fieldBool                     // true, false or unset, with space
	fieldChoice                   // an enum or const value, with left and right
	fieldJSON                     // anything else, as JSON text
)

// formField is one argument of the form.
type formField struct {
	name     string // as the schema writes it
	label    string // escaped for the screen
	required bool
	kind     fieldKind
	own      fieldKind // the kind its schema asks for, which kind leaves for JSON on a value of another
	input    textField // text, numbers and JSON
	options  []string  // a choice's values, as JSON
	choice   int       // the chosen option, -1 for none
	boolean  int       // 0 unset, 1 true, 2 false
	hint     string    // shown while the field is empty: a default, an example, a type
	desc     string
	mismatch string // why a typed field takes JSON text: its value is not of its type
	// sample is set while the field holds a value of a sample call, which
	// nobody typed: text typed into it replaces the value rather than
	// joining it, and any other key makes it the field's own.
	sample bool
}

// newCallForm makes the form of tool t for the call in text. When text
// is not a call of t, the form starts empty on a new call of t, and the
// first edit replaces the text (note says so).
func newCallForm(st *styles, keys *keyMap, t *tooldef.Tool, text string) callForm {
	f := callForm{st: st, keys: keys, tool: t}
	f.fields = formFields(keys, t.Params, t.OpenAPIParams())
	args := f.locate(text)
	sample := text == call.SampleCall(t)
	for i := range f.fields {
		f.fields[i].fill(args)
		f.fields[i].sample = sample && f.fields[i].input.Value() != ""
	}
	for _, m := range args.Kids() {
		if !f.has(m.Key) {
			f.extras = append(f.extras, string(jsondoc.AppendCompact(append(jsondoc.AppendQuote(nil, m.Key), ": "...), m.Value, true, 0)))
		}
	}
	return f
}

// locate finds the arguments of the call in text and keeps what is
// around them, returning them (nil for none).
func (f *callForm) locate(text string) *jsondoc.Node {
	n, err := jsondoc.ParseValue("call", text)
	var holder *jsondoc.Node
	var key string
	ok := err == nil
	if ok {
		holder, key, ok = call.ArgsAt(n)
	}
	if !ok || holder.Get("name").Text() != f.tool.Name {
		if strings.TrimSpace(text) != "" {
			f.note = "the call in the JSON text is not one of " + shown(f.tool.Name, maxName) + ": editing the form replaces it"
		}
		f.prefix = `{"name": ` + string(jsondoc.AppendQuote(nil, f.tool.Name)) + `, "arguments": `
		f.suffix = "}"
		return nil
	}
	m, has := holder.Member(key)
	if !has {
		// No arguments yet: they go after the last member of the holder.
		last := holder.Kids()[holder.Len()-1].Value
		f.prefix = text[:last.End] + ", " + string(jsondoc.AppendQuote(nil, key)) + ": "
		f.suffix = text[last.End:]
		return nil
	}
	v := m.Value
	f.prefix, f.suffix = text[:v.Start], text[v.End:]
	f.pretty = strings.Contains(text[v.Start:v.End], "\n")
	f.indent = lineIndent(text, int(v.Start))
	if v.Is(jsondoc.String) {
		f.argsString = true
		inner, err := jsondoc.ParseValue("arguments", v.Str())
		if err != nil || !inner.Is(jsondoc.Object) {
			f.note = "the arguments string is not a JSON object: editing the form replaces it"
			return nil
		}
		return inner
	}
	if !v.Is(jsondoc.Object) {
		f.note = "the arguments are not an object: editing the form replaces them"
		return nil
	}
	return v
}

// lineIndent is the white space that starts the line holding offset off.
func lineIndent(text string, off int) string {
	start := strings.LastIndexByte(text[:off], '\n') + 1
	end := start
	for end < off && (text[end] == ' ' || text[end] == '\t') {
		end++
	}
	return text[start:end]
}

func (f callForm) has(name string) bool {
	for _, fl := range f.fields {
		if fl.name == name {
			return true
		}
	}
	return false
}

// formFields is a field for each property of the object schema params
// (a tool's parameters, or any object schema a form asks for), in
// schema order, then one for each required name without a property: the
// properties of its schema.Object, through "$ref"s and branches. With
// openAPI, params is Gemini's OpenAPI subset.
func formFields(keys *keyMap, params *jsondoc.Node, openAPI bool) []formField {
	o := schema.Params(params, openAPI)
	fields := make([]formField, 0, len(o.Props))
	for _, p := range o.Props {
		fields = append(fields, newFormField(keys, p))
	}
	return fields
}

func newFormField(keys *keyMap, p schema.Property) formField {
	f := formField{name: p.Name, label: shown(p.Name, maxName), required: p.Required, choice: -1}
	f.kind = kindOf(p)
	f.own = f.kind
	f.desc = shown(p.Description(), maxText)
	escape := jsonRuneEscape
	if f.kind == fieldText {
		escape = nil // a string's value is kept as typed, and shown escaped
	}
	f.input = newTextField(&keys.edit, false, escape)
	if f.kind == fieldChoice {
		for _, c := range p.Choices() {
			f.options = append(f.options, string(jsondoc.AppendCompact(nil, c, true, maxText)))
		}
	}
	f.hint = fieldHint(f.kind, p.Schema)
	return f
}

// kindOf is the field kind property p asks for.
func kindOf(p schema.Property) fieldKind {
	if len(p.Choices()) > 0 {
		return fieldChoice
	}
	types, _ := p.Types()
	var one []string
	for _, t := range types {
		if t != "null" {
			one = append(one, t)
		}
	}
	if len(one) != 1 {
		return fieldJSON
	}
	switch one[0] {
	case "string":
		return fieldText
	case "integer":
		return fieldInteger
	case "number":
		return fieldNumber
	case "boolean":
		return fieldBool
	}
	return fieldJSON
}

// fieldHint is what an empty field shows: its default, an example, or
// what it takes.
func fieldHint(k fieldKind, s *jsondoc.Node) string {
	value := func(v *jsondoc.Node) string {
		if k == fieldText && v.Is(jsondoc.String) {
			return shown(v.Str(), maxText)
		}
		return shown(string(jsondoc.AppendCompact(nil, v, true, maxText)), maxText)
	}
	if d, ok := s.Member("default"); ok {
		return "default " + value(d.Value)
	}
	if ex := s.Get("examples"); ex.Is(jsondoc.Array) && ex.Len() > 0 {
		return "e.g. " + value(ex.Elem(0))
	}
	switch k {
	case fieldText:
		return "text"
	case fieldInteger:
		return "an integer"
	case fieldNumber:
		return "a number"
	case fieldBool:
		return "space: true, false or unset"
	case fieldChoice:
		return "←/→ to choose"
	}
	if t := schemaType(s); t != "any" {
		return t + " as JSON"
	}
	return "any JSON value"
}

// fill sets the field from the call's arguments. A value not of the
// field's kind is kept, as JSON text.
func (f *formField) fill(args *jsondoc.Node) {
	v := args.Get(f.name)
	if v == nil {
		return
	}
	compact := string(jsondoc.AppendCompact(nil, v, true, 0))
	switch {
	case f.kind == fieldText && v.Is(jsondoc.String):
		f.input.SetValue(v.Str())
	case (f.kind == fieldInteger && v.IsInt()) || (f.kind == fieldNumber && v.Is(jsondoc.Number)):
		f.input.SetValue(v.Str())
	case f.kind == fieldBool && v.Is(jsondoc.Bool):
		f.boolean = 2
		if v.IsTrue() {
			f.boolean = 1
		}
	case f.kind == fieldChoice && f.optionOf(compact) >= 0:
		f.choice = f.optionOf(compact)
	case f.kind == fieldJSON:
		f.input.SetValue(compact)
	default:
		f.mismatch = "not " + kindPhrase(f.kind) + ": edited as JSON"
		f.become(fieldJSON)
		f.input.SetValue(compact)
	}
}

func (f formField) optionOf(compact string) int {
	for i, o := range f.options {
		if o == compact {
			return i
		}
	}
	return -1
}

func kindPhrase(k fieldKind) string {
	switch k {
	case fieldText:
		return "a string"
	case fieldInteger:
		return "an integer"
	case fieldNumber:
		return "a number"
	case fieldBool:
		return "a boolean"
	case fieldChoice:
		return "one of the choices"
	}
	return "JSON"
}

// The prefixes of what number fields accept: anything else is refused
// as it is typed.
var (
	integerPrefix = regexp.MustCompile(`^-?[0-9]*$`)
	numberPrefix  = regexp.MustCompile(`^-?[0-9]*(\.[0-9]*)?([eE][-+]?[0-9]*)?$`)
)

// value is the field's argument as JSON, and whether it has one. problem
// says why a field that holds text gives none: an unfinished number, JSON
// with a syntax error.
func (f formField) value() (v string, ok bool, problem string) {
	text := f.input.Value()
	switch f.kind {
	case fieldText:
		return string(jsondoc.AppendQuote(nil, text)), text != "", ""
	case fieldBool:
		switch f.boolean {
		case 1:
			return "true", true, ""
		case 2:
			return "false", true, ""
		}
		return "", false, ""
	case fieldChoice:
		if f.choice < 0 {
			return "", false, ""
		}
		return f.options[f.choice], true, ""
	}
	if strings.TrimSpace(text) == "" {
		return "", false, ""
	}
	n, err := jsondoc.ParseValue("value", text)
	switch {
	case err != nil && f.kind != fieldJSON:
		return "", false, "left out of the call: not " + kindPhrase(f.kind) + " yet"
	case err != nil:
		return "", false, "left out of the call: " + syntaxText(err)
	case f.kind == fieldInteger && !n.IsInt(), f.kind == fieldNumber && !n.Is(jsondoc.Number):
		return "", false, "left out of the call: not " + kindPhrase(f.kind)
	}
	return strings.TrimSpace(text), true, ""
}

// syntaxText is a parse error as "LINE:COL: what was wrong".
func syntaxText(err error) string {
	var se *jsondoc.SyntaxError
	if errors.As(err, &se) && se.Line > 0 {
		return strconv.Itoa(se.Line) + ":" + strconv.Itoa(se.Column) + ": " + se.Msg
	}
	return err.Error()
}

// text is the call the form says: the arguments written back into the
// call around them.
func (f callForm) text() string {
	var members []string
	for _, fl := range f.fields {
		if v, ok, _ := fl.value(); ok {
			members = append(members, string(jsondoc.AppendQuote(nil, fl.name))+": "+v)
		}
	}
	members = append(members, f.extras...)
	var args string
	switch {
	case len(members) == 0:
		args = "{}"
	case f.pretty && !f.argsString:
		inner := f.indent + "  "
		args = "{\n" + inner + strings.Join(members, ",\n"+inner) + "\n" + f.indent + "}"
	default:
		args = "{" + strings.Join(members, ", ") + "}"
	}
	if f.argsString {
		args = string(jsondoc.AppendQuote(nil, args))
	}
	return f.prefix + args + f.suffix
}

// focused is the name of the field being edited, "" for none.
func (f callForm) focused() string {
	if f.focus < len(f.fields) {
		return f.fields[f.focus].name
	}
	return ""
}

// setSize sets the lines and cells the form is shown in.
func (f *callForm) setSize(w, h int) {
	f.w, f.h = w, h
	for i := range f.fields {
		f.fields[i].input.SetSize(f.inputWidth(), 1)
	}
	f.keepFocusVisible()
}

// labelWidth is the width of the names' column.
func (f callForm) labelWidth() int {
	n := 4
	for _, fl := range f.fields {
		n = max(n, width(fl.label)+2)
	}
	return min(n, max(f.w/3, 6))
}

func (f callForm) inputWidth() int { return max(f.w-f.labelWidth()-4, 1) }

// nextField and prevField move to the next or the previous field; they
// report that the call did not change.
func (f *callForm) nextField() bool {
	f.focus = min(f.focus+1, max(len(f.fields)-1, 0))
	f.keepFocusVisible()
	return false
}

func (f *callForm) prevField() bool {
	f.focus = max(f.focus-1, 0)
	f.keepFocusVisible()
	return false
}

// toggle moves a boolean field on: true, false, unset. It reports
// whether the call changed.
func (f *callForm) toggle() bool {
	fl := f.focusedField(fieldBool)
	if fl == nil {
		return false
	}
	fl.boolean = (fl.boolean + 1) % 3
	f.note = ""
	return true
}

// choose moves an enum or const field to its next (step 1) or previous
// (step -1) choice, through none. It reports whether the call changed.
func (f *callForm) choose(step int) bool {
	fl := f.focusedField(fieldChoice)
	if fl == nil {
		return false
	}
	n := len(fl.options) + 1 // the options and none
	fl.choice = (fl.choice+1+step+n)%n - 1
	f.note = ""
	return true
}

// focusedField is the field with the focus when it is of kind k.
func (f *callForm) focusedField(k fieldKind) *formField {
	if f.focus >= len(f.fields) || f.fields[f.focus].kind != k {
		return nil
	}
	return &f.fields[f.focus]
}

// typingInto is what keys typed into the form go to: the focused field.
func (f callForm) typingInto() input {
	if len(f.fields) == 0 {
		return inputNoField
	}
	switch f.fields[f.focus].kind {
	case fieldBool:
		return inputBool
	case fieldChoice:
		return inputChoice
	}
	return inputField
}

// Update types a key or a paste into the focused field, and reports
// whether the call changed. The keys that move between fields, toggle
// and choose are the key table's (nextField, toggle, choose).
func (f callForm) Update(msg tea.Msg) (callForm, bool) {
	if len(f.fields) == 0 {
		return f, false
	}
	fl := &f.fields[f.focus]
	changed := fl.edit(msg)
	if changed {
		f.note = ""
	}
	return f, changed
}

// edit types msg into the field, when it is one typed into. Text typed
// or pasted into a field that holds a sample's value replaces the value.
func (fl *formField) edit(msg tea.Msg) bool {
	if fl.kind == fieldBool || fl.kind == fieldChoice {
		return false
	}
	input := fl.input
	if fl.sample {
		fl.sample = false
		if typesText(msg) {
			input.SetValue("")
		}
	}
	next, changed := input.Update(msg)
	if !changed {
		fl.input = next
		return false
	}
	if fl.kind == fieldInteger && !integerPrefix.MatchString(next.Value()) ||
		fl.kind == fieldNumber && !numberPrefix.MatchString(next.Value()) {
		return false // refused: the field keeps its text
	}
	fl.input = next
	fl.mismatch = ""
	if fl.kind != fl.own && next.Value() == "" {
		// The value that was not of its kind is gone: the field is its
		// own kind again (a choice is chosen with left and right).
		fl.become(fl.own)
	}
	return true
}

// typesText reports whether msg puts text into a field: a printable key
// or a paste.
func typesText(msg tea.Msg) bool {
	switch msg := msg.(type) {
	case tea.PasteMsg:
		return true
	case tea.KeyPressMsg:
		return typed(msg)
	}
	return false
}

// become makes the field one of kind k, holding no text.
func (fl *formField) become(k fieldKind) {
	escape := jsonRuneEscape
	if k == fieldText {
		escape = nil // a string's value is kept as typed, and shown escaped
	}
	fl.kind = k
	fl.input = newTextField(fl.input.keys, false, escape)
}

// headLines is the lines above the fields: the heading, a note, the
// arguments the schema does not name.
func (f callForm) headLines() int {
	n := 1
	if f.note != "" {
		n++
	}
	if len(f.extras) > 0 {
		n++
	}
	return n
}

// keepFocusVisible scrolls the fields so the focused one and its notes
// are on screen.
func (f *callForm) keepFocusVisible() {
	f.top = min(f.top, f.focus)
	for f.top < f.focus && f.linesFrom(f.top) > f.h-f.headLines() {
		f.top++
	}
}

// linesFrom is the lines the fields from i to the focused one take.
func (f callForm) linesFrom(i int) int {
	n := 0
	for j := i; j <= f.focus && j < len(f.fields); j++ {
		n++
		if j == f.focus {
			n += len(f.extraLines(j))
		}
	}
	return n
}

// view is the form in at most h lines: a heading, then the fields from
// top, the focused one with its description and notes under it.
func (f callForm) view() []string {
	lines := []string{f.st.muted.Render(clip(" form of "+shown(f.tool.Name, maxName)+" · * required · ctrl+f: the JSON text", f.w))}
	if f.note != "" {
		lines = append(lines, f.st.warn.Render(clip(" "+f.note, f.w)))
	}
	if len(f.extras) > 0 {
		lines = append(lines, f.st.muted.Render(clip(" also in the call: "+shown(strings.Join(f.extras, ", "), maxText), f.w)))
	}
	if len(f.fields) == 0 {
		lines = append(lines, f.st.muted.Render(" the tool takes no arguments"))
	}
	lw := f.labelWidth()
	for i := f.top; i < len(f.fields) && len(lines) < f.h; i++ {
		lines = append(lines, f.fieldLine(i, lw))
		if i == f.focus {
			lines = append(lines, f.extraLines(i)...)
		}
	}
	return lines[:min(len(lines), max(f.h, 1))]
}

// fieldLine is field i on one line: marker, name, value.
func (f callForm) fieldLine(i, lw int) string {
	fl := f.fields[i]
	name := fl.label
	if fl.required {
		name += "*"
	}
	lead := "   "
	if i == f.focus {
		lead = f.st.marker.Render(" › ")
	}
	return clip(lead+f.st.name.Render(fit(name, lw))+" "+f.valueText(fl), f.w)
}

// valueText is how field fl's value shows: its value, or its hint while
// it has none.
func (f callForm) valueText(fl formField) string {
	switch fl.kind {
	case fieldBool:
		switch fl.boolean {
		case 1:
			return "true"
		case 2:
			return "false"
		}
	case fieldChoice:
		if fl.choice >= 0 {
			return "‹ " + shown(fl.options[fl.choice], maxText) + " ›"
		}
	default:
		if fl.input.Value() != "" {
			text, _, _ := fl.input.view()
			if fl.sample {
				return f.st.muted.Render(text[0]) // a sample's: typing replaces it
			}
			return text[0]
		}
	}
	return f.st.muted.Render(fl.hint)
}

// extraLines is what shows under the focused field i: a problem with its
// value, then its description.
func (f callForm) extraLines(i int) []string {
	fl := f.fields[i]
	pad := strings.Repeat(" ", f.labelWidth()+4)
	var lines []string
	if _, _, problem := fl.value(); problem != "" {
		lines = append(lines, pad+f.st.err.Render(clip(problem, max(f.w-len(pad), 1))))
	} else if fl.mismatch != "" {
		lines = append(lines, pad+f.st.warn.Render(clip(fl.mismatch, max(f.w-len(pad), 1))))
	}
	if fl.desc != "" {
		wrapped := termtext.Wrap(fl.desc, max(f.w-len(pad), 10), termtext.KeepLongWords)
		for _, l := range wrapped[:min(len(wrapped), 2)] {
			lines = append(lines, pad+f.st.muted.Render(clip(l, max(f.w-len(pad), 1))))
		}
	}
	return lines
}

// cursor is where the focused field's text cursor is, in form lines and
// cells, when the field takes text.
func (f callForm) cursor() (x, y int, ok bool) {
	if len(f.fields) == 0 || f.focus < f.top {
		return 0, 0, false
	}
	fl := f.fields[f.focus]
	if fl.kind == fieldBool || fl.kind == fieldChoice {
		return 0, 0, false
	}
	y = f.headLines() + f.focus - f.top
	if y >= f.h {
		return 0, 0, false
	}
	_, cx, _ := fl.input.view()
	return 3 + f.labelWidth() + 1 + cx, y, true
}
