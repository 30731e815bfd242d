package schema

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// suiteEnv names the root of a checkout of the JSON Schema Test Suite
// (github.com/json-schema-org/JSON-Schema-Test-Suite), which is not kept
// in this repository.
const suiteEnv = "TOOLBENCH_JSON_SCHEMA_SUITE"

// suiteDrafts are the suite's directories whose optional regex and format
// tests are run, each with the draft its schemas default to.
var suiteDrafts = []struct {
	dir   string
	draft *jsonschema.Draft
}{
	{"draft2020-12", jsonschema.Draft2020},
	{"draft2019-09", jsonschema.Draft2019},
	{"draft7", jsonschema.Draft7},
}

type suiteGroup struct {
	Description string
	Schema      any
	Tests       []struct {
		Description string
		Data        any
		Valid       bool
	}
}

// TestJSONSchemaTestSuite runs the suite's optional ecmascript-regex,
// non-bmp-regex and format files with NewCompiler, and requires every
// verdict right. It logs, per file, how many verdicts the library gets
// wrong with its own defaults (Go's regexp, its format checks), the
// baseline NewCompiler replaces.
func TestJSONSchemaTestSuite(t *testing.T) {
	root := os.Getenv(suiteEnv)
	if root == "" {
		t.Skip(suiteEnv + " is not set to a checkout of the JSON Schema Test Suite")
	}
	for _, d := range suiteDrafts {
		dir := filepath.Join(root, "tests", d.dir, "optional")
		files, err := filepath.Glob(filepath.Join(dir, "format", "*.json"))
		if err != nil {
			t.Fatal(err)
		}
		files = append([]string{filepath.Join(dir, "ecmascript-regex.json"), filepath.Join(dir, "non-bmp-regex.json")}, files...)
		for _, f := range files {
			groups, err := readSuite(f)
			if os.IsNotExist(err) {
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			name, _ := filepath.Rel(filepath.Join(root, "tests"), f)
			libWrong, _ := runSuite(groups, d.draft, libraryCompiler)
			wrong, total := runSuite(groups, d.draft, NewCompiler)
			t.Logf("%-50s %3d tests: %3d wrong with the library's defaults, %d with NewCompiler", name, total, len(libWrong), len(wrong))
			for _, w := range wrong {
				t.Errorf("%s: %s", name, w)
			}
		}
	}
}

// libraryCompiler is the library as toolbench used it before: Go's
// regexp and the library's format checks, asserted.
func libraryCompiler() *jsonschema.Compiler {
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	return c
}

func readSuite(path string) ([]suiteGroup, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var groups []suiteGroup
	for _, g := range doc.([]any) {
		m := g.(map[string]any)
		sg := suiteGroup{Description: m["description"].(string), Schema: m["schema"]}
		for _, tc := range m["tests"].([]any) {
			tm := tc.(map[string]any)
			sg.Tests = append(sg.Tests, struct {
				Description string
				Data        any
				Valid       bool
			}{tm["description"].(string), tm["data"], tm["valid"].(bool)})
		}
		groups = append(groups, sg)
	}
	return groups, nil
}

// runSuite returns a line for each wrong verdict, and the number of
// verdicts. A schema that does not compile gets each of its tests wrong.
func runSuite(groups []suiteGroup, draft *jsonschema.Draft, compiler func() *jsonschema.Compiler) (wrong []string, total int) {
	for i, g := range groups {
		c := compiler()
		c.DefaultDraft(draft)
		loc := fmt.Sprintf("https://suite.toolbench.test/%d.json", i)
		var sch *jsonschema.Schema
		err := c.AddResource(loc, g.Schema)
		if err == nil {
			sch, err = c.Compile(loc)
		}
		for _, tc := range g.Tests {
			total++
			if err != nil {
				wrong = append(wrong, fmt.Sprintf("%s: schema does not compile: %v", g.Description, err))
				continue
			}
			verr := sch.Validate(tc.Data)
			if got := verr == nil; got != tc.Valid {
				wrong = append(wrong, fmt.Sprintf("%s / %s: %#v valid = %v, want %v (%v)", g.Description, tc.Description, tc.Data, got, tc.Valid, verr))
			}
		}
	}
	return wrong, total
}
