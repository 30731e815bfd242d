package call

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"toolbench/core/jsondoc"
	"toolbench/core/schema"
	"toolbench/core/tooldef"
)

// The call check: is a model-proposed tool call well formed for the tool
// it names? Schemas here are flat: per tool, the required and optional
// argument names with one of six type names, checked at the top level
// only. They are read from a flat schema file or derived from the JSON
// Schema of each tool in a tools document.

// FieldType is the type of one argument in a flat schema.
type FieldType string

// The six type names of a flat schema. The empty FieldType accepts any
// value: it stands for a JSON Schema type the six names cannot express.
const (
	TypeStr   FieldType = "str"
	TypeInt   FieldType = "int"
	TypeFloat FieldType = "float"
	TypeBool  FieldType = "bool"
	TypeList  FieldType = "list"
	TypeDict  FieldType = "dict"
	TypeAny   FieldType = ""
)

// fieldTypeNames lists the type names a flat schema file may use.
var fieldTypeNames = []FieldType{TypeStr, TypeInt, TypeFloat, TypeBool, TypeList, TypeDict}

// Accepts reports whether v satisfies the type: int is a number written
// without a fraction or exponent, float any number, and null satisfies no
// type but the empty one. Nothing is coerced.
func (t FieldType) Accepts(v *jsondoc.Node) bool {
	switch t {
	case TypeAny:
		return true
	case TypeStr:
		return v.Is(jsondoc.String)
	case TypeInt:
		return v.IsInt()
	case TypeFloat:
		return v.Is(jsondoc.Number)
	case TypeBool:
		return v.Is(jsondoc.Bool)
	case TypeList:
		return v.Is(jsondoc.Array)
	case TypeDict:
		return v.Is(jsondoc.Object)
	}
	return false
}

// Field is one argument of a flat schema.
type Field struct {
	Name string
	Type FieldType
}

// FlatSchema is the call check's view of one tool: its required and
// optional arguments, each in schema order. No name appears twice in the
// two lists together.
type FlatSchema struct {
	Required, Optional []Field
	// Open marks a provider's own tool (tooldef.Tool.Builtin): the
	// provider knows its arguments, so none is missing, extra or of the
	// wrong type here.
	Open bool
	// custom is the input format of an OpenAI custom tool, nil for a
	// function.
	custom *customSchema
}

// field finds name among the schema's fields.
func (f *FlatSchema) field(name string) (Field, bool) {
	for _, fl := range f.Required {
		if fl.Name == name {
			return fl, true
		}
	}
	for _, fl := range f.Optional {
		if fl.Name == name {
			return fl, true
		}
	}
	return Field{}, false
}

// Schemas is the set of tools calls are checked against.
type Schemas struct {
	Names  []string // tool names in document order
	ByName map[string]*FlatSchema
	// Tools holds the definition behind each name when the schemas were
	// derived from a tools document, and is nil for a flat schema file.
	// Deep validation uses each tool's Params.
	Tools map[string]*tooldef.Tool
	// Underived lists the fields of those tools whose type names no flat
	// type, in document order: they accept any value.
	Underived []Underived
	// Shadowed lists the names defined again with other parameters, the
	// later definitions (a dataset's records each have their own tools):
	// calls of such a name are checked against its first definition.
	Shadowed []Shadowed

	deep *deepCache        // compiled JSON Schemas for DeepValidate
	doc  *jsondoc.Document // the tools document, nil for a flat schema file
	// bare maps the name of a function declared in a namespace to its
	// key, for calls that name it without the namespace: "" when two
	// namespaces declare it.
	bare map[string]string
}

// Underived is a field whose "type" names no type the call check can
// derive a flat type from ("HashMap"): where it is, and the name.
type Underived struct {
	Tool, Field, Type string
	Line, Column      int // of the "type" value
}

// Shadowed is a later definition of a tool name, with other parameters
// than the first: where each is.
type Shadowed struct {
	Tool                   string
	Line, Column           int // of the later definition's name
	FirstLine, FirstColumn int // of the first's
}

