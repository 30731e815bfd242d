package cli

import (
	"strings"
	"testing"

	"toolbench/core/call"
	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/tooldef"
)

// TestDeepValidateAndLintAgreeOnWhatIsValidJSONSchema holds the two ends
// of one compile function to each other: a schema lint's invalid-schema
// rejects cannot be used for a call, and one it accepts can, whatever its
// patterns and formats (ECMA-262 syntax Go's regexp lacks among them).
func TestDeepValidateAndLintAgreeOnWhatIsValidJSONSchema(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, prop string
		valid      bool
	}{
		{"look-ahead", `{"type": "string", "pattern": "^(?=.*[0-9]).{3,}$"}`, true},
		{"negative look-ahead", `{"type": "string", "pattern": "^(?!admin).*$"}`, true},
		{"a back-reference", `{"type": "string", "pattern": "^(a+)b\\1$"}`, true},
		{"an empty negated class", `{"type": "string", "pattern": "[^]"}`, true},
		{"a reversed range", `{"type": "string", "pattern": "[z-a]"}`, false},
		{"an inline flag", `{"type": "string", "pattern": "(?i)abc"}`, false},
		{"a Python named group", `{"type": "string", "pattern": "(?P<n>a)"}`, false},
		{"a reference with a space", `{"$ref": "#/$defs/a b"}`, false},
		{"a string minimum", `{"type": "number", "minimum": "1"}`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := `[{"name": "f", "description": "Look something up in the index.", "parameters": {"type": "object", "$defs": {"a b": {"type": "string"}}, "properties": {"p": ` + tc.prop + `}}}]`
			doc, err := jsondoc.Parse("t.json", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			invalid := 0
			for _, is := range lint.Lint(doc, lint.Options{}).Issues {
				if is.Code == "invalid-schema" {
					invalid++
				}
			}
			deep := call.DeepValidate(emptyCallOf(t, "f"), call.SchemasFromTools(tooldef.Tools(doc)))
			unusable := len(deep) == 1 && (strings.HasPrefix(deep[0].Message, "the tool's schema is not valid JSON Schema: ") ||
				strings.HasPrefix(deep[0].Message, "the tool's schema cannot be used: "))
			if tc.valid != (invalid == 0) || unusable != (invalid > 0) {
				t.Errorf("lint finds %d invalid-schema issues, deep says %v; want valid %v from both", invalid, deep, tc.valid)
			}
		})
	}
}

// emptyCallOf is a call of the tool named name with no arguments.
func emptyCallOf(t *testing.T, name string) call.Call {
	n, err := jsondoc.ParseValue("call", `{"name": "`+name+`", "args": {}}`)
	if err != nil {
		t.Fatal(err)
	}
	return call.NormalizeCall(n)
}
