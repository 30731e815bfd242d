// Package auxfile reads the files a command reads beside its documents:
// the configuration (toolbench.toml), the servers file (.mcp.json), the
// lock and the baseline. Each is read whole, up to a bound (Limit), so
// that /dev/zero, a pipe without end or a file the size of a disk ends
// in an error that names the bound and the flag that raises it, never in
// memory running out. Documents have their own bound (core/jsondoc).
// It imports core/termtext and the standard library.
package auxfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"toolbench/core/termtext"
)

// DefaultMax is the size of the largest file ReadAs reads when a Limit sets
// none: many times the largest configuration, servers file, lock or
// baseline of a project.
const DefaultMax = 64 << 20

// A Limit bounds the files ReadAs reads: Max bytes (DefaultMax when 0),
// which Flag, the command line's flag, raises. The zero Limit is
// DefaultMax, raised by no flag.
type Limit struct {
	Max  int64
	Flag string
}

func (l Limit) max() int64 {
	if l.Max > 0 {
		return l.Max
	}
	return DefaultMax
}

// TooLargeError reports a file past the Limit. Nothing of it was kept.
type TooLargeError struct {
	Path  string
	Limit Limit
}

func (e *TooLargeError) Error() string {
	msg := fmt.Sprintf("%s: larger than the %s toolbench reads of a configuration, servers, lock or baseline file", e.Path, termtext.Size(e.Limit.max()))
	if e.Limit.Flag != "" {
		msg += " (" + e.Limit.Flag + " raises it)"
	}
	return msg
}

// ReadAs returns the content of the file at path, or a *TooLargeError
// when it holds more than lim allows: a regular file is refused by its
// size, without being read; anything else (a device, a pipe) is read up
// to the bound and no further. Every error names the file shown, the
// path as the user gave it (path may be it joined to a working
// directory): the *TooLargeError, and the *fs.PathError of opening or
// reading it.
func ReadAs(path, shown string, lim Limit) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, named(err, shown)
	}
	defer f.Close()
	max := lim.max()
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > max {
		return nil, &TooLargeError{Path: shown, Limit: lim}
	}
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	switch {
	case err != nil:
		return nil, named(err, shown)
	case int64(len(data)) > max:
		return nil, &TooLargeError{Path: shown, Limit: lim}
	}
	return data, nil
}

// named is err, an error of the file system's, naming the file shown.
func named(err error, shown string) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		pe.Path = shown
	}
	return err
}

// ParseSize reads a size as a flag gives it: a number of bytes, or one
// with a unit, KiB, MiB or GiB (K, M, G and KB, MB, GB mean the same).
func ParseSize(s string) (int64, error) {
	num, unit := s, ""
	for i, c := range s {
		if (c < '0' || c > '9') && c != '.' {
			num, unit = s[:i], s[i:]
			break
		}
	}
	var n float64
	if _, err := fmt.Sscanf(num, "%g", &n); err != nil || num == "" || n <= 0 {
		return 0, fmt.Errorf("%q: want a size above zero, such as 64MiB", s)
	}
	mult := map[string]float64{"": 1, "B": 1, "K": 1 << 10, "KB": 1 << 10, "KiB": 1 << 10,
		"M": 1 << 20, "MB": 1 << 20, "MiB": 1 << 20, "G": 1 << 30, "GB": 1 << 30, "GiB": 1 << 30}[unit]
	if mult == 0 {
		return 0, fmt.Errorf("%q: unknown unit %q: want KiB, MiB or GiB", s, unit)
	}
	return int64(n * mult), nil
}
