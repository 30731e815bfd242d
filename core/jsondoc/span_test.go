package jsondoc

import "testing"

func TestKeySpanIsTheKeysStringToken(t *testing.T) {
	src := `{"a\"b" : 1, "c": [2, 3]}`
	doc, err := Parse("t.json", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		m    Member
		want string
	}{
		{"a key with an escaped quote", doc.Root.Kids()[0], `"a\"b"`},
		{"a plain key", doc.Root.Kids()[1], `"c"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			start, end := doc.KeySpan(tc.m)
			if got := src[start:end]; got != tc.want {
				t.Errorf("KeySpan = %q, want %q", got, tc.want)
			}
		})
	}
	if start, end := doc.KeySpan(doc.Root.Get("c").Kids()[0]); start != -1 || end != -1 {
		t.Errorf("KeySpan of an array element = %d, %d, want -1, -1", start, end)
	}
}

func TestTokenEnd(t *testing.T) {
	src := `{"s": "x\\\"y", "n": -1.5e+3, "t": true}`
	doc, err := Parse("t.json", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		off  int
		want string
	}{
		{"a string with escapes", int(doc.Root.Get("s").Start), `"x\\\"y"`},
		{"a number", int(doc.Root.Get("n").Start), `-1.5e+3`},
		{"a literal", int(doc.Root.Get("t").Start), `true`},
		{"a bracket", 0, `{`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := src[tc.off:doc.TokenEnd(tc.off)]; got != tc.want {
				t.Errorf("token = %q, want %q", got, tc.want)
			}
		})
	}
	if got := doc.TokenEnd(len(src)); got != len(src) {
		t.Errorf("TokenEnd past the text = %d, want %d", got, len(src))
	}
}

func TestStringSpanMapsDecodedBytesToTheText(t *testing.T) {
	// The value decodes to "ab\u200bé\u200b\U0001F600z": the zero-width
	// space written raw once and escaped once, the emoji as a surrogate
	// pair.
	src := `{"k": "ab` + "\u200b" + `\u00e9\u200b\ud83d\ude00z"}`
	doc, err := Parse("t.json", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	v := doc.Root.Get("k")
	if v.Str() != "ab\u200bé\u200b\U0001F600z" {
		t.Fatalf("decoded %q", v.Str())
	}
	tests := []struct {
		name     string
		from, to int
		want     string
	}{
		{"the first character", 0, 1, `a`},
		{"a raw zero-width space", 2, 5, "\u200b"},
		{"an escaped character", 5, 7, `\u00e9`},
		{"an escaped zero-width space", 7, 10, `\u200b`},
		{"a surrogate pair", 10, 14, `\ud83d\ude00`},
		{"a run of three", 2, 10, "\u200b" + `\u00e9\u200b`},
		{"the last character", 14, 15, `z`},
		{"an empty place past the end", 15, 15, ``},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			start, end := doc.StringSpan(int(v.Start), tc.from, tc.to)
			if got := src[start:end]; got != tc.want {
				t.Errorf("StringSpan(%d, %d) = %q, want %q", tc.from, tc.to, got, tc.want)
			}
		})
	}
}
