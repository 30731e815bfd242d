package tui

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/internal/mcpclient"
)

// fakeTools is a server's listing as toolbench dump writes it: a tool
// that only reads, one with an outputSchema, one that says it destroys.
const fakeTools = `{"tools": [
{"name":"echo","description":"Echo the text back, unchanged.","inputSchema":{"type":"object","properties":{"text":{"type":"string","description":"What to echo."}},"required":["text"]},"annotations":{"readOnlyHint":true}},
{"name":"weather","description":"Give the temperature in a city, in degrees Celsius.","inputSchema":{"type":"object","properties":{"city":{"type":"string","description":"The city."}},"required":["city"]},"outputSchema":{"type":"object","properties":{"temperature":{"type":"number"}},"required":["temperature"]},"annotations":{"readOnlyHint":true}},
{"name":"write_note","description":"Write a note over the last one.","inputSchema":{"type":"object","properties":{"text":{"type":"string","description":"The note."}},"required":["text"]},"annotations":{"readOnlyHint":false,"destructiveHint":true}}
]}
`

// fakeSession is a session whose answers are fixed, so that screens
// compare: every call takes 4 ms.
type fakeSession struct {
	name    string            // the server's name; "" for test-tools
	results map[string]string // the result object of each tool
	stderr  string
	done    chan struct{}
	once    sync.Once
}

func newFakeSession() *fakeSession {
	weather, _ := json.Marshal(map[string]any{
		"content": []any{
			map[string]any{"type": "text", "text": "21.5 °C in Oslo\x1b[2J\nclear skies"},
			map[string]any{"type": "image", "mimeType": "image/png", "data": base64.StdEncoding.EncodeToString(make([]byte, 1234))},
			map[string]any{"type": "resource_link", "uri": "test://forecast/oslo", "name": "forecast"},
		},
		"structuredContent": map[string]any{"temperature": "mild", "unit": "C"},
	})
	return &fakeSession{
		results: map[string]string{
			"echo":       `{"content":[{"type":"text","text":"echo: hello"}]}`,
			"weather":    string(weather),
			"write_note": `{"content":[{"type":"text","text":"written"}]}`,
		},
		stderr: "listening on stdio\n\x1b[33mwarning:\x1b[0m no config file, using defaults\nready\n",
		done:   make(chan struct{}),
	}
}

func (f *fakeSession) Name() string {
	if f.name == "" {
		return "test-tools"
	}
	return f.name
}
func (f *fakeSession) ListTools(context.Context) (*mcpclient.ToolList, error) {
	return &mcpclient.ToolList{Name: "test-tools", Document: []byte(fakeTools), Tools: 3}, nil
}
func (f *fakeSession) ListChanged() <-chan struct{} { return nil }
func (f *fakeSession) Done() <-chan struct{}        { return f.done }
func (f *fakeSession) Err() error                   { return nil }
func (f *fakeSession) StderrTail() string           { return f.stderr }
func (f *fakeSession) Close() error                 { f.once.Do(func() { close(f.done) }); return nil }
func (f *fakeSession) ServerInfo() mcpclient.ServerInfo {
	return mcpclient.ServerInfo{Name: f.Name(), Version: "1.2.3", ProtocolVersion: "2025-11-25", ToolsListChanged: true}
}
func (f *fakeSession) Call(_ context.Context, name string, args json.RawMessage) (*mcpclient.CallResult, error) {
	res := f.results[name]
	if name == "echo" {
		var in struct{ Text string }
		json.Unmarshal(args, &in)
		res = `{"content":[{"type":"text","text":` + string(jsondoc.AppendQuote(nil, "echo: "+in.Text)) + `}]}`
	}
	return &mcpclient.CallResult{Result: json.RawMessage(res), Elapsed: 4 * time.Millisecond}, nil
}

// Answer answers as Call does: the fake server asks for nothing.
func (f *fakeSession) Answer(ctx context.Context, name string, args json.RawMessage, _ *mcpclient.InputRequired, _ map[string]mcpclient.InputResponse) (*mcpclient.CallResult, error) {
	return f.Call(ctx, name, args)
}

// fakeServerModel is the workbench on the fake session at w x h, its
// listing loaded at loadTime.
func fakeServerModel(t testing.TB, w, h int) model {
	t.Helper()
	return fakeServerOn(t, newFakeSession(), fakeTools, w, h)
}

// fakeServerOn is the workbench on the session fake, whose listing is
// tools, at w x h, the listing loaded at loadTime.
func fakeServerOn(t testing.TB, fake *fakeSession, tools string, w, h int) model {
	t.Helper()
	return fakeServerWith(t, fake, tools, Options{}, w, h)
}

