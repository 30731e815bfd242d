package schema

import (
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

const testLoc = "toolbench:///tools/t.json"

func compileSchema(t *testing.T, doc any) *jsonschema.Schema {
	t.Helper()
	c := NewCompiler()
	if err := c.AddResource(testLoc, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(testLoc)
	if err != nil {
		t.Fatalf("compiling %v: %v", doc, err)
	}
	return sch
}

var metaSchemaURLs = []string{
	"https://json-schema.org/draft/2020-12/schema",
	"https://json-schema.org/draft/2019-09/schema",
	"http://json-schema.org/draft-07/schema",
	"http://json-schema.org/draft-06/schema",
	"http://json-schema.org/draft-04/schema",
}

// TestMetaSchemasResolve checks that the refusing loader leaves the
// built-in meta-schemas reachable, by URL and through "$schema".
func TestMetaSchemasResolve(t *testing.T) {
	for _, u := range metaSchemaURLs {
		if _, err := NewCompiler().Compile(u); err != nil {
			t.Errorf("compiling %s: %v", u, err)
		}
		compileSchema(t, map[string]any{"$schema": u, "type": "string", "pattern": "^(?!x)"})
	}
}

func TestRefusesOutsideDocuments(t *testing.T) {
	for _, ref := range []string{"https://example.com/s.json", "file:///etc/passwd", "other.json", "https://json-schema.org/draft/2020-12/not-a-meta-schema"} {
		c := NewCompiler()
		if err := c.AddResource(testLoc, map[string]any{"$ref": ref}); err != nil {
			t.Fatal(err)
		}
		_, err := c.Compile(testLoc)
		if err == nil || !strings.Contains(err.Error(), "outside the tools document") {
			t.Errorf("$ref %q: compile error %v, want it refused", ref, err)
		}
	}
	sch := compileSchema(t, map[string]any{
		"$defs": map[string]any{"n": map[string]any{"type": "integer"}},
		"$ref":  "#/$defs/n",
	})
	if sch.Validate("x") == nil {
		t.Error("a local $ref was not followed")
	}
}

// TestLintAndDeepAgree holds the two uses to one verdict on patterns:
// the meta-schema's "regex" format, as lint validates a schema, and the
// compilation of "pattern", as --deep compiles it.
func TestLintAndDeepAgree(t *testing.T) {
	meta, err := NewCompiler().Compile(metaSchemaURLs[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range append(append([]string{}, validPatterns...), invalidPatterns...) {
		doc := map[string]any{"type": "string", "pattern": p}
		lintOK := meta.Validate(doc) == nil
		c := NewCompiler()
		if err := c.AddResource(testLoc, doc); err != nil {
			t.Fatal(err)
		}
		_, err := c.Compile(testLoc)
		if deepOK := err == nil; lintOK != deepOK {
			t.Errorf("pattern %q: meta-schema valid %v, compiles %v (%v)", p, lintOK, deepOK, err)
		}
	}
}

func TestDeepValidatesArguments(t *testing.T) {
	sch := compileSchema(t, map[string]any{
		"type": "object",
		"properties": map[string]any{
			"password": map[string]any{"type": "string", "pattern": "^(?=.*[0-9]).{8,}$"},
			"user":     map[string]any{"type": "string", "pattern": "^(?!admin)"},
			"host":     map[string]any{"type": "string", "format": "hostname"},
			"when":     map[string]any{"type": "string", "format": "duration"},
		},
		"patternProperties": map[string]any{`^x-\p{L}+$`: map[string]any{"type": "integer"}},
	})
	tests := []struct {
		args map[string]any
		ok   bool
	}{
		{map[string]any{"password": "hunter22", "user": "root", "host": "example.com", "when": "P1Y2M"}, true},
		{map[string]any{"password": "hunter"}, false},
		{map[string]any{"user": "admin"}, false},
		{map[string]any{"host": "example."}, false},
		{map[string]any{"when": "P1Y2D"}, false},
		{map[string]any{"x-é": 1}, true},
		{map[string]any{"x-é": "one"}, false},
	}
	for _, tt := range tests {
		if err := sch.Validate(tt.args); (err == nil) != tt.ok {
			t.Errorf("%v: error %v, want ok %v", tt.args, err, tt.ok)
		}
	}
}

// TestMetaSchemaFormats checks that a meta-schema compiled by NewCompiler
// judges "$ref", "$id" and "$schema" with this package's URI checks.
func TestMetaSchemaFormats(t *testing.T) {
	meta, err := NewCompiler().Compile(metaSchemaURLs[0])
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		key, value string
		ok         bool
	}{
		{"$ref", "#/$defs/a%20b", true},
		{"$ref", "#/$defs/a b", false},
		{"$ref", "#/$defs/é", false},
		{"$id", "https://example.com/tools/search.json", true},
		{"$id", "https://example.com:port/", false},
		{"$schema", "https://json-schema.org/draft/2020-12/schema", true},
		{"$schema", "draft/2020-12/schema", false},
	}
	for _, tt := range tests {
		err := meta.Validate(map[string]any{tt.key: tt.value})
		if (err == nil) != tt.ok {
			t.Errorf("%s %q: %v, want ok %v", tt.key, tt.value, err, tt.ok)
		}
	}
}
