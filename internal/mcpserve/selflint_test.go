package mcpserve_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/report"
	"toolbench/internal/golden"
	"toolbench/internal/mcpclient"
	"toolbench/internal/mcpserve"
)

// listOverHTTP serves opt over Streamable HTTP and returns the tools
// document toolbench's client makes of the tools/list it receives, each
// tool as the server sent it, asking for protocol version.
func listOverHTTP(t *testing.T, opt mcpserve.Options, version string) *mcpclient.ToolList {
	t.Helper()
	h, err := mcpserve.Handler(opt)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	_, list := connectClient(t, mcpclient.Spec{URL: ts.URL, ProtocolVersion: version})
	return list
}

// connectClient connects toolbench's client to the server of spec, for
// the rest of the test, and lists its tools.
func connectClient(t *testing.T, spec mcpclient.Spec) (*mcpclient.Client, *mcpclient.ToolList) {
	t.Helper()
	c, err := mcpclient.Connect(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	list, err := c.ListTools(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return c, list
}

// TestOwnToolsPassOwnLintUnderEveryTarget lints the tools/list the
// server sends, as a client receives it, with no target, with each
// target, and with all of them: not one issue, warnings included.
func TestOwnToolsPassOwnLintUnderEveryTarget(t *testing.T) {
	t.Parallel()
	list := listOverHTTP(t, mcpserve.Options{Root: t.TempDir()}, "")
	doc, err := jsondoc.Parse(list.Name, list.Document)
	if err != nil {
		t.Fatal(err)
	}
	targetSets := [][]string{nil, lint.TargetNames()}
	for _, name := range lint.TargetNames() {
		targetSets = append(targetSets, []string{name})
	}
	text, _ := report.LookupFormat("text")
	for _, targets := range targetSets {
		res := lint.Lint(doc, lint.Options{Targets: targets})
		if len(res.Tools.Tools) != 4 {
			t.Fatalf("linted %d tools, want 4", len(res.Tools.Tools))
		}
		if len(res.Issues) > 0 {
			var b strings.Builder
			text.Write(&b, &report.Report{Issues: res.Issues, Files: 1})
			t.Errorf("targets %v:\n%s", targets, b.String())
		}
	}
}

// TestToolDefinitionsAreAsReviewed keeps the tool definitions as clients
// see them in testdata/tools.json, so that a change to a name, a
// description or a schema shows in review (go test -update rewrites it).
func TestToolDefinitionsAreAsReviewed(t *testing.T) {
	t.Parallel()
	list := listOverHTTP(t, mcpserve.Options{Root: t.TempDir()}, "")
	var b bytes.Buffer
	if err := json.Indent(&b, list.Document, "", "  "); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/tools.json", b.Bytes())
}

func TestServesEitherProtocolVersionOverHTTP(t *testing.T) {
	t.Parallel()
	for _, version := range []string{"2025-11-25", "2026-07-28"} {
		t.Run(version, func(t *testing.T) {
			list := listOverHTTP(t, mcpserve.Options{Root: t.TempDir()}, version)
			doc, err := jsondoc.Parse(list.Name, list.Document)
			if err != nil {
				t.Fatal(err)
			}
			if n := doc.Root.Get("tools").Len(); n != 4 {
				t.Errorf("%d tools listed, want 4", n)
			}
		})
	}
}

func TestEveryPathParameterSaysItIsRelativeToTheRoot(t *testing.T) {
	list := listOverHTTP(t, mcpserve.Options{Root: t.TempDir()}, "")
	var tools struct {
		Tools []struct {
			Name        string `json:"name"`
			InputSchema struct {
				Properties map[string]struct {
					Description string `json:"description"`
				} `json:"properties"`
			} `json:"inputSchema"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(list.Document, &tools); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, tool := range tools.Tools {
		for name, p := range tool.InputSchema.Properties {
			if !strings.HasSuffix(name, "_path") {
				continue
			}
			n++
			if !strings.Contains(p.Description, "relative to the server's root directory") || !strings.Contains(p.Description, "--root") {
				t.Errorf("%s.%s does not say it is relative to --root: %q", tool.Name, name, p.Description)
			}
		}
	}
	if n == 0 {
		t.Fatal("no tool has a path parameter")
	}
}
