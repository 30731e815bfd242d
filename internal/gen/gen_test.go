package gen

import (
	"bytes"
	"encoding/json"
	"testing"
)

func TestToolsIsValidJSONOfTheRequestedSize(t *testing.T) {
	data := Tools(100)
	var tools []map[string]any
	if err := json.Unmarshal(data, &tools); err != nil {
		t.Fatal(err)
	}
	if len(tools) != 100 {
		t.Fatalf("got %d tools, want 100", len(tools))
	}
	if per := len(data) / 100; per < 1200 || per > 1800 {
		t.Errorf("%d bytes a tool, want about 1.5 KB", per)
	}
}

func TestCallsAreOneJSONObjectPerLine(t *testing.T) {
	data := Calls(50, 10)
	lines := bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
	if len(lines) != 50 {
		t.Fatalf("got %d lines, want 50", len(lines))
	}
	for i, l := range lines {
		var v map[string]any
		if err := json.Unmarshal(l, &v); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
	}
	var flat map[string]any
	if err := json.Unmarshal(FlatSchemas(10), &flat); err != nil || len(flat) != 10 {
		t.Fatalf("flat schemas: %v, %d tools", err, len(flat))
	}
}
