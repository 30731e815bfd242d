package config

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/pelletier/go-toml/v2"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestTheSchemaJudgesFilesAsTheParserDoes validates files, as TOML
// read into JSON, with the generated schema, and parses them: both
// accept the same ones. (Glob syntax is the parser's alone.)
func TestTheSchemaJudgesFilesAsTheParserDoes(t *testing.T) {
	c := jsonschema.NewCompiler()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(Schema()))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.AddResource("toolbench.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("toolbench.schema.json")
	if err != nil {
		t.Fatalf("the schema does not compile: %v", err)
	}
	files := map[string]string{
		"a team's":              team,
		"empty":                 "",
		"an unknown key":        "tragets = [\"openai\"]\n",
		"a wrong type":          "targets = \"openai\"\n",
		"an unknown rule code":  "[rules]\nshort-descripton = \"off\"\n",
		"an unknown level":      "[rules]\nshort-description = \"warn\"\n",
		"an unknown target":     "targets = [\"antropic\"]\n",
		"an ignore, no reason":  "[[ignore]]\ntools = [\"x\"]\n",
		"an ignore of all":      "[[ignore]]\nreason = \"quiet\"\n",
		"an override, no paths": "[[overrides]]\ntargets = [\"mcp\"]\n",
		"an override, [] paths": "[[overrides]]\npaths = []\n",
		"a negative budget":     "token-budget = -1\n",
		"a servers check":       "[rules]\n\"servers/\" = \"warning\"\n\"servers/token-budget\" = \"off\"\n",
	}
	for name, src := range files {
		var m map[string]any
		if err := toml.Unmarshal([]byte(src), &m); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		b, _ := json.Marshal(m)
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		schemaErr := sch.Validate(v)
		_, parseErr := Parse("t.toml", []byte(src))
		if (schemaErr == nil) != (parseErr == nil) {
			t.Errorf("%s: the schema says %v, the parser %v", name, schemaErr, parseErr)
		}
	}
}
