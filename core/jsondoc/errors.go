package jsondoc

import (
	"errors"
	"fmt"
	"io/fs"

	"toolbench/core/termtext"
)

// The errors of loading a document are of three kinds, each naming the
// input: *SyntaxError (it is not JSON, positioned), *TooLargeError (it is
// past a size limit) and *ReadError (it could not be read). Locate
// gives the place of any of them.

// SyntaxError is input that is not valid JSON: where and why.
type SyntaxError struct {
	File   string
	Offset int
	Line   int
	Column int
	// UTF16Column is Column counted in UTF-16 code units (see
	// UTF16Column), for readers that count so.
	UTF16Column int
	Msg         string
}

func (e *SyntaxError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Msg)
}

// ErrTooLarge is the cause of every error about input past a size limit:
// errors.Is(err, ErrTooLarge) tells them apart through any wrapping.
var ErrTooLarge = errors.New("input is too large")

// TooLargeError is input larger than the limit in force when it was read.
type TooLargeError struct {
	File  string
	Limit int64 // bytes
}

// Error names the input, unless File is "" for a caller to name it.
func (e *TooLargeError) Error() string {
	msg := "input is larger than the " + termtext.Size(e.Limit) + " limit"
	if e.File == "" {
		return msg
	}
	return e.File + ": " + msg
}

// Unwrap makes errors.Is(err, ErrTooLarge) true.
func (e *TooLargeError) Unwrap() error { return ErrTooLarge }

// ReadError is input that could not be read: a file that does not exist,
// a directory, a read that failed.
type ReadError struct {
	File string
	Err  error
}

// Error names the file once, as File names it: the error of an operation
// on the file itself says "open tools.json: no such file or directory",
// whatever path the file was opened by (one joined to a working
// directory).
func (e *ReadError) Error() string {
	var pe *fs.PathError
	if errors.As(e.Err, &pe) {
		return pe.Op + " " + e.File + ": " + pe.Err.Error()
	}
	return e.File + ": " + e.Err.Error()
}

func (e *ReadError) Unwrap() error { return e.Err }

// Locate returns the input an error of loading is about and, for a
// syntax error, its line and column (0 for the others), and the error's
// message without the name; ok is false for an error of another kind.
func Locate(err error) (file string, line, col int, msg string, ok bool) {
	var se *SyntaxError
	var tl *TooLargeError
	var re *ReadError
	switch {
	case errors.As(err, &se):
		return se.File, se.Line, se.Column, se.Msg, true
	case errors.As(err, &tl):
		return tl.File, 0, 0, "input is larger than the " + termtext.Size(tl.Limit) + " limit", true
	case errors.As(err, &re):
		var pe *fs.PathError
		if errors.As(re.Err, &pe) {
			return re.File, 0, 0, pe.Err.Error(), true
		}
		return re.File, 0, 0, re.Err.Error(), true
	}
	return "", 0, 0, "", false
}
