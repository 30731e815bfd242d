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
	r := &report.Report{}
	r.Add(res)                             // the issues, and the text the text format quotes
	text, _ := report.LookupFormat("text") // or concise, json, sarif, github, markdown
	text.Write(os.Stdout, r)
	// Output:
	// error $[0].name invalid-name
	// error $[0].parameters.properties.city unknown-type
	// ERROR   tools.json:1:11 $[0].name: invalid tool name 'get weather': it contains ' ' [invalid-name]
	//       1 | [{"name": "get weather", "description": "Weather now.",
	//         |           ^^^^^^^^^^^^^
	//         hint: Use ^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$: letters, digits, '_' and '-', starting with a letter or '_' (many APIs reject spaces and dots). For example 'get_weather'.
	//
	// ERROR   tools.json:2:68 $[0].parameters.properties.city: unknown type 'str' [unknown-type]
	//       2 |   "parameters": {"type": "object", "properties": {"city": {"type": "str"}}}}]
	//         |                                                                    ^^^^^
	//         hint: Use 'string'. Known types: array, boolean, integer, null, number, object, string.
	//
	// 2 errors in 1 file
}
