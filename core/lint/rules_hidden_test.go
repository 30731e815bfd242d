package lint

import (
	"testing"

	"toolbench/core/catalog"
)

// hiddenTool is an OpenAI tool whose name, description and parameters
// are given as JSON text.
func hiddenTool(name, desc, params string) string {
	return `[{"type": "function", "function": {"name": ` + name + `, "description": ` + desc + `, "parameters": ` + params + `}}]`
}

const okDesc = `"Look up records in the catalogue."`
const okParams = `{"type": "object", "properties": {"q": {"type": "string", "description": "What to find."}}}`

func TestHiddenCharactersAreReportedWhereverTheModelReadsText(t *testing.T) {
	fn := "$[0].function"
	checkTargetCases(t, []string{"hidden-characters"}, []targetCase{
		{name: "plain text", src: hiddenTool(`"lookup"`, `"Line one.\n\tLine two, déjà vu, 日本語."`, okParams)},
		{name: "zero width space in the name",
			src:  hiddenTool(`"look\u200bup"`, okDesc, okParams),
			want: []issueWant{{"hidden-characters", fn + ".name", `tool name holds 1 hidden character: \u{200B} (zero width space) at character 5`}}},
		{name: "tag characters in the description spell text",
			src:  hiddenTool(`"lookup"`, `"Look up records.\udb40\udc69\udb40\udc67\udb40\udc6e"`, okParams),
			want: []issueWant{{"hidden-characters", fn + ".description", `tool description holds 3 hidden characters: \u{E0069} (tag character) at character 17; \u{E0067} (tag character) at character 18; \u{E006E} (tag character) at character 19; the tag characters spell "ign"`}}},
		{name: "bidi override in a property description",
			src:  hiddenTool(`"lookup"`, okDesc, `{"type": "object", "properties": {"q": {"type": "string", "description": "abc\u202edef"}}}`),
			want: []issueWant{{"hidden-characters", fn + ".parameters.properties.q.description", `description holds 1 hidden character: \u{202E} (right-to-left override) at character 4`}}},
		{name: "escape in a property name",
			src:  hiddenTool(`"lookup"`, okDesc, `{"type": "object", "properties": {"q\u001b[31m": {"type": "string"}}}`),
			want: []issueWant{{"hidden-characters", fn + ".parameters.properties['q\x1b[31m']", `property name holds 1 hidden character: \x1b (escape) at character 2`}}},
		{name: "enum value and const",
			src: hiddenTool(`"lookup"`, okDesc, `{"type": "object", "properties": {"u": {"enum": ["ok", "c\u00ad"]}, "v": {"const": "\u2066x"}}}`),
			want: []issueWant{
				{"hidden-characters", fn + ".parameters.properties.u.enum[1]", `enum value holds 1 hidden character: \u{AD} (format character) at character 2`},
				{"hidden-characters", fn + ".parameters.properties.v.const", `const value holds 1 hidden character: \u{2066} (left-to-right isolate)`},
			}},
		{name: "schema title and tool title",
			src: `[{"name": "lookup", "title": "Look\u200dup", "description": "Look up records in the catalogue.", "inputSchema": {"type": "object", "title": "\u0007"}}]`,
			want: []issueWant{
				{"hidden-characters", "$[0].title", `tool title holds 1 hidden character: \u{200D} (zero width joiner)`},
				{"hidden-characters", "$[0].inputSchema.title", `\x07 (control character)`},
			}},
		{name: "carriage return",
			src:  hiddenTool(`"lookup"`, `"Line one.\r\nLine two."`, okParams),
			want: []issueWant{{"hidden-characters", fn + ".description", `\r (control character) at character 10`}}},
		{name: "a character repeated is counted",
			src:  hiddenTool(`"lookup"`, `"a\u200bb\u200bc\u200b"`, okParams),
			want: []issueWant{{"hidden-characters", fn + ".description", `holds 3 hidden characters: \u{200B} (zero width space) 3 times, first at character 2`}}},
		{name: "emoji joiner sequences are text",
			src: hiddenTool(`"lookup"`, `"Family: \ud83d\udc68\u200d\ud83d\udc69\u200d\ud83d\udc67, heart on fire: \u2764\ufe0f\u200d\ud83d\udd25"`, okParams)},
		{name: "emoji subdivision flag tags are text",
			src: hiddenTool(`"lookup"`, `"Scotland: \ud83c\udff4\udb40\udc67\udb40\udc62\udb40\udc73\udb40\udc63\udb40\udc74\udb40\udc7f."`, okParams)},
		{name: "Persian non-joiner is text",
			src: hiddenTool(`"lookup"`, `"\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"`, okParams)},
		{name: "a joiner between Latin letters hides text",
			src:  hiddenTool(`"lookup"`, `"ab\u200ccd"`, okParams),
			want: []issueWant{{"hidden-characters", fn + ".description", `\u{200C} (zero width non-joiner) at character 3`}}},
		{name: "tags after a flag that do not end the sequence",
			src:  hiddenTool(`"lookup"`, `"\ud83c\udff4\udb40\udc67\udb40\udc62 then text"`, okParams),
			want: []issueWant{{"hidden-characters", fn + ".description", `the tag characters spell "gb"`}}},
		{name: "ideographic variation selector after a Han character",
			src: hiddenTool(`"lookup"`, `"\u845b\udb40\udd00"`, okParams)},
		{name: "variation selectors after Latin text carry bytes",
			src:  hiddenTool(`"lookup"`, `"a\udb40\udd00\udb40\udd01"`, okParams),
			want: []issueWant{{"hidden-characters", fn + ".description", `\u{E0100} (variation selector) at character 2; \u{E0101} (variation selector) at character 3`}}},
	})
}

