package mcpserve

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolbench/internal/mcpclient"
)

// The arguments of a call are checked here, against the tool's input
// schema, before the SDK reads them: its own check answers in Go's terms
// ("cannot unmarshal ... into Go value of type map[string]interface {}",
// a map printed as map[a:1]). The schemas are those schemaOf infers from
// the Go types of the arguments: objects of named properties, strings,
// booleans, lists of strings and null, some with an enum; this check
// knows those keywords, and a schema it does not fully know is left to
// the SDK's.

// checkedArguments lets a call leave out the arguments that may be null,
// as a client that drops nulls does, by giving them as null (the schemas
// list every argument as required, as OpenAI's strict mode has them), and
// answers a call whose arguments do not fit the tool's input schema with
// a tool error that says what and where.
func checkedArguments(inputs map[string]*jsonschema.Schema) mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			call, ok := req.(*mcp.CallToolRequest)
			if !ok || call.Params == nil {
				return next(ctx, method, req)
			}
			in, known := inputs[call.Params.Name]
			if !known {
				return next(ctx, method, req) // the SDK answers an unknown tool
			}
			args, m, err := withNulls(call.Params.Arguments, in)
			if err == nil {
				err = checkType("arguments", args, "an object", in)
			}
			if err == nil {
				err = checkObject("arguments", m, in) // decoded once, by withNulls
			}
			if err != nil {
				res := &mcp.CallToolResult{}
				res.SetError(err)
				return res, nil
			}
			call.Params.Arguments = args
			return next(ctx, method, req)
		}
	}
}

