package schema

import (
	"errors"
	"slices"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Validator is a schema compiled by Compile, to validate values against.
// It is safe for concurrent use.
type Validator struct {
	s *jsonschema.Schema
}

// Validate validates v, a JSON value as jsondoc.Node.Value gives it, and
// returns how it breaks the schema, nil when it conforms. The failures
// are flattened as every validation of toolbench flattens them (lint's
// of a schema against its meta-schema too): see Failure.
func (c *Validator) Validate(v any) []Failure {
	err := c.s.Validate(v)
	if err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return []Failure{{text: err.Error()}}
	}
	return flatten(ve)
}

// Failure is one way a value breaks a schema: where, and what.
//
// The validator finds failures as a tree (a property failed because its
// value failed a keyword); the failures here are its leaves, which say
// what is wrong, less the branches of an anyOf or oneOf that the value
// was not meant for. Of those branches the failures of one are kept: the
// deepest among those whose type fits the value, so an object that one
// branch describes is told what that branch wants of it; when no
// branch's type fits, one failure says which types would have done
// ("got number, want string or null").
type Failure struct {
	// At is the place of the failing value in the value validated, as
	// the tokens of a JSON Pointer: none for the value itself.
	At []string

	kind     jsonschema.ErrorKind // nil for failures merged from the branches of an anyOf or oneOf
	mismatch bool                 // the value is of the wrong type altogether
	got      string               // with mismatch, the value's type
	wants    []string             // with mismatch, the types that would have done
	text     string               // the validator's own error, when it gave no tree
}

// Message words the failure for a person, as the library does, but with
// a bound said as what it allows ("maximum: got 90, want at most 50").
// Without keyword it leaves the name of a bound out, for a message that
// names its place itself.
func (f Failure) Message(keyword bool) string {
	switch {
	case f.kind != nil:
		return say(f.kind, keyword)
	case f.text != "":
		return f.text
	}
	return "got " + f.got + ", want " + strings.Join(f.wants, " or ")
}

// Keyword is the keyword the value fails ("required", "pattern",
// "maxLength"), or "type" for a value of the wrong type altogether,
// which the branches of an anyOf or oneOf may all say; "" when the
// validator gave no finding to name it.
func (f Failure) Keyword() string {
	if f.kind != nil {
		if p := f.kind.KeywordPath(); len(p) > 0 {
			return p[0]
		}
	}
	if f.mismatch {
		return "type"
	}
	return ""
}

var printer = message.NewPrinter(language.English)

// flatten is the leaves of the validator's tree of failures. Of the
// branches of an anyOf or oneOf, those of one are kept (see Failure).
func flatten(e *jsonschema.ValidationError) []Failure { return collect(e, nil) }

func collect(e *jsonschema.ValidationError, out []Failure) []Failure {
	switch e.ErrorKind.(type) {
	case *kind.AnyOf, *kind.OneOf:
		if len(e.Causes) > 0 {
			return append(out, bestBranch(e)...)
		}
	}
	if len(e.Causes) == 0 {
		return append(out, leaf(e))
	}
	for _, c := range e.Causes {
		out = collect(c, out)
	}
	return out
}

func leaf(e *jsonschema.ValidationError) Failure {
	f := Failure{At: e.InstanceLocation, kind: e.ErrorKind}
	switch k := e.ErrorKind.(type) {
	case *kind.Type:
		f.mismatch, f.got, f.wants = true, k.Got, k.Want
	case *kind.Enum:
		f.got, f.wants = typeOf(k.Got), typesOf(k.Want)
		f.mismatch = !slices.Contains(f.wants, f.got)
	case *kind.Const:
		f.got, f.wants = typeOf(k.Got), typesOf([]any{k.Want})
		f.mismatch = !slices.Contains(f.wants, f.got)
	}
	return f
}

// bestBranch is the failures of the branch of e, an anyOf or oneOf, that
// the value was meant for: the deepest of the branches whose type fits,
// or when none does, one failure with the types that would have done.
func bestBranch(e *jsonschema.ValidationError) []Failure {
	var best []Failure
	bestDepth := -1
	var got string
	var wants []string
	for _, c := range e.Causes {
		b := collect(c, nil)
		fits, depth := true, 0
		for _, f := range b {
			if f.mismatch && len(f.At) == len(e.InstanceLocation) {
				fits, got = false, f.got
				for _, w := range f.wants {
					if !slices.Contains(wants, w) {
						wants = append(wants, w)
					}
				}
			}
			depth = max(depth, len(f.At))
		}
		if fits && depth > bestDepth {
			best, bestDepth = b, depth
		}
	}
	if best != nil {
		return best
	}
	return []Failure{{At: e.InstanceLocation, mismatch: true, got: got, wants: wants}}
}

// typeOf is the JSON Schema type name of a value the validator holds.
func typeOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "number"
}

func typesOf(vs []any) []string {
	var out []string
	for _, v := range vs {
		if t := typeOf(v); !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}
