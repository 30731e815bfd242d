package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
)

// oddDocuments are tools files a hand, a generator or a server may write:
// each must load, show and take every key without the workbench failing.
var oddDocuments = map[string]string{
	"no tools":                   `[]`,
	"not a tools document":       `{"hello": "world"}`,
	"a scalar":                   `42`,
	"entries that are not tools": `[1, "two", null, [3]]`,
	"one bare tool":              `{"name": "t", "parameters": {"type": "object"}}`,
	"no parameters":              `[{"name": "t", "description": "A tool with nothing to pass it."}]`,
	"parameters not a schema":    `[{"name": "t", "parameters": "object"}]`,
	"properties a list":          `[{"name": "t", "parameters": {"type": "object", "properties": [1, 2], "required": "all"}}]`,
	"a name that is a number":    `[{"name": 7, "parameters": {"type": "object"}}]`,
	"an empty name":              `[{"name": "", "parameters": {"type": "object"}}]`,
	"the same name twice":        `[{"name": "a", "parameters": {}}, {"name": "a", "parameters": {}}]`,
	"an MCP tools/list result":   `{"result": {"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {"q": {"type": ["string", "null"]}}}}]}}`,
	"Gemini declarations":        `[{"functionDeclarations": [{"name": "a", "parameters": {"type": "OBJECT"}}, 5]}]`,
	"Anthropic":                  `[{"name": "a", "description": "d", "input_schema": {"type": "object", "properties": {"x": {"$ref": "#/$defs/x"}}, "$defs": {"x": {"type": "integer"}}}}]`,
	"a recursive schema":         `[{"name": "a", "parameters": {"type": "object", "properties": {"n": {"$ref": "#"}}, "required": ["n"]}}]`,
	"huge numbers":               `[{"name": "a", "parameters": {"type": "object", "properties": {"n": {"type": "integer", "minimum": 1e999999, "enum": [1e400]}}}}]`,
	"wide characters":            `[{"name": "日本語のツール", "description": "説明 ✓ 🚀", "parameters": {"type": "object", "properties": {"都市": {"type": "string", "description": "名前"}}}}]`,
}

// everyKey is a walk through every pane and command.
var everyKey = []string{
	"j", "k", "down", "up", "G", "g", "/", "a", "x", "backspace", "enter", "esc",
	"ctrl+s", "esc", "tab", "a", "j", "a", "tab", "{", "}", "esc", "d", "t", "?", "tab", "?",
	// The views and the form.
	"enter", "j", "G", "esc", "J", "K", "y", "tab", "v", "j", "esc", "s", "/", "e", "enter", "v", "v",
	"tab", "ctrl+s", "ctrl+f", "space", "right", "down", "7", "up", "x", "ctrl+f", "esc", "y", "ctrl+f",
	// Fixes (the file is not on disk: nothing is written), and the
	// server's keys, which a file answers with a note.
	"esc", "tab", "f", "j", "n", "F", "esc", "S", "R", "tab", "ctrl+r", "ctrl+p", "ctrl+n", "esc", "q",
}

func TestOddDocumentsShowAndTakeEveryKey(t *testing.T) {
	t.Parallel()
	for name, doc := range oddDocuments {
		t.Run(name, func(t *testing.T) {
			walkEveryKey(t, doc)
		})
	}
}

// walkEveryKey loads src (or its syntax error), presses every key and
// draws the screen after each, at two sizes.
func walkEveryKey(t *testing.T, src string) {
	t.Helper()
	for _, size := range [][2]int{{80, 24}, {41, 12}} {
		m := newModel(Options{File: "tools.json"}, nil)
		m = update(t, m, tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		doc, err := jsondoc.Parse("tools.json", []byte(src))
		if err != nil {
			m = update(t, m, docFailedMsg{err: err})
		} else {
			m = update(t, m, docLoadedMsg{snap: newSnapshot(lint.Lint(doc, lint.Options{}), loadTime)})
		}
		for _, k := range everyKey {
			m = press(t, m, k)
			if lines := strings.Count(m.View().Content, "\n") + 1; lines != size[1] {
				t.Fatalf("%dx%d after %q: %d lines", size[0], size[1], k, lines)
			}
		}
	}
}

// FuzzWorkbench loads any bytes as a tools file and walks every key: the
// workbench must neither fail nor lose its layout.
func FuzzWorkbench(f *testing.F) {
	for _, doc := range oddDocuments {
		f.Add(doc)
	}
	f.Add(testTools)
	f.Add(hostileTools)
	f.Fuzz(func(t *testing.T, src string) {
		walkEveryKey(t, src)
	})
}
