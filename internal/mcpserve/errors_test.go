package mcpserve_test

import (
	"strings"
	"testing"

	"toolbench/core/lint"
	"toolbench/internal/mcpserve"
)

func TestBadInputIsAToolErrorThatSaysWhatAndWhere(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"broken.json": "[\n  {\"name\": \"a\",}\n]\n"})
	cs := connect(t, mcpserve.Options{Root: root, MaxInputBytes: 1000})
	callsArgs := func(tools, calls string) map[string]any {
		return map[string]any{"tools": tools, "tools_path": nil, "calls": calls, "deep": false}
	}
	for _, tc := range []struct {
		name string
		tool string
		args map[string]any
		want string
	}{
		{"JSON text that does not parse", "lint_tools", lintArgs("[{\"name\": \n  \"x\",}]"),
			"<tools>:2:6: a trailing comma: JSON allows no ',' before '}'"},
		{"a file that does not parse", "lint_tools", lintPathArgs("broken.json"),
			"broken.json:2:15: a trailing comma"},
		{"white space only", "lint_tools", lintArgs("  \n "),
			"<tools>:2:2: no JSON value, only white space"},
		{"a bad line of JSON Lines", "lint_tools", lintArgs("{\"a\": 1}\n{\"b\": \n"),
			"<tools>:2:7: JSON Lines value $[1]: unexpected end of input"},
		{"both text and path", "lint_tools", map[string]any{"tools": "[]", "tools_path": "tools.json", "targets": nil, "ignore": nil},
			"tools and tools_path both give a document; give one and set the other to null"},
		{"neither text nor path", "lint_tools", map[string]any{"tools": nil, "tools_path": "", "targets": nil, "ignore": nil},
			"give the document as JSON text in tools, or the path of a file under the server's root directory in tools_path"},
		{"text past the limit", "lint_tools", lintArgs("[" + strings.Repeat(" ", 1000) + "]"),
			"tools is 1002 bytes, more than the 1000 this server reads"},
		{"an unknown target", "lint_tools", map[string]any{"tools": "[]", "tools_path": nil, "targets": []string{"openia"}, "ignore": nil},
			`targets[0] is "openia"; it must be one of ` + strings.Join(lint.TargetNames(), ", ")},
		{"an unknown rule code", "lint_tools", map[string]any{"tools": "[]", "tools_path": nil, "targets": nil, "ignore": []string{"short-descripton"}},
			`ignore: unknown rule code "short-descripton" (did you mean short-description?)`},
		{"an argument of the wrong type", "lint_tools", map[string]any{"tools": 5, "tools_path": nil, "targets": nil, "ignore": nil},
			"tools is 5; it must be a string or null"},
		{"an argument that may not be left out", "check_tool_calls", map[string]any{"tools": "[]", "tools_path": nil, "deep": false},
			"calls is missing; give it"},
		{"tools that are not a tools document", "check_tool_calls", callsArgs(`{"tools": 5}`, "{}"),
			`<tools>:1:1: "tools" is a number, not a list of tools`},
		{"calls past the limit", "check_tool_calls", callsArgs(`[{"name": "a"}]`, strings.Repeat(" ", 1001)),
			"calls is 1001 bytes, more than the 1000 this server reads"},
		{"a new version that does not parse", "diff_tools", map[string]any{"old": "[]", "old_path": nil, "new": "[", "new_path": nil},
			"<new>:1:2: unexpected end of input: an array is not closed"},
		{"versions that cannot be paired", "diff_tools", map[string]any{"old": "[]\n[]\n", "old_path": nil, "new": "[]", "new_path": nil},
			"<old> has 2 lists of tools and <new> has 1"},
		{"an unknown code", "explain_code", map[string]any{"code": "invalid-nam"},
			`no rule, target, change or call check has the code "invalid-nam"; did you mean invalid-name`},
		{"a mistyped change code", "explain_code", map[string]any{"code": "removed-tol"},
			"did you mean removed-tool?"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := toolError(t, cs, tc.tool, tc.args)
			if !strings.Contains(got, tc.want) {
				t.Errorf("error %q\nwant it to contain %q", got, tc.want)
			}
		})
	}
}

func TestArgumentsThatMayBeNullMayBeLeftOut(t *testing.T) {
	t.Parallel()
	cs := connect(t, mcpserve.Options{Root: t.TempDir()})
	// The schemas require every argument, as OpenAI's strict mode wants;
	// a client that drops nulls sends only what it has.
	var got lintAnswer
	answer(t, cs, "lint_tools", map[string]any{"tools": badTools}, &got)
	if got.Errors != 2 {
		t.Errorf("%d errors, want 2: %v", got.Errors, got.Issues)
	}
}