// SchemasFromTools derives a flat schema for every named tool of ts. A
// name defined twice keeps its first definition, the one a reader sees
// first; the linter reports the duplicate.
func SchemasFromTools(ts *tooldef.ToolSet) *Schemas {
	s := &Schemas{ByName: make(map[string]*FlatSchema, len(ts.Tools)), Tools: make(map[string]*tooldef.Tool, len(ts.Tools)), deep: newDeepCache(), doc: ts.Doc}
	for i := range ts.Tools {
		t := &ts.Tools[i]
		if !t.NameNode.Is(jsondoc.String) {
			continue
		}
		key := t.Key()
		if first, dup := s.Tools[key]; dup {
			if !jsondoc.Equal(orNull(first.Params), orNull(t.Params)) {
				line, col := ts.Doc.Position(int(t.NameNode.Start))
				fl, fc := ts.Doc.Position(int(first.NameNode.Start))
				s.Shadowed = append(s.Shadowed, Shadowed{Tool: t.Name, Line: line, Column: col, FirstLine: fl, FirstColumn: fc})
			}
			continue
		}
		s.Names = append(s.Names, key)
		s.index(t)
		switch {
		case t.Builtin:
			s.ByName[key], s.Tools[key] = &FlatSchema{Open: true}, t
			continue
		case t.Kind == tooldef.KindCustom:
			s.ByName[key], s.Tools[key] = &FlatSchema{custom: customSchemaOf(t)}, t
			continue
		}
		s.ByName[key] = flatFromSchema(t.Params, t.OpenAPIParams(), func(field, typ string, at *jsondoc.Node) {
			line, col := ts.Doc.Position(int(at.Start))
			s.Underived = append(s.Underived, Underived{Tool: t.Name, Field: field, Type: typ, Line: line, Column: col})
		})
		s.Tools[key] = t
	}
	return s
}

// FlatFromJSONSchema derives a flat schema from an object schema: the
// names of its "required" array in that order, then its other
// "properties" in theirs. A required name without a property is still
// required, and accepts any value.
func FlatFromJSONSchema(params *jsondoc.Node) *FlatSchema { return flatFromSchema(params, false, nil) }

// flatFromSchema is FlatFromJSONSchema, reading OpenAPI's upper-case type
// names too when openAPI is set. It calls underived, unless nil, for each
// field whose type names no flat type, with the name and its "type".
//
// The fields are those of the parameters' schema.Object: local
// references are followed, at the root and for each property, and the
// properties of allOf, anyOf and oneOf branches count: an allOf branch's
// required names are required, the others' properties optional, of the
// type every branch that defines one gives it (else any type).
func flatFromSchema(params *jsondoc.Node, openAPI bool, underived func(field, typ string, at *jsondoc.Node)) *FlatSchema {
	o := schema.Params(params, openAPI)
	fs := &FlatSchema{}
	field := func(p schema.Property) Field {
		prop := flatProperty(o, p, openAPI)
		ft, bad := flatType(prop, openAPI)
		if bad != "" && underived != nil {
			underived(p.Name, bad, prop.Get("type"))
		}
		return Field{Name: p.Name, Type: ft}
	}
	if len(o.Required) > 0 {
		fs.Required = make([]Field, 0, len(o.Required))
	}
	for _, name := range o.Required {
		p, _ := o.Property(name)
		fs.Required = append(fs.Required, field(p))
	}
	for _, p := range o.Props {
		if !p.Required {
			fs.Optional = append(fs.Optional, field(p))
		}
	}
	return fs
}

// flatProperty is the schema a property's flat type is read from: the
// last of its schemas in o when they agree on the flat type, else
// anyType. A required name without a schema has none (nil).
func flatProperty(o schema.Object, p schema.Property, openAPI bool) *jsondoc.Node {
	prop := p.Schema
	for _, again := range o.Again {
		if again.Name != p.Name {
			continue
		}
		if !sameFlatType(prop, again.Schema, openAPI) {
			return anyType
		}
		prop = again.Schema
	}
	return prop
}

// orNull is n, or a null for a schema that is not there.
func orNull(n *jsondoc.Node) *jsondoc.Node {
	if n == nil {
		return &jsondoc.Node{Kind: jsondoc.Null}
	}
	return n
}

// anyType stands for a property the branches give different types: it
// accepts any value.
var anyType = &jsondoc.Node{Kind: jsondoc.Object}

// sameFlatType reports whether two schemas of one property give it the
// same flat type.
func sameFlatType(a, b *jsondoc.Node, openAPI bool) bool {
	ta, _ := flatType(a, openAPI)
	tb, _ := flatType(b, openAPI)
	return ta == tb
}

func hasFlatField(fields []Field, name string) bool {
	return slices.ContainsFunc(fields, func(f Field) bool { return f.Name == name })
}

