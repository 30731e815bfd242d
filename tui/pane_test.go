package tui

import (
	"image/color"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"toolbench/core/jsondoc"
)

func TestPanesShareTheRootsStylesAndKeyMap(t *testing.T) {
	t.Parallel()
	m := newLoadedModel(t, testTools, 80, 24)
	for name, b := range map[string]paneBase{"tools": m.tools.paneBase, "issues": m.issues.paneBase, "call": m.call.paneBase} {
		if b.keys != m.keys || b.st != m.st {
			t.Errorf("the %s pane has its own key map or styles", name)
		}
	}
	m = update(t, m, tea.BackgroundColorMsg{Color: color.White})
	if m.tools.st != m.st || m.call.st != m.st || m.st.isDark {
		t.Error("a light background did not reach every pane")
	}
}

func TestSchemaTypeShowsTheDeclaredTypesOrWhatStandsForThem(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, schema, want string }{
		{"a type", `{"type": "string"}`, "string"},
		{"a list of types", `{"type": ["string", "null", "string"]}`, "string|null"},
		{"as written", `{"type": "STRING"}`, "STRING"},
		{"not a type", `{"type": ["string", 5]}`, `["string",5]`},
		{"a reference", `{"$ref": "#/$defs/x"}`, "$ref"},
		{"a choice", `{"anyOf": [{}, {}]}`, "anyOf"},
		{"an enum", `{"enum": [1]}`, "enum"},
		{"a constant", `{"const": 1}`, "const"},
		{"nothing", `{}`, "any"},
		{"escapes made visible", `{"type": "str\u001b[31mZZZ"}`, `str\x1b[31mZZZ`},
		{"escapes made visible, not a type", `{"type": ["\u202e", 5]}`, `["\u{202E}",5]`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			n, err := jsondoc.ParseValue("s", tc.schema)
			if err != nil {
				t.Fatal(err)
			}
			if got := schemaType(n); got != tc.want {
				t.Errorf("schemaType(%s) = %q, want %q", tc.schema, got, tc.want)
			}
		})
	}
}

func TestAnEmptyToolListSaysSoOnce(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, src string
		want      int // how many times the pane says "no tools"
	}{
		{"no tools", `[]`, 1},
		{"not tools", `{"hello": "world"}`, 1},
		{"a manifest", `{"name": "io.github.user/weather", "description": "Weather.", "version": "1.0.0"}`, 0},
		{"one bare tool", `[{"name": "t", "parameters": {"type": "object"}}]`, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := newLoadedModel(t, tc.src, 100, 20)
			got := m.tools.View()
			if n := strings.Count(got, "no tools"); n != tc.want {
				t.Errorf("the tools pane says \"no tools\" %d times, want %d:\n%s", n, tc.want, got)
			}
		})
	}
}
