package call

import "toolbench/core/tooldef"

// Calls of OpenAI custom tools: the model writes free text, which a
// regex grammar constrains; a lark grammar's language toolbench does not
// evaluate. The errors of such a call, beside ValidateCall's others:
//
//	kind:NAME:function  a custom tool call of a function
//	kind:NAME:custom    a function call of a custom tool
//	grammar:regex       the input is not a sentence of the tool's regex grammar
//
// and, not errors, the notes that say the input was not checked:
//
//	unchecked:lark      the tool's grammar is lark's
//	unchecked:regex:WHY the regex uses what toolbench cannot match as Rust's regex crate does
//
// A call with notes only is valid: CheckCalls counts it so.

// customSchema is what a custom tool's calls are checked against.
type customSchema struct {
	syntax string             // "regex", "lark", "" for free text
	regex  *tooldef.RustRegex // nil unless a regex grammar that compiles
	why    string             // why a regex grammar is not matched
}

// customSchemaOf reads the format of the custom tool t.
func customSchemaOf(t *tooldef.Tool) *customSchema {
	f := t.Format
	if f.Free() {
		return &customSchema{}
	}
	cs := &customSchema{syntax: f.Syntax}
	if f.Syntax == "regex" && f.Definition != nil {
		r, problems := tooldef.CompileRustRegex(f.Definition.Text())
		switch {
		case r == nil:
			cs.why = "the grammar does not compile (toolbench lint says why)"
			if len(problems) > 0 {
				cs.why = "the grammar does not compile: " + problems[0].Msg
			}
		case r.Unchecked != "":
			cs.why = r.Unchecked
		default:
			cs.regex = r
		}
	}
	return cs
}

// appendCustom appends to found the findings of a call of a custom
// tool, or a custom call of a function, against the tool's schema fs.
func appendCustom(found []Finding, c Call, fs *FlatSchema) []Finding {
	switch {
	case c.Custom && fs.custom == nil && !fs.Open:
		return append(found, Finding{Code: CodeKind, Tool: c.Name, Kind: "function"})
	case !c.Custom && fs.custom != nil:
		return append(found, Finding{Code: CodeKind, Tool: c.Name, Kind: "custom"})
	case fs.custom == nil:
		return found
	}
	cs := fs.custom
	switch cs.syntax {
	case "regex":
		if cs.regex == nil {
			return append(found, Finding{Code: CodeUnchecked, Grammar: "regex", Reason: cs.why})
		}
		match, ok := cs.regex.MatchWhole(c.Input)
		switch {
		case !ok:
			return append(found, Finding{Code: CodeUnchecked, Grammar: "regex", Reason: "the input is not ASCII, and the grammar's \\b is matched exactly on ASCII only"})
		case !match:
			return append(found, Finding{Code: CodeGrammar, Grammar: "regex"})
		}
	case "lark":
		return append(found, Finding{Code: CodeUnchecked, Grammar: "lark"})
	}
	return found
}

// index notes the bare name of t when it is declared in a namespace.
func (s *Schemas) index(t *tooldef.Tool) {
	if t.Namespace == "" {
		return
	}
	if s.bare == nil {
		s.bare = map[string]string{}
	}
	if _, seen := s.bare[t.Name]; seen {
		s.bare[t.Name] = "" // in two namespaces: the call must say which
		return
	}
	s.bare[t.Name] = t.Key()
}

// lookupCall finds the schema of the tool c calls: by its namespace and
// name when it names a namespace (a Responses function_call of a
// namespace's function), else by its name; a name no tool of the list
// has is the function of that name in a namespace, when only one
// namespace declares it.
func (s *Schemas) lookupCall(c Call) *FlatSchema {
	if s == nil {
		return nil
	}
	if c.Namespace != "" {
		return s.ByName[tooldef.QualifiedName(c.Namespace, c.Name)]
	}
	if fs := s.ByName[c.Name]; fs != nil {
		return fs
	}
	if key := s.bare[c.Name]; key != "" {
		return s.ByName[key]
	}
	return nil
}

// toolOf is the definition of the tool c calls, found as lookupCall
// finds its schema; nil for a flat schema file or an unknown tool.
func (s *Schemas) toolOf(c Call) *tooldef.Tool {
	if s == nil || s.Tools == nil {
		return nil
	}
	if c.Namespace != "" {
		return s.Tools[tooldef.QualifiedName(c.Namespace, c.Name)]
	}
	if t := s.Tools[c.Name]; t != nil {
		return t
	}
	return s.Tools[s.bare[c.Name]]
}
