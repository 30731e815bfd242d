package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"toolbench/core/catalog"
	"toolbench/core/lint"
)

func TestAServersReportSaysItsRevision(t *testing.T) {
	r := &Report{
		Issues:   []lint.Issue{{Severity: catalog.Error, Code: "mcp/list-cache-hints", Path: "$.tools[0]", Message: "tools/list page 1 of 1 has no \"ttlMs\"", File: "server", Line: 2, Column: 1}},
		Files:    1,
		Revision: "2026-07-28",
	}
	var text bytes.Buffer
	if err := writeText(&text, r); err != nil {
		t.Fatal(err)
	}
	if last := strings.TrimSpace(text.String()[strings.LastIndexByte(strings.TrimSuffix(text.String(), "\n"), '\n')+1:]); last != "1 error in 1 file (MCP 2026-07-28)" {
		t.Errorf("text summary %q", last)
	}
	var js bytes.Buffer
	if err := writeJSON(&js, r); err != nil {
		t.Fatal(err)
	}
	var issues []map[string]any
	if err := json.Unmarshal(js.Bytes(), &issues); err != nil || len(issues) != 1 || issues[0]["revision"] != "2026-07-28" {
		t.Errorf("JSON %s: %v", js.String(), err)
	}
	// A file's report has none.
	r.Revision = ""
	js.Reset()
	writeJSON(&js, r)
	if strings.Contains(js.String(), "revision") {
		t.Errorf("a file's JSON names a revision: %s", js.String())
	}
}
