package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteReplacesTheFileKeepingItsMode(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "tools.json")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, []byte("new")); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil || string(got) != "new" {
		t.Fatalf("file holds %q (%v), want new", got, err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want -rw-------", fi.Mode().Perm())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("the folder holds %d entries, want the file alone: %v", len(entries), entries)
	}
}

func TestWriteCreatesANewFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "out.json")
	if err := Write(path, []byte("x")); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want -rw-r--r--", fi.Mode().Perm())
	}
}

func TestWriteThroughASymlinkKeepsTheLink(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	real := filepath.Join(dir, "real.json")
	link := filepath.Join(dir, "link.json")
	if err := os.WriteFile(real, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(real, link); err != nil {
		t.Skip(err)
	}
	if err := Write(link, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link is gone: %v %v", fi, err)
	}
	if got, _ := os.ReadFile(real); string(got) != "new" {
		t.Errorf("the target holds %q, want new", got)
	}
}

func TestWriteRefusesADirectoryAndLeavesNoTemporaryFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := Write(sub, []byte("x")); err == nil {
		t.Fatal("Write over a directory succeeded")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("the folder holds %v, want only sub", entries)
	}
}

func TestWriteToADeviceWritesIt(t *testing.T) {
	t.Parallel()
	if err := Write(os.DevNull, []byte("x")); err != nil {
		t.Fatalf("Write to %s: %v", os.DevNull, err)
	}
}

func TestWriteToAPipeWritesThroughIt(t *testing.T) {
	t.Parallel()
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := mkfifo(fifo); err != nil {
		t.Skip(err)
	}
	got := make(chan []byte)
	go func() {
		data, _ := os.ReadFile(fifo)
		got <- data
	}()
	if err := Write(fifo, []byte("through")); err != nil {
		t.Fatal(err)
	}
	if data := <-got; string(data) != "through" {
		t.Errorf("the reader got %q, want through", data)
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the pipe was replaced: %v %v", fi, err)
	}
}

func TestReplaceLeavesAFileThatChangedSinceItWasRead(t *testing.T) {
	const read = `{"name": "a"}`
	tests := []struct {
		name string
		save func(t *testing.T, path string) // what another program does meanwhile
		want string                          // the file afterwards; "" for no file
	}{
		{"saved in place, same size", func(t *testing.T, path string) { writeFile(t, path, `{"name": "b"}`, 0o644) }, `{"name": "b"}`},
		{"saved in place, longer", func(t *testing.T, path string) { writeFile(t, path, `{"name": "bc"}`, 0o644) }, `{"name": "bc"}`},
		{"saved by renaming a new file over it", func(t *testing.T, path string) {
			writeFile(t, path+".new", `{"name": "c"}`, 0o644)
			if err := os.Rename(path+".new", path); err != nil {
				t.Fatal(err)
			}
		}, `{"name": "c"}`},
		{"removed", func(t *testing.T, path string) {
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
		}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "tools.json")
			writeFile(t, path, read, 0o644)
			tc.save(t, path)
			err := Replace(path, read, []byte(`{"name": "fixed"}`))
			var changed *ChangedError
			if !errors.As(err, &changed) {
				t.Fatalf("Replace: %v, want a *ChangedError", err)
			}
			if !strings.Contains(err.Error(), "changed since it was read") {
				t.Errorf("error %q does not say the file changed", err)
			}
			got, _ := os.ReadFile(path)
			if string(got) != tc.want {
				t.Errorf("the file holds %q, want the newer save %q", got, tc.want)
			}
			if entries, _ := os.ReadDir(filepath.Dir(path)); len(entries) > 1 {
				t.Errorf("the folder holds %v, want no temporary file", entries)
			}
		})
	}
}

func TestReplaceWritesAFileThatHoldsWhatWasRead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tools.json")
	read := strings.Repeat(`{"name": "a"} `, 100000) // more than one piece of the comparison
	writeFile(t, path, read, 0o640)
	if err := Replace(path, read, []byte("fixed")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); string(got) != "fixed" {
		t.Errorf("the file holds %q, want fixed", got)
	}
}

func TestWriteRefusesAReadOnlyFileAndAFileWithOtherNames(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, path string) (other string)
		want  string
	}{
		{"read-only", func(t *testing.T, path string) string {
			if err := os.Chmod(path, 0o444); err != nil {
				t.Fatal(err)
			}
			return ""
		}, "is read-only (-r--r--r--)"},
		{"a hard link", func(t *testing.T, path string) string {
			other := path + ".other"
			if err := os.Link(path, other); err != nil {
				t.Skip(err)
			}
			return other
		}, "has 2 names (hard links)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "tools.json")
			writeFile(t, path, "old", 0o644)
			other := tc.setup(t, path)
			for _, write := range []func() error{
				func() error { return Write(path, []byte("new")) },
				func() error { return Replace(path, "old", []byte("new")) },
			} {
				err := write()
				var refused *RefusedError
				if !errors.As(err, &refused) || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("write: %v, want a *RefusedError that says %q", err, tc.want)
				}
				for _, p := range []string{path, other} {
					if got, _ := os.ReadFile(p); p != "" && string(got) != "old" {
						t.Errorf("%s holds %q, want old", p, got)
					}
				}
			}
		})
	}
}

func writeFile(t *testing.T, path, text string, mode os.FileMode) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), mode); err != nil {
		t.Fatal(err)
	}
}
