package call

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"sync"

	"toolbench/core/jsondoc"
	"toolbench/core/schema"
	"toolbench/core/termtext"
	"toolbench/core/tooldef"
)

// Deep validation checks a call's arguments against the tool's whole JSON
// Schema (enums, bounds, patterns, formats, nested objects and arrays),
// where the flat check looks at top-level names and types only.

// SchemaError is one way the arguments break the tool's JSON Schema.
type SchemaError struct {
	Path    string `json:"path"` // JSON pointer into the arguments, "" for the arguments themselves
	Message string `json:"message"`
}

// deepCache holds each compiled schema, a tool's parameters or its
// outputSchema, compiled on first use. Goroutines checking calls at once
// wait only for a schema being compiled, and only when they need that one.
type deepCache struct {
	compiled sync.Map // *jsondoc.Node of the schema -> *deepEntry
}

type deepEntry struct {
	once sync.Once
	cs   compiledSchema
}

type compiledSchema struct {
	schema *schema.Validator
	err    error // why the tool's schema could not be compiled
}

// DeepValidate validates the arguments of c against the JSON Schema of
// the tool it names. It returns nil when they conform, when the call is
// malformed or names an unknown tool (the flat check reports those), and
// when s comes from a flat schema file, which has no JSON Schema. A tool
// schema that cannot be compiled gives one error at the root saying why,
// on one line (see compileProblem). Errors are sorted by path.
func DeepValidate(c Call, s *Schemas) []SchemaError {
	if c.Malformed != "" || s == nil || s.Tools == nil {
		return nil
	}
	t := s.toolOf(c)
	if t == nil || t.Params == nil {
		return nil
	}
	cs := compiledFor(s, t.Params, func() compiledSchema { return compileTool(t) })
	if cs.err != nil {
		return []SchemaError{{Path: "", Message: compileProblem(s.doc, t.Name, "schema", t.ParamsPath(), cs.err)}}
	}
	var args any = map[string]any{}
	if c.Args != nil {
		args = c.Args.Value()
	}
	return validateValue(cs, args)
}

// validateValue validates v against a compiled schema and returns its
// errors sorted by path, or nil when v conforms.
func validateValue(cs compiledSchema, v any) []SchemaError {
	failures := cs.schema.Validate(v)
	if failures == nil {
		return nil
	}
	out := make([]SchemaError, len(failures))
	for i, f := range failures {
		out[i] = SchemaError{Path: jsondoc.FormatPointer(f.At), Message: f.Message(true)}
	}
	slices.SortStableFunc(out, func(a, b SchemaError) int {
		if c := strings.Compare(a.Path, b.Path); c != 0 {
			return c
		}
		return strings.Compare(a.Message, b.Message)
	})
	return slices.Compact(out)
}

func newDeepCache() *deepCache { return &deepCache{} }

// compiledFor returns the compiled form of the schema node key, from the
// cache of s when it has one (SchemasFromTools makes it; a Schemas built
// by hand compiles on every call), compiling it with compile.
func compiledFor(s *Schemas, key *jsondoc.Node, compile func() compiledSchema) compiledSchema {
	dc := s.deep
	if dc == nil {
		return compile()
	}
	v, ok := dc.compiled.Load(key)
	if !ok {
		v, _ = dc.compiled.LoadOrStore(key, &deepEntry{})
	}
	e := v.(*deepEntry)
	e.once.Do(func() { e.cs = compile() })
	return e.cs
}

// compileTool compiles the tool's parameter schema, as schema.Compile
// does every schema toolbench validates against.
func compileTool(t *tooldef.Tool) compiledSchema {
	sch, err := schema.Compile(t.Name, t.Params, t.OpenAPIParams())
	return compiledSchema{schema: sch, err: err}
}

// compileProblem says on one line why a schema of the tool named tool,
// its "schema" or its "outputSchema" (what) at path in doc, did not
// compile. A schema that breaks its meta-schema gets its first problem,
// placed and worded as toolbench lint reports it, and where to see them
// all; a schema that is valid but cannot be used (a reference refused or
// to nothing) gets schema.Compile's line. doc may be nil, for
// Schemas built by hand.
func compileProblem(doc *jsondoc.Document, tool, what, path string, err error) string {
	var ie *schema.InvalidError
	if errors.As(err, &ie) {
		p := ie.Problems[0]
		file := "FILE"
		if doc != nil {
			file = doc.Name
		}
		return "the tool's " + what + " is not valid JSON Schema: " + placed(doc, p.Node, jsondoc.AppendSegs(path, p.Segs)) + ": " + p.Msg +
			"; toolbench lint " + termtext.ShellWord(file) + " lists every problem"
	}
	return "the tool's " + what + " cannot be used: " + err.Error()
}

// placed is a path with the file, line and column of n before it, when
// the document is known.
func placed(doc *jsondoc.Document, n *jsondoc.Node, path string) string {
	if doc == nil || n == nil {
		return path
	}
	line, col := doc.Position(int(n.Start))
	return doc.Name + ":" + strconv.Itoa(line) + ":" + strconv.Itoa(col) + " " + path
}
