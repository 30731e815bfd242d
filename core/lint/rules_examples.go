package lint

import (
	"strconv"

	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
	"toolbench/core/schema"
)

// exampleRules check the example inputs a tool gives the model.
var exampleRules = []*Rule{
	{
		Entry: catalog.Entry{
			Code: "invalid-input-example", Severity: catalog.Error,
			Summary: "An input_examples entry does not satisfy the tool's input schema.",
			Doc: `A tool's "input_examples" (Anthropic) show the model calls of the tool; an
example that breaks the tool's own schema teaches it a call that fails.
Anthropic rejects the request outright ("Each example must be valid
according to the tool's input_schema. Invalid examples return a 400
error"), and any provider that passes examples on shows the model a wrong
call, so this rule runs under every target.

Each example is validated against the parameter schema with the same
validator as toolbench call --deep; the issue is at the value that fails,
inside the example, and says what the schema wants. "input_examples" must
be a list, and each example an object, since a tool's input is one. A
schema that does not compile is invalid-schema's to report, and its
examples are not checked.

Fix: correct the example, or the schema if the example shows what the tool
really takes.

Source: Anthropic, define tools, "Providing tool use examples"
(input_examples: "Each example must be valid according to the tool's
input_schema"), platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools.`,
		},
		Tool: checkInputExamples,
	},
}

func checkInputExamples(c *ToolContext) {
	t := c.Tool
	ex := t.Examples
	if ex == nil {
		return
	}
	path := jsondoc.AppendKey(t.DefPath, "input_examples")
	if !ex.Is(jsondoc.Array) {
		c.Report(ex, path, "input_examples is "+ex.Kind.Phrase()+", not a list of example inputs",
			`Write "input_examples": [{...}, {...}], each an input the tool accepts.`)
		return
	}
	if ex.Len() == 0 || !t.Params.Is(jsondoc.Object) {
		return
	}
	sch, err := schema.Compile(t.Name, t.Params, t.OpenAPIParams())
	if err != nil {
		return
	}
	for i, m := range ex.Elems() {
		at := jsondoc.AppendIndex(path, i)
		if !m.Value.Is(jsondoc.Object) {
			c.Report(m.Value, at, "input example "+strconv.Itoa(i)+" is "+m.Value.Kind.Phrase()+", not an object of arguments",
				"Write each example as the object of arguments a call would send.")
			continue
		}
		failures := sch.Validate(m.Value.Value())
		if len(failures) == 0 {
			continue
		}
		n, segs, msg := placeFailures(m.Value, failures, "input example "+strconv.Itoa(i), "the "+t.ParamsKey)
		c.Report(n, jsondoc.AppendSegs(at, segs), msg,
			"Correct the example so a call like it passes the schema: the model copies what examples show.")
	}
}