// flatType maps a property's "type" to a flat type name. Names that are
// not JSON Schema's map when their meaning is certain (see
// schema.CertainType: "float" is a number, "dict" an object, "any" any
// value). A list of types maps when it names one type, or exactly
// integer and number (which float accepts); anything else accepts any
// value. With openAPI, upper-case names map too and a nullable property
// accepts any value, as a type or null does. underived is the first
// name whose meaning would be a guess ("HashMap"), "" when there is none.
func flatType(prop *jsondoc.Node, openAPI bool) (ft FieldType, underived string) {
	types, ok := schema.Types(prop, openAPI)
	if !ok {
		return TypeAny, ""
	}
	var meant []string
	for _, name := range types {
		t, ok := schema.CertainType(name)
		switch {
		case !ok:
			return TypeAny, name
		case t == "":
			return TypeAny, "" // any
		case !slices.Contains(meant, t):
			meant = append(meant, t)
		}
	}
	switch {
	case len(meant) == 1:
		return jsonSchemaType(meant[0]), ""
	case len(meant) == 2 && slices.Contains(meant, "integer") && slices.Contains(meant, "number"):
		return TypeFloat, ""
	}
	return TypeAny, ""
}

func jsonSchemaType(s string) FieldType {
	switch s {
	case "string":
		return TypeStr
	case "integer":
		return TypeInt
	case "number":
		return TypeFloat
	case "boolean":
		return TypeBool
	case "array":
		return TypeList
	case "object":
		return TypeDict
	}
	return TypeAny
}

// ParseFlatSchemas reads a flat schema file: an object of tool name ->
// {"required": {field: type}, "optional": {field: type}}, either map
// optional, types among str, int, float, bool, list and dict. An error is
// a *SyntaxError at the value that is wrong.
func ParseFlatSchemas(doc *jsondoc.Document) (*Schemas, error) {
	root := doc.Root
	if !root.Is(jsondoc.Object) {
		return nil, doc.ErrorAt(int(root.Start), "a flat schema file is an object of tool name -> {\"required\": {...}, \"optional\": {...}}, not "+root.Kind.Phrase())
	}
	s := &Schemas{ByName: make(map[string]*FlatSchema, len(root.Kids()))}
	for _, m := range root.Kids() {
		fs, err := parseFlatSchema(doc, m)
		if err != nil {
			return nil, err
		}
		s.Names = append(s.Names, m.Key)
		s.ByName[m.Key] = fs
	}
	return s, nil
}

func parseFlatSchema(doc *jsondoc.Document, tool jsondoc.Member) (*FlatSchema, error) {
	v := tool.Value
	where := "tool " + strconv.Quote(tool.Key)
	if !v.Is(jsondoc.Object) {
		return nil, doc.ErrorAt(int(v.Start), where+": expected an object with \"required\" and \"optional\" maps, got "+v.Kind.Phrase())
	}
	fs := &FlatSchema{}
	for _, m := range v.Kids() {
		var dst *[]Field
		switch m.Key {
		case "required":
			dst = &fs.Required
		case "optional":
			dst = &fs.Optional
		default:
			return nil, doc.ErrorAt(doc.KeyOffset(m), fmt.Sprintf("%s: unknown member %q: a flat schema has only \"required\" and \"optional\"", where, m.Key))
		}
		if !m.Value.Is(jsondoc.Object) {
			return nil, doc.ErrorAt(int(m.Value.Start), fmt.Sprintf("%s: %q must be an object of field name -> type, got %s", where, m.Key, m.Value.Kind.Phrase()))
		}
		for _, f := range m.Value.Kids() {
			t, ok := parseFieldType(f.Value)
			if !ok {
				return nil, doc.ErrorAt(int(f.Value.Start), fmt.Sprintf("%s: field %q: the type must be one of %s", where, f.Key, typeNameList()))
			}
			if hasFlatField(fs.Required, f.Key) || hasFlatField(fs.Optional, f.Key) {
				return nil, doc.ErrorAt(doc.KeyOffset(f), fmt.Sprintf("%s: field %q is both required and optional", where, f.Key))
			}
			*dst = append(*dst, Field{Name: f.Key, Type: t})
		}
	}
	return fs, nil
}

func parseFieldType(v *jsondoc.Node) (FieldType, bool) {
	if !v.Is(jsondoc.String) {
		return "", false
	}
	for _, t := range fieldTypeNames {
		if string(t) == v.Str() {
			return t, true
		}
	}
	return "", false
}

func typeNameList() string {
	names := make([]string, len(fieldTypeNames))
	for i, t := range fieldTypeNames {
		names[i] = string(t)
	}
	return strings.Join(names, ", ")
}

