package call

import "toolbench/core/catalog"

// The codes of the call check's findings and errors, as codeTable
// declares them.
const (
	CodeMalformed   = "malformed"
	CodeUnknownTool = "unknown_tool"
	CodeKind        = "kind"
	CodeMissing     = "missing"
	CodeExtra       = "extra"
	CodeType        = "type"
	CodeGrammar     = "grammar"
	CodeUnchecked   = "unchecked"
	CodeSchema      = "schema"
	CodeOutput      = "output"
)

// Finding is one thing Check finds of a call: an error, or a note that
// says what it did not check. The fields are what each code has; String
// is validate_call's text of the finding ("missing:query",
// "type:limit:int"), as go/types.Error's Error joins its Pos and Msg.
//
//	malformed:REASON              Reason; Line and Column when the reason places a syntax error
//	unknown_tool:NAME             Tool
//	kind:NAME:function            Tool, and Kind: what the tool is defined as ("function" or "custom")
//	missing:FIELD, extra:FIELD    Field
//	type:FIELD:TYPE               Field and Type, the type the field takes
//	grammar:regex                 Grammar
//	unchecked:lark                Grammar (a note)
//	unchecked:regex:WHY           Grammar and Reason (a note)
type Finding struct {
	Code  string
	Tool  string    // the name the call gives the tool
	Field string    // the argument
	Type  FieldType // the type the argument takes
	Kind  string    // what the tool is defined as: "function" or "custom"
	// Grammar is the syntax of the custom tool's grammar: "regex" or
	// "lark".
	Grammar string
	// Reason is why the input is no call (Call.Malformed), or why a
	// regex grammar was not matched.
	Reason string
	// Line and Column place a malformed call's syntax error in the input
	// it was read from (Call.MalformedLine and MalformedColumn): the line
	// and column its Reason starts with; 0 when it gives none.
	Line, Column int
}

// String is the finding as validate_call writes it, byte for byte.
func (f Finding) String() string {
	switch f.Code {
	case CodeMalformed:
		return CodeMalformed + ":" + f.Reason
	case CodeUnknownTool:
		return CodeUnknownTool + ":" + f.Tool
	case CodeKind:
		return CodeKind + ":" + f.Tool + ":" + f.Kind
	case CodeMissing, CodeExtra:
		return f.Code + ":" + f.Field
	case CodeType:
		return CodeType + ":" + f.Field + ":" + string(f.Type)
	case CodeGrammar:
		return CodeGrammar + ":" + f.Grammar
	case CodeUnchecked:
		if f.Reason == "" {
			return CodeUnchecked + ":" + f.Grammar
		}
		return CodeUnchecked + ":" + f.Grammar + ":" + f.Reason
	}
	return f.Code
}

// MarshalText writes the finding as String does, so that JSON has it as
// validate_call's string.
func (f Finding) MarshalText() ([]byte, error) { return []byte(f.String()), nil }

// Severity is the severity of the finding's code: catalog.Note for
// what went unchecked, which makes no call invalid, else catalog.Error.
func (f Finding) Severity() catalog.Severity {
	for i := range codeTable {
		if codeTable[i].Code == f.Code {
			return codeTable[i].Severity
		}
	}
	return catalog.Error
}

// IsError reports whether the finding is an error, not a note.
func (f Finding) IsError() bool { return f.Severity() != catalog.Note }

// Strings returns the text of each finding, in order; nil for none.
func Strings(fs []Finding) []string {
	if len(fs) == 0 {
		return nil
	}
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.String()
	}
	return out
}

// Errors returns the findings that are errors, in their order; nil for
// none.
func Errors(fs []Finding) []Finding { return filter(fs, true) }

// Notes returns the findings that are notes, in their order; nil for
// none.
func Notes(fs []Finding) []Finding { return filter(fs, false) }

func filter(fs []Finding, errs bool) []Finding {
	var out []Finding
	for _, f := range fs {
		if f.IsError() == errs {
			out = append(out, f)
		}
	}
	return out
}