func TestHiddenCharactersInAPropertyNamePointAtTheKeysCharacters(t *testing.T) {
	src := "[{\"name\": \"lookup\", \"description\": \"Look up records in the catalogue.\",\n  \"parameters\": {\"type\": \"object\", \"properties\": {\n    \"q\\u200b\": {\"type\": \"string\"}}}}]"
	got := issuesMatching(lintWith(t, src, nil, nil), []string{"hidden-characters"})
	if len(got) != 1 {
		t.Fatalf("issues = %+v, want one", got)
	}
	is := got[0]
	if is.Line != 3 || is.Column != 7 || is.EndLine != 3 || is.EndColumn != 13 || is.Severity != catalog.Error {
		t.Errorf("issue %s at %d:%d-%d:%d, want an error at 3:7-3:13, the escape in the key", is.Severity, is.Line, is.Column, is.EndLine, is.EndColumn)
	}
}

// TestHiddenCharactersPointAtTheirFirstRun checks that the issue spans
// the first run of hidden characters in the text, as written: raw, or
// escaped.
func TestHiddenCharactersPointAtTheirFirstRun(t *testing.T) {
	tests := []struct {
		name, desc, want string
	}{
		{"a raw character", "\"ab\u200bc is fine text\"", "\u200b"},
		{"an escaped run of tag characters", `"Look up records.\udb40\udc69\udb40\udc67\udb40\udc6e"`, `\udb40\udc69\udb40\udc67\udb40\udc6e`},
		{"the first of several runs", `"a\u200bb\u200b\u200bc"`, `\u200b`},
		{"a run of raw and escaped characters", "\"a\u200b\\u200cb and more text\"", "\u200b\\u200c"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := hiddenTool(`"lookup"`, tc.desc, okParams)
			got := issuesMatching(lintWith(t, src, nil, nil), []string{"hidden-characters"})
			if len(got) != 1 {
				t.Fatalf("issues = %+v, want one", got)
			}
			if span := src[got[0].Offset:got[0].EndOffset]; span != tc.want {
				t.Errorf("span = %q, want %q", span, tc.want)
			}
		})
	}
}
