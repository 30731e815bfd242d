package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"regexp"
	"testing"
	"time"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
)

// testEvents are two loads of a watch: one with an issue, one of a file
// that does not parse.
func testEvents(t *testing.T) []Event {
	t.Helper()
	doc, err := jsondoc.Parse("tools.json", []byte(`[{"name": "a b", "description": "Looks things up in the index.", "parameters": {"type": "object", "properties": {"q": {"type": "string", "description": "The words to look for."}}}}]`))
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	return []Event{
		{Time: at, File: "tools.json", Lint: lint.Lint(doc, lint.Options{})},
		{Time: at.Add(time.Second), File: "tools.json", Err: errors.New("tools.json:1:2: invalid character '\x1b'")},
	}
}

func writeEvents(t *testing.T, format string, events []Event) string {
	t.Helper()
	f, ok := LookupFormat(format)
	if !ok || f.Events == nil {
		t.Fatalf("no format %s for watch", format)
	}
	var out bytes.Buffer
	w := f.Events(jsondoc.SafeWriter(&out), &EventReport{})
	for i := range events {
		if err := w.Event(&events[i]); err != nil {
			t.Fatal(err)
		}
	}
	return out.String()
}

func TestEventFormatsWriteEachLoad(t *testing.T) {
	events := testEvents(t)
	for _, tc := range []struct {
		format string
		want   *regexp.Regexp
	}{
		{"text", regexp.MustCompile(`^== 2025-06-01 12:00:00 tools.json ==\nERROR   tools.json:1:11 \$\[0\]\.name: .*\[invalid-name\]\n +1 \| .*\n +\| +\^+\n(        hint: .*\n)?\n1 error in 1 file\n\n== 2025-06-01 12:00:01 tools.json ==\ntools.json:1:2: invalid character '\\x1b'\n$`)},
		{"concise", regexp.MustCompile(`^== 2025-06-01 12:00:00 tools.json ==\nERROR   tools.json:1:11 \$\[0\]\.name: .*\[invalid-name\]\n1 error in 1 file\n\n== 2025-06-01 12:00:01 tools.json ==\ntools.json:1:2: invalid character '\\x1b'\n$`)},
	} {
		if out := writeEvents(t, tc.format, events); !tc.want.MatchString(out) {
			t.Errorf("%s:\n%s\nwant it to match %s", tc.format, out, tc.want)
		}
	}
	out := writeEvents(t, "json", events)
	var got []map[string]any
	for _, l := range lines(out) {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		got = append(got, m)
	}
	if len(got) != 2 || got[0]["ok"] != true || len(got[0]["issues"].([]any)) != 1 || got[0]["time"] != "2025-06-01T12:00:00Z" ||
		got[1]["ok"] != false || got[1]["error"] != "tools.json:1:2: invalid character '\x1b'" || got[1]["issues"] != nil {
		t.Errorf("JSON lines:\n%s", out)
	}
}