// fakeServerWith is fakeServerOn with the Options cfg besides the server
// and the lint options.
func fakeServerWith(t testing.TB, fake *fakeSession, tools string, cfg Options, w, h int) model {
	t.Helper()
	opts := lint.Options{Targets: []string{"mcp"}}
	k := newConnector(func(context.Context) (session, *jsondoc.Document, *lint.ServerFacts, error) {
		return nil, nil, nil, fmt.Errorf("the fake server takes one session")
	})
	s := lintSnapshot(t, "test-tools", tools, opts)
	c := k.follow(fake, s.result.Doc, nil, opts)
	t.Cleanup(func() { k.closeAll(nil) })
	cfg.Server, cfg.Lint = &Server{}, opts
	m := newServerModel(cfg, k, c)
	m = update(t, m, tea.WindowSizeMsg{Width: w, Height: h})
	return update(t, m, docLoadedMsg{snap: s})
}

// TestGoldenServerScreens paints the workbench on a server at two sizes:
// its status bar, a call's result, the question before a tool's first
// run, a call recalled from the history, the server's standard error,
// and the compat row of a tool. go test -run Golden -update rewrites them.
func TestGoldenServerScreens(t *testing.T) {
	t.Parallel()
	scenes := []struct {
		name  string
		build func(t *testing.T, m model) model
		want  string // on the final screen
	}{
		{"server", func(t *testing.T, m model) model { return m }, "test-tools 1.2.3 · MCP 2025-11-25"},
		{"run result", func(t *testing.T, m model) model {
			return press(t, inTester(t, press(t, m, "j"), `{"name": "weather", "arguments": {"city": "Oslo"}}`), "ctrl+r")
		}, "▶ weather: ok 4 ms"},
		{"confirm", func(t *testing.T, m model) model {
			return press(t, inTester(t, m, `{"name": "write_note", "arguments": {"text": "buy milk"}}`), "ctrl+r")
		}, "? run write_note on test-tools?"},
		{"history", func(t *testing.T, m model) model {
			for _, text := range []string{"first", "second"} {
				m = press(t, inTester(t, m, `{"name": "echo", "arguments": {"text": "`+text+`"}}`), "ctrl+r")
			}
			return press(t, m, "ctrl+p", "ctrl+p")
		}, "call 1 of 2 of the session"},
		{"stderr", func(t *testing.T, m model) model { return press(t, m, "S") }, `\x1b[33mwarning:`},
		{"compat", func(t *testing.T, m model) model { return press(t, m, "j", "j") }, "compat"},
	}
	for _, sc := range scenes {
		for _, size := range []struct{ w, h int }{{80, 24}, {120, 40}} {
			t.Run(fmt.Sprintf("%s/%dx%d", sc.name, size.w, size.h), func(t *testing.T) {
				m := sc.build(t, fakeServerModel(t, size.w, size.h))
				if s := screen(m); !strings.Contains(s, sc.want) {
					t.Errorf("the screen lacks %q:\n%s", sc.want, s)
				}
				goldenScreen(t, m)
			})
		}
	}
}

// TestGoldenFixScreens paints f's diff of one fix and F's of every fix,
// at two sizes.
func TestGoldenFixScreens(t *testing.T) {
	t.Parallel()
	scenes := []struct {
		name string
		keys []string
		want string
	}{
		{"fix", []string{"tab", "f"}, `+        "city": {"type": "string"`},
		{"fix all", []string{"tab", "F"}, "2 issues (1 duplicate-enum-value, 1 unknown-type)"},
	}
	for _, sc := range scenes {
		for _, size := range []struct{ w, h int }{{80, 24}, {120, 40}} {
			t.Run(fmt.Sprintf("%s/%dx%d", sc.name, size.w, size.h), func(t *testing.T) {
				m := press(t, newLoadedModel(t, fixTools, size.w, size.h), sc.keys...)
				if s := screen(m); m.view != viewFix || !strings.Contains(s, sc.want) {
					t.Errorf("the screen lacks %q:\n%s", sc.want, s)
				}
				goldenScreen(t, m)
			})
		}
	}
}

// TestGoldenTrafficScreens paints the workbench beside a proxy at two
// sizes: every message of a session, its calls, its problems with the
// selected one's findings under them, a message whole, and a refused
// call opened in the tester. go test -run Golden -update rewrites them.
func TestGoldenTrafficScreens(t *testing.T) {
	t.Parallel()
	scenes := []struct {
		name string
		keys []string
		want string // on the final screen
	}{
		{"traffic", nil, "tools/call echo #6"},
		{"calls", []string{"c"}, "weather #3"},
		{"problems", []string{"x", "g", "j"}, "refused"},
		{"message", []string{"c", "g", "j", "v"}, "hint a required argument is absent"},
		{"to the tester", []string{"c", "g", "j", "enter"}, "missing:city"},
	}
	for _, sc := range scenes {
		for _, size := range []struct{ w, h int }{{80, 24}, {120, 40}} {
			t.Run(fmt.Sprintf("%s/%dx%d", sc.name, size.w, size.h), func(t *testing.T) {
				m := press(t, proxyModel(t, size.w, size.h), sc.keys...)
				if s := screen(m); !strings.Contains(s, sc.want) {
					t.Errorf("the screen lacks %q:\n%s", sc.want, s)
				}
				goldenScreen(t, m)
			})
		}
	}
}
