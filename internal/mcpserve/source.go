package mcpserve

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"toolbench/core/jsondoc"
)

// A document is given to a tool in one of two arguments: its JSON text
// in one (named "<tools>" in issues and errors, as standard input is
// "<stdin>" on the command line), or the path of a file under the root
// in the other (named by its path from the root).

// document reads the document given in textArg, as text, or in pathArg,
// as a path: exactly one of them. An empty string counts as not given,
// as null does.
func (s *server) document(textArg string, text *string, pathArg string, path *string) (*jsondoc.Document, error) {
	hasText, hasPath := text != nil && *text != "", path != nil && *path != ""
	switch {
	case hasText && hasPath:
		return nil, fmt.Errorf("%s and %s both give a document; give one and set the other to null", textArg, pathArg)
	case hasText:
		return s.parseText(textArg, *text)
	case hasPath:
		return s.readFile(pathArg, *path)
	}
	return nil, fmt.Errorf("give the document as JSON text in %s, or the path of a file under the server's root directory in %s", textArg, pathArg)
}

// parseText parses the text given in arg as a document named "<arg>".
func (s *server) parseText(arg, text string) (*jsondoc.Document, error) {
	if len(text) > s.maxInput {
		return nil, s.tooLarge(arg, len(text))
	}
	return jsondoc.ParseText("<"+arg+">", text)
}

// tooLarge is the error of an input of n bytes, past the limit.
func (s *server) tooLarge(what string, n int) error {
	return fmt.Errorf("%s is %d bytes, more than the %d this server reads", what, n, s.maxInput)
}

// readFile reads the file at path, given in arg, under the root. The path
// is relative to the root, or absolute within it; a path that leads out
// of it, by "..", by being absolute elsewhere or through a symbolic
// link, is refused with an error that says so, and the file is opened
// through an os.Root, which refuses any escape the checks before it
// missed (a link changed in between).
func (s *server) readFile(arg, path string) (*jsondoc.Document, error) {
	rel, err := s.relative(path)
	if err != nil {
		return nil, fmt.Errorf("%s %q: %w", arg, path, err)
	}
	root, err := os.OpenRoot(s.root)
	if err != nil {
		return nil, fmt.Errorf("%s %q: %w", arg, path, pathErr(err))
	}
	defer root.Close()
	// Opened without waiting, then looked at: opening a named pipe waits
	// for a writer, which would hold the call, and the server with it,
	// for ever. A check before the open would leave a moment in which a
	// file could be swapped for a pipe; the open file itself is what is
	// checked.
	f, err := root.OpenFile(rel, os.O_RDONLY|nonBlocking, 0)
	if err != nil {
		return nil, fmt.Errorf("%s %q: %w", arg, path, pathErr(err))
	}
	defer f.Close()
	fi, err := f.Stat()
	switch {
	case err != nil:
		return nil, fmt.Errorf("%s %q: %w", arg, path, pathErr(err))
	case fi.IsDir():
		return nil, fmt.Errorf("%s %q is a directory; name a file in it", arg, path)
	case !fi.Mode().IsRegular():
		return nil, fmt.Errorf("%s %q is not a regular file", arg, path)
	case fi.Size() > int64(s.maxInput):
		return nil, s.tooLarge(fmt.Sprintf("%s %q", arg, path), int(fi.Size()))
	}
	data, err := jsondoc.ReadLimited(f, int64(s.maxInput))
	if err != nil {
		return nil, fmt.Errorf("%s %q: %w", arg, path, err)
	}
	return jsondoc.ParseDocument(filepath.ToSlash(rel), data)
}

// relative returns path as a clean path relative to the root, or the
// error saying why it is not one: it is empty, it leads out of the root,
// or a symbolic link on it does.
func (s *server) relative(path string) (string, error) {
	native := filepath.FromSlash(path)
	rel := filepath.Clean(native)
	if filepath.IsAbs(native) {
		var ok bool
		if rel, ok = s.under(native); !ok {
			return "", s.outside("is not under the root")
		}
	}
	if !filepath.IsLocal(rel) {
		return "", s.outside("leads out of the root")
	}
	real, err := filepath.EvalSymlinks(filepath.Join(s.root, rel))
	if err != nil {
		return rel, nil // nothing there, or unreadable: opening it says which
	}
	if r, err := filepath.Rel(s.root, real); err != nil || !filepath.IsLocal(r) {
		return "", s.outside("leads out of the root through a symbolic link")
	}
	return rel, nil
}

// under returns the absolute path abs relative to the root, if it is
// under it: written from the root as given, from the root its links
// lead to, or through other links that lead into it.
func (s *server) under(abs string) (string, bool) {
	for _, base := range []string{s.root, s.rootAsGiven} {
		if r, err := filepath.Rel(base, abs); err == nil && filepath.IsLocal(r) {
			return r, true
		}
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		if r, err := filepath.Rel(s.root, real); err == nil && filepath.IsLocal(r) {
			return r, true
		}
	}
	return "", false
}

// outside is the error of a path that is not under the root. It names
// the root by what it is, not by its path: where the server's files are
// is none of a client's business, and a client that started the server
// knows it.
func (s *server) outside(how string) error {
	return fmt.Errorf("%s: this server reads files under its root directory only; give a path relative to it", how)
}

// pathErr is the cause of err, an error of opening or reading a file,
// without the operation and path the caller names anyway.
func pathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
