package mcpserve_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/diff"
	"toolbench/core/jsondoc"
	"toolbench/core/report"
	"toolbench/internal/mcpserve"
)

const (
	oldTools = `[{"name": "get_weather", "description": "Get the weather for a city.", "parameters": {"type": "object",
  "properties": {"city": {"type": "string"}, "days": {"type": "integer"}}, "required": ["city"]}}]`
	newTools = `[{"name": "get_weather", "description": "Get the weather for a city.", "parameters": {"type": "object",
  "properties": {"city": {"type": "string"}, "units": {"type": "string"}}, "required": ["city", "units"]}},
 {"name": "get_time", "description": "Get the time in a city.", "parameters": {"type": "object", "properties": {}}}]`
)

// diffAnswer is diff_tools' structuredContent, its changes as JSON values.
type diffAnswer struct {
	Changes       []map[string]any `json:"changes"`
	Breaking      int              `json:"breaking"`
	Notes         int              `json:"notes"`
	BreaksCallers bool             `json:"breaks_callers"`
	Omitted       int              `json:"omitted"`
}

func TestDiffToolReturnsTheChangesAsTheJSONReportHasThem(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"v2/tools.json": newTools})
	cs := connect(t, mcpserve.Options{Root: root})
	var got diffAnswer
	text := answer(t, cs, "diff_tools", map[string]any{"old": oldTools, "old_path": nil, "new": nil, "new_path": "v2/tools.json"}, &got)

	old, _ := jsondoc.ParseText("<old>", oldTools)
	new, _ := jsondoc.ParseText("v2/tools.json", newTools)
	res, err := diff.Compare(old, new)
	if err != nil {
		t.Fatal(err)
	}
	var js, txt strings.Builder
	jsonFormat, _ := report.LookupFormat("json")
	textFormat, _ := report.LookupFormat("text")
	r := &report.ChangeReport{Result: res, Old: old.Name, New: new.Name}
	if err := jsonFormat.Changes(&js, r); err != nil {
		t.Fatal(err)
	}
	if err := textFormat.Changes(&txt, r); err != nil {
		t.Fatal(err)
	}
	var want []map[string]any
	if err := json.Unmarshal([]byte(js.String()), &want); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got.Changes); diff != "" {
		t.Errorf("changes differ from the JSON report (-report +tool):\n%s", diff)
	}
	if text != txt.String() {
		t.Errorf("text:\n%s\nwant the text report:\n%s", text, txt.String())
	}
	codes := map[string]bool{}
	for _, c := range got.Changes {
		codes[c["code"].(string)] = true
	}
	for _, code := range []string{"removed-parameter", "new-required-parameter", "added-tool"} {
		if !codes[code] {
			t.Errorf("no %s among %v", code, codes)
		}
	}
	if !got.BreaksCallers || got.Breaking != res.Breaking || got.Notes != res.Notes || got.Breaking == 0 {
		t.Errorf("breaks_callers %v, %d breaking, %d notes; want true, %d, %d", got.BreaksCallers, got.Breaking, got.Notes, res.Breaking, res.Notes)
	}
}

func TestDiffToolSaysWhenNothingChanged(t *testing.T) {
	t.Parallel()
	cs := connect(t, mcpserve.Options{Root: t.TempDir()})
	var got diffAnswer
	text := answer(t, cs, "diff_tools", map[string]any{"old": oldTools, "old_path": nil, "new": oldTools, "new_path": nil}, &got)
	if text != "no changes\n" || got.BreaksCallers || len(got.Changes) != 0 {
		t.Errorf("text %q, answer %+v; want no changes", text, got)
	}
}
