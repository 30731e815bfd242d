package report_test

import (
	"fmt"
	"os"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/report"
)

// The packages from load to report, as README's "From Go" shows them.
func Example() {
	doc, err := jsondoc.Parse("tools.json", []byte(`[{"name": "get weather", "description": "Weather now.",
  "parameters": {"type": "object", "properties": {"city": {"type": "str"}}}}]`))
	if err != nil {
		fmt.Println(err) // a *jsondoc.SyntaxError says file:line:col and why
		return
	}
	res := lint.Lint(doc, lint.Options{Ignore: []string{"short-description"}})
	for _, is := range res.Issues {
		fmt.Println(is.Severity, is.Path, is.Code)
	}
	text, _ := report.LookupFormat("text") // or json, sarif, github, markdown
	text.Write(os.Stdout, &report.Report{Issues: res.Issues[:1], Files: 1})
	// Output:
	// error $[0].name invalid-name
	// error $[0].parameters.properties.city unknown-type
	// ERROR   tools.json:1:11 $[0].name: invalid tool name 'get weather': it contains ' ' [invalid-name]
	//         hint: Use ^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$: letters, digits, '_' and '-', starting with a letter or '_' (many APIs reject spaces and dots). For example 'get_weather'.
	// 1 error in 1 file
}
