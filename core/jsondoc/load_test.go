package jsondoc

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"

	"toolbench/internal/gen"
)

func writeTemp(t *testing.T, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tools.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestLoadFileOwnsItsTextWhenTheFileChangesAfterwards loads a file large
// enough to be read by several goroutines, then cuts the file to nothing
// and rewrites it: the document read before holds the text it read, every
// string of it.
func TestLoadFileOwnsItsTextWhenTheFileChangesAfterwards(t *testing.T) {
	data := gen.Tools(4000)
	path := writeTemp(t, data)
	doc, err := LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(`{"tools": []}`), 0o644); err != nil {
		t.Fatal(err)
	}
	want, err := Parse("tools.json", data)
	if err != nil {
		t.Fatal(err)
	}
	if doc.Src != string(data) {
		t.Fatal("the document's text changed with the file")
	}
	if w, g := dumpDoc(want), dumpDoc(doc); w != g {
		t.Error("the document's tree changed with the file")
	}
}

func TestLoadFileErrorsNameTheFileOnce(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.json")
	_, err := LoadFile(missing)
	if want := "open " + missing + ": no such file or directory"; err == nil || err.Error() != want {
		t.Errorf("a missing file: %v, want %q", err, want)
	}
	var re *ReadError
	if !errors.As(err, &re) || !os.IsNotExist(re.Err) {
		t.Errorf("a missing file gives %T, want a *ReadError wrapping not-exist", err)
	}
	_, err = LoadFile(dir)
	if want := "read " + dir + ": is a directory"; err == nil || err.Error() != want {
		t.Errorf("a directory: %v, want %q", err, want)
	}
}

func TestParseTextKeepsTheStringAsTheSource(t *testing.T) {
	src := `{"a": [1, "x"]}`
	doc, err := ParseText("t.json", src)
	if err != nil {
		t.Fatal(err)
	}
	if unsafe.StringData(doc.Src) != unsafe.StringData(src) || doc.Root.Get("a").Elem(1).Str() != "x" {
		t.Errorf("ParseText copied the text or read it wrong: %q", doc.Src)
	}
	if _, err := ParseText("bad.json", `{"a": }`); err == nil || !strings.Contains(err.Error(), "bad.json:1:7") {
		t.Errorf("ParseText of bad JSON: %v, want a positioned error", err)
	}
	if _, err := ParseText("empty.json", ""); err == nil {
		t.Error("ParseText of nothing succeeded")
	}
}
