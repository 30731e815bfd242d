//go:build unix

package core

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime/debug"
	"syscall"
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

func TestLoadFileMappedMatchesLoadFile(t *testing.T) {
	for _, n := range []int{10, 2000} { // below and above MapFileSize
		data := gen.Tools(n)
		path := writeTemp(t, data)
		want, err := LoadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		got, err := LoadFileMapped(path)
		if err != nil {
			t.Fatal(err)
		}
		mapped := inMappedFile(uintptr(unsafe.Pointer(unsafe.StringData(got.Src))))
		if large := len(data) >= MapFileSize; mapped != large {
			t.Errorf("%d tools, %d bytes: mapped %v, want %v", n, len(data), mapped, large)
		}
		if w, g := dumpDoc(want), dumpDoc(got); w != g {
			t.Errorf("%d tools: the mapped document differs from the read one", n)
		}
		if wl, gl := Lint(want, Options{}), Lint(got, Options{}); len(wl.Issues) != len(gl.Issues) || len(gl.Issues) == 0 {
			t.Errorf("%d tools: %d issues mapped, %d read", n, len(gl.Issues), len(wl.Issues))
		}
	}
}

func TestLoadFileMappedErrorsAreLoadFiles(t *testing.T) {
	data := gen.Tools(2000)
	data[len(data)/2+bytes.Index(data[len(data)/2:], []byte("},\n"))+1] = ';'
	path := writeTemp(t, data)
	_, want := LoadFile(path)
	_, got := LoadFileMapped(path)
	if want == nil || got == nil || got.Error() != want.Error() {
		t.Errorf("mapped: %v; read: %v", got, want)
	}
	if _, err := LoadFileMapped(filepath.Join(t.TempDir(), "missing.json")); !os.IsNotExist(err) {
		t.Errorf("a missing file gives %v, want not-exist", err)
	}
}

// TestAShrunkMappedFileFaultsInTheCaller cuts a mapped file short and
// lints its document: the fault must come out of the linter's goroutines
// as a panic the caller can recover, not a crash.
func TestAShrunkMappedFileFaultsInTheCaller(t *testing.T) {
	path := writeTemp(t, gen.Tools(4000))
	doc, err := LoadFileMapped(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	recovered := func() (r any) {
		defer func() { r = recover() }()
		Lint(doc, Options{})
		return nil
	}()
	if !IsFault(recovered) {
		t.Fatalf("linting a cut-short mapped file recovered %v, want a fault", recovered)
	}
}

// faultSink keeps a read the compiler would otherwise drop.
var faultSink byte

// TestIsFaultOnlyInMappedFiles keeps faults that are bugs from passing
// as a changed file: a fault at an address no file is mapped at is not
// one IsFault takes.
func TestIsFaultOnlyInMappedFiles(t *testing.T) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	// Memory mapped and unmapped again, by hand rather than by mapFile.
	gone, err := syscall.Mmap(-1, 0, os.Getpagesize(), syscall.PROT_READ, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Munmap(gone); err != nil {
		t.Fatal(err)
	}
	recovered := func() (r any) {
		defer func() { r = recover() }()
		faultSink = gone[0]
		return nil
	}()
	if recovered == nil {
		t.Fatal("reading unmapped memory did not fault")
	}
	if IsFault(recovered) {
		t.Errorf("IsFault(%v) = true for an address no file is mapped at", recovered)
	}
	if IsFault(&goroutinePanic{value: "not a fault"}) || IsFault(nil) {
		t.Error("IsFault takes a panic that is no fault")
	}
}