// withNulls returns the arguments args with null for each property of in
// that may be null and that they leave out, and their members, decoded;
// no arguments, or null, are an object of none. Arguments that are not
// an object are an error.
func withNulls(args json.RawMessage, in *jsonschema.Schema) (json.RawMessage, map[string]json.RawMessage, error) {
	args = bytes.TrimSpace(args)
	if len(args) == 0 || string(args) == "null" {
		args = json.RawMessage("{}")
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(args, &m); err != nil || m == nil {
		return nil, nil, fmt.Errorf("arguments are %s; they must be an object of the tool's arguments", mcpclient.KindOf(args))
	}
	added := false
	for _, name := range in.PropertyOrder {
		if _, given := m[name]; !given && slices.Contains(in.Properties[name].Types, "null") {
			m[name], added = json.RawMessage("null"), true
		}
	}
	if !added {
		return args, m, nil
	}
	args, err := json.Marshal(m)
	return args, m, err
}

// checkValue checks v, the JSON value at path, against s: its type,
// enum, properties and items.
func checkValue(path string, v json.RawMessage, s *jsonschema.Schema) error {
	kind := mcpclient.KindOf(v)
	if err := checkType(path, v, kind, s); err != nil {
		return err
	}
	switch kind {
	case "an object":
		var m map[string]json.RawMessage
		if err := json.Unmarshal(v, &m); err != nil {
			return fmt.Errorf("%s is not an object of JSON values", path)
		}
		return checkObject(path, m, s)
	case "a list":
		if s.Items == nil {
			return nil
		}
		var items []json.RawMessage
		if err := json.Unmarshal(v, &items); err != nil {
			return fmt.Errorf("%s is not a list of JSON values", path)
		}
		for i, item := range items {
			if err := checkValue(fmt.Sprintf("%s[%d]", path, i), item, s.Items); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkType checks v, the JSON value at path, of kind kind, against s's
// type and enum.
func checkType(path string, v json.RawMessage, kind string, s *jsonschema.Schema) error {
	if types := typesOf(s); len(types) > 0 && !slices.ContainsFunc(types, func(t string) bool { return fits(kind, v, t) }) {
		return fmt.Errorf("%s is %s; it must be %s", path, shown(v), orList(typeWords(types)))
	}
	if len(s.Enum) > 0 && !inEnum(v, s.Enum) {
		return fmt.Errorf("%s is %s; it must be one of %s", path, shown(v), enumWords(s.Enum))
	}
	return nil
}

// checkObject checks m, the members of the object at path, against the
// properties s names and requires, and whether it allows others.
func checkObject(path string, m map[string]json.RawMessage, s *jsonschema.Schema) error {
	names := s.PropertyOrder
	if len(names) == 0 {
		for name := range s.Properties {
			names = append(names, name)
		}
		slices.Sort(names)
	}
	member := func(name string) string {
		if path == "arguments" {
			return name
		}
		return path + "." + name
	}
	for _, name := range s.Required {
		if _, ok := m[name]; !ok {
			return fmt.Errorf("%s is missing; give it%s", member(name), nullNote(s.Properties[name]))
		}
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Not != nil {
		var unknown []string
		for name := range m {
			if _, ok := s.Properties[name]; !ok {
				unknown = append(unknown, name)
			}
		}
		if len(unknown) > 0 {
			slices.Sort(unknown)
			return fmt.Errorf("%s: no such %s; the tool takes %s", path, quoteNames(unknown), strings.Join(names, ", "))
		}
	}
	for _, name := range names {
		if value, ok := m[name]; ok {
			if err := checkValue(member(name), value, s.Properties[name]); err != nil {
				return err
			}
		}
	}
	return nil
}

// nullNote says how to give a property that may be null without a value.
func nullNote(p *jsonschema.Schema) string {
	if p != nil && slices.Contains(typesOf(p), "null") {
		return " (null for none)"
	}
	return ""
}

func typesOf(s *jsonschema.Schema) []string {
	if s.Type != "" {
		return []string{s.Type}
	}
	return s.Types
}

// fits reports whether the value v, of kind kind, is of the JSON Schema
// type t.
func fits(kind string, v json.RawMessage, t string) bool {
	switch t {
	case "object":
		return kind == "an object"
	case "array":
		return kind == "a list"
	case "string":
		return kind == "a string"
	case "boolean":
		return kind == "a boolean"
	case "null":
		return kind == "null"
	case "number":
		return kind == "a number"
	case "integer":
		var f float64
		return kind == "a number" && json.Unmarshal(v, &f) == nil && f == float64(int64(f))
	}
	return true // a type this check does not know: the SDK's check judges
}

// shown shows the value v in a message: a short string or number as
// written, anything else by its kind.
func shown(v json.RawMessage) string {
	v = bytes.TrimSpace(v)
	switch kind := mcpclient.KindOf(v); kind {
	case "a string":
		var s string
		if json.Unmarshal(v, &s) == nil && len(s) <= 60 {
			return strconv.Quote(s)
		}
		return kind
	case "a number":
		if len(v) <= 20 {
			return string(v)
		}
		return kind
	default:
		return kind
	}
}

func typeWords(types []string) []string {
	words := make([]string, len(types))
	for i, t := range types {
		switch t {
		case "object":
			words[i] = "an object"
		case "array":
			words[i] = "a list"
		case "null":
			words[i] = "null"
		case "integer":
			words[i] = "an integer"
		default:
			words[i] = "a " + t
		}
	}
	// "a string or null" reads better than "null or a string".
	slices.SortStableFunc(words, func(a, b string) int {
		return strings.Compare(strconv.FormatBool(a == "null"), strconv.FormatBool(b == "null"))
	})
	return words
}

// orList joins words as a sentence does: "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

func inEnum(v json.RawMessage, enum []any) bool {
	var got any
	if json.Unmarshal(v, &got) != nil {
		return false
	}
	return slices.ContainsFunc(enum, func(e any) bool { return e == got })
}

func enumWords(enum []any) string {
	words := make([]string, len(enum))
	for i, e := range enum {
		words[i] = fmt.Sprint(e)
	}
	return strings.Join(words, ", ")
}

func quoteNames(names []string) string {
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = strconv.Quote(n)
	}
	word := "argument "
	if len(names) > 1 {
		word = "arguments "
	}
	return word + strings.Join(quoted, ", ")
}