// IsFlatSchemaFile reports whether doc looks like a flat schema file: an
// object whose every value is an object with no members other than
// "required" and "optional". {} is an empty flat schema file.
func IsFlatSchemaFile(doc *jsondoc.Document) bool {
	root := doc.Root
	if !root.Is(jsondoc.Object) {
		return false
	}
	for _, m := range root.Kids() {
		if !m.Value.Is(jsondoc.Object) {
			return false
		}
		for _, k := range m.Value.Kids() {
			if k.Key != "required" && k.Key != "optional" {
				return false
			}
		}
	}
	return true
}

// LoadSchemas reads schemas from doc. format is "flat", "tools", or "" to
// tell the two apart with IsFlatSchemaFile. A tools document that is not
// one fails with a *SyntaxError at its root.
func LoadSchemas(doc *jsondoc.Document, format string) (*Schemas, error) {
	switch format {
	case "":
		if IsFlatSchemaFile(doc) {
			return ParseFlatSchemas(doc)
		}
	case "flat":
		return ParseFlatSchemas(doc)
	case "tools":
	default:
		return nil, fmt.Errorf("unknown schema format %q: use flat or tools", format)
	}
	ts := tooldef.Tools(doc)
	if len(ts.Problems) > 0 {
		at := doc.Root
		if doc.JSONLines {
			at = ts.Problems[0].Node
		}
		return nil, doc.ErrorAt(int(at.Start), ts.Problems[0].Msg)
	}
	return SchemasFromTools(ts), nil
}

// ValidateCall is validate_call: it checks c against s and returns the
// text of its findings (Finding.String), nil when it is valid. A
// malformed call has the one error "malformed:<reason>"; a call to a
// tool s does not name has the one error "unknown_tool:<name>".
// Otherwise the errors are, in this order: "missing:<field>" for each
// absent required field in schema order, "extra:<field>" for each
// argument the schema does not name, sorted, and
// "type:<field>:<type>" for each present field of the wrong type,
// required fields first, each list in schema order.
func ValidateCall(c Call, s *Schemas) []string {
	var buf [4]Finding
	return Strings(appendFindings(buf[:0], c, s))
}

// Check checks c against s and returns its findings, in ValidateCall's
// order, nil when it is valid.
func Check(c Call, s *Schemas) []Finding { return appendFindings(nil, c, s) }

// appendFindings appends Check's findings of c to found: a checker of
// many calls reuses one slice for them all.
func appendFindings(found []Finding, c Call, s *Schemas) []Finding {
	if c.Malformed != "" {
		return append(found, Finding{Code: CodeMalformed, Reason: c.Malformed, Line: c.MalformedLine, Column: c.MalformedColumn})
	}
	fs := s.lookupCall(c)
	if fs == nil {
		return append(found, Finding{Code: CodeUnknownTool, Tool: c.Name})
	}
	if c.Custom || fs.custom != nil {
		return appendCustom(found, c, fs)
	}
	if fs.Open || conforms(fs, c.Args) {
		return found
	}
	for _, f := range fs.Required {
		if argValue(c.Args, f.Name) == nil {
			found = append(found, Finding{Code: CodeMissing, Field: f.Name})
		}
	}
	mark := len(found)
	for _, m := range c.Args.Kids() {
		if _, ok := fs.field(m.Key); !ok {
			found = append(found, Finding{Code: CodeExtra, Field: m.Key})
		}
	}
	slices.SortFunc(found[mark:], func(a, b Finding) int { return strings.Compare(a.Field, b.Field) })
	found = appendTypeFindings(found, fs.Required, c.Args)
	found = appendTypeFindings(found, fs.Optional, c.Args)
	return found
}

// conforms reports whether args has every required field, no other than
// the schema's, and each of the right type: the common case, decided in
// one lookup per field without building anything. Argument names are
// unique (Parse keeps one member per key) and so are the schema's, so
// counting the fields found tells whether any argument is extra.
func conforms(fs *FlatSchema, args *jsondoc.Node) bool {
	found := 0
	for _, f := range fs.Required {
		v := argValue(args, f.Name)
		if v == nil || !f.Type.Accepts(v) {
			return false
		}
		found++
	}
	for _, f := range fs.Optional {
		if v := argValue(args, f.Name); v != nil {
			if !f.Type.Accepts(v) {
				return false
			}
			found++
		}
	}
	return found == args.Len()
}

