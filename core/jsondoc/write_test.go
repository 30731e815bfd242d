package jsondoc

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestSafeWriterEscapesHiddenCharactersEvenAcrossWrites(t *testing.T) {
	in := "[\"a\u202Eb\u200bc \U000E0041 ✓ \u00e9\"]"
	var b strings.Builder
	w := SafeWriter(&b)
	for i := 0; i < len(in); i++ { // one byte a write splits every character
		if _, err := w.Write([]byte{in[i]}); err != nil {
			t.Fatal(err)
		}
	}
	want := `["a\u202eb\u200bc \udb40\udc41 ✓ ` + "\u00e9" + `"]`
	if b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
	var v []string
	if err := json.Unmarshal([]byte(b.String()), &v); err != nil || v[0] != "a\u202Eb\u200bc \U000E0041 ✓ \u00e9" {
		t.Errorf("escaped JSON reads back as %q, %v", v, err)
	}
}
