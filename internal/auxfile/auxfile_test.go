package auxfile

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestReadAsStopsAtTheBoundAndNamesTheFileAsGivenAndTheFlagThatRaisesIt(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.toml")
	if err := os.WriteFile(big, make([]byte, 2<<10), 0o644); err != nil {
		t.Fatal(err)
	}
	fits := filepath.Join(dir, "fits.toml")
	if err := os.WriteFile(fits, make([]byte, 1<<10), 0o644); err != nil {
		t.Fatal(err)
	}
	lim := Limit{Max: 1 << 10, Flag: "--max-file-size"}
	tests := []struct {
		name  string
		path  string
		shown string // the path as the user gave it
		lim   Limit
		want  string // the error; "" for none
	}{
		{"an endless device", "/dev/zero", "/dev/zero", lim, "/dev/zero: larger than the 1 KiB toolbench reads of a configuration, servers, lock or baseline file (--max-file-size raises it)"},
		{"an endless device, the default bound", "/dev/zero", "/dev/zero", Limit{}, "/dev/zero: larger than the 64 MiB toolbench reads"},
		{"a file past the bound, named as given", big, "big.toml", lim, "big.toml: larger than the 1 KiB"},
		{"a file at the bound", fits, "fits.toml", lim, ""},
		{"a file that is not there, named as given", filepath.Join(dir, "none"), "none", lim, "open none: no such file or directory"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := os.Stat(tc.path); tc.path == "/dev/zero" && err != nil {
				t.Skip(err)
			}
			data, err := ReadAs(tc.path, tc.shown, tc.lim)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("ReadAs: %v", err)
			case tc.want == "":
				if len(data) != 1<<10 {
					t.Errorf("read %d bytes, want %d", len(data), 1<<10)
				}
			case err == nil || !strings.HasPrefix(err.Error(), tc.want):
				t.Errorf("ReadAs: %v, want an error starting %q", err, tc.want)
			}
			var tooLarge *TooLargeError
			if strings.Contains(tc.want, "larger than") && !errors.As(err, &tooLarge) {
				t.Errorf("ReadAs: %T, want a *TooLargeError", err)
			}
		})
	}
}

func TestReadOfAPipeWithoutEndStopsAtTheBound(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	go func() {
		chunk := make([]byte, 4<<10)
		for {
			if _, err := w.Write(chunk); err != nil {
				w.Close()
				return
			}
		}
	}()
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("no /proc/self/fd here")
	}
	path := filepath.Join("/proc/self/fd", strconv.Itoa(int(r.Fd())))
	_, err = ReadAs(path, "pipe", Limit{Max: 64 << 10})
	var tooLarge *TooLargeError
	if !errors.As(err, &tooLarge) || tooLarge.Path != "pipe" {
		t.Errorf("ReadAs: %v, want a *TooLargeError naming the pipe as given", err)
	}
}

func TestParseSizeReadsBytesAndUnits(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		err  string
	}{
		{"100", 100, ""},
		{"64MiB", 64 << 20, ""},
		{"64M", 64 << 20, ""},
		{"1.5GiB", 3 << 29, ""},
		{"512KB", 512 << 10, ""},
		{"0", 0, "want a size above zero"},
		{"-5MiB", 0, "want a size above zero"},
		{"10x", 0, `unknown unit "x"`},
		{"MiB", 0, "want a size above zero"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseSize(tc.in)
			switch {
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Errorf("ParseSize(%q) = %d, %v; want an error containing %q", tc.in, got, err, tc.err)
			case tc.err == "" && (err != nil || got != tc.want):
				t.Errorf("ParseSize(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
			}
		})
	}
}