// argValue is the value of the argument named name, or nil.
func argValue(args *jsondoc.Node, name string) *jsondoc.Node {
	if args == nil {
		return nil
	}
	for _, m := range args.Kids() {
		if m.Key == name {
			return m.Value
		}
	}
	return nil
}

// appendTypeFindings appends a type finding for each of fields present
// in args with a value its type does not accept.
func appendTypeFindings(found []Finding, fields []Field, args *jsondoc.Node) []Finding {
	for _, f := range fields {
		if v := argValue(args, f.Name); v != nil && !f.Type.Accepts(v) {
			found = append(found, Finding{Code: CodeType, Field: f.Name, Type: f.Type})
		}
	}
	return found
}

// CallOptions says how CheckCalls checks.
type CallOptions struct {
	Deep bool // also validate the arguments against the tool's JSON Schema
}

// CallSummary counts what CheckCalls read.
type CallSummary struct {
	Calls   int
	Invalid int // calls with any error, flat or deep
}

// Result is the check of one call: where it is and what is wrong with it.
type Result struct {
	Line     int           // the line of the input the call starts on
	Tool     string        // the name the call gives; "" for a malformed call
	Findings []Finding     // Check's, notes among them (see Valid)
	Schema   []SchemaError // DeepValidate's, with CallOptions.Deep
}

// Valid reports whether the call has no error: no finding but notes
// (unchecked), and no schema error.
func (r *Result) Valid() bool {
	return !slices.ContainsFunc(r.Findings, Finding.IsError) && len(r.Schema) == 0
}

// A ResultWriter writes the results CheckCalls hands it, in input order:
// each alone (WriteResult) or, in the JSON Lines CheckCalls checks in
// batches on every processor, rendered by AppendResult where it was
// checked and then handed over with the rest of its batch
// (WriteResults). The report package has one for every format. A Result
// and what it refers to are valid only during the call that gets it.
type ResultWriter interface {
	// WriteResult writes the result of a call checked alone.
	WriteResult(r *Result) error
	// AppendResult appends r, rendered, to dst. It is called on many
	// goroutines at once, so it must read nothing that WriteResult and
	// WriteResults change; what it renders is what WriteResults gets.
	AppendResult(dst []byte, r *Result) []byte
	// WriteResults writes the rendered results of a batch of n calls
	// (n may be 0), which follow every result handed over before them.
	// flush says that no later batch is ready: what is held in a buffer
	// should go out, so that a log read as it grows is answered as it
	// comes.
	WriteResults(rendered []byte, n int, flush bool) error
}

// CheckCalls checks every call ReadCalls finds in r against s and hands
// the result of each to w, in input order. JSON Lines after the first
// call are checked in batches on every processor. It stops at the first
// error of reading r or of w, and returns it.
func CheckCalls(r io.Reader, s *Schemas, opt CallOptions, w ResultWriter) (CallSummary, error) {
	return checkCalls(r, s, opt, w, true)
}

// checkCalls is CheckCalls, reading JSON Lines in batches on every
// processor or, without batches, a line at a time.
func checkCalls(r io.Reader, s *Schemas, opt CallOptions, w ResultWriter, batches bool) (CallSummary, error) {
	var sum CallSummary
	var stream func(lr *lineReader) error
	if batches {
		// JSON Lines after the first call: every later result has the
		// same layout, so batches of them are checked and rendered at
		// once on every processor.
		stream = func(lr *lineReader) error {
			return lr.checkBatches(s, opt, w.AppendResult, func(b *callBatch) error {
				sum.Calls += b.sum.Calls
				sum.Invalid += b.sum.Invalid
				return w.WriteResults(b.out, b.sum.Calls, b.flush)
			})
		}
	}
	var res Result
	err := readCalls(r, jsondoc.MaxDocumentSize, func(line int, c Call) error {
		res = checkCall(c, s, opt, line, res.Findings)
		sum.count(&res)
		return w.WriteResult(&res)
	}, stream)
	return sum, err
}

// checkCall is Check of c, which starts on line, and, with opt.Deep,
// DeepValidate. The findings are appended to found[:0], which a checker
// of many calls reuses: the result is valid until the next call.
func checkCall(c Call, s *Schemas, opt CallOptions, line int, found []Finding) Result {
	res := Result{Line: line, Tool: c.Name, Findings: appendFindings(found[:0], c, s)}
	if opt.Deep {
		res.Schema = DeepValidate(c, s)
	}
	return res
}

// count counts one call with its result.
func (sum *CallSummary) count(r *Result) {
	sum.Calls++
	if !r.Valid() {
		sum.Invalid++
	}
}
