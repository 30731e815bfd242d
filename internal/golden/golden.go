// Package golden compares test output with golden files under testdata,
// and rewrites them when the tests run with -update, after a change has
// been checked by eye. It is for toolbench's tests only.
package golden

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func init() {
	// teatest's golden package defines the same flag in the workbench's
	// tests; both read it.
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite golden files")
	}
}

// Update reports whether the tests run with -update.
func Update() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// Check compares got with the file at path, or writes got there with
// -update. A difference fails t with the first line that differs.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if Update() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (-update rewrites it), at %s", path, FirstDifference(string(got), string(want)))
	}
}

// FirstDifference names the first line where got and want differ, and
// shows both.
func FirstDifference(got, want string) string {
	g, w := bytes.Split([]byte(got), []byte("\n")), bytes.Split([]byte(want), []byte("\n"))
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl []byte
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if !bytes.Equal(gl, wl) {
			return "line " + strconv.Itoa(i+1) + ":\n got:  " + string(gl) + "\n want: " + string(wl)
		}
	}
	return "no line"
}

// CheckSection compares got with the part of the file at path between
// the lines begin and end, a generated part of a page written by hand,
// or writes got there with -update. rerun says how to update it.
func CheckSection(t testing.TB, path, begin, end, got, rerun string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	i, j := strings.Index(doc, begin+"\n"), strings.Index(doc, end)
	if i < 0 || j < i {
		t.Fatalf("%s has no part between %q and %q", path, begin, end)
	}
	at := i + len(begin) + 1
	if doc[at:j] == got {
		return
	}
	if Update() {
		if err := os.WriteFile(path, []byte(doc[:at]+got+doc[j:]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s differs from what the test made; %s.\n%s", path, rerun, FirstDifference(doc[at:j], got))
}
