// Package atomicfile writes a file so that a reader sees either all of
// the old text or all of the new, and so that no newer save is lost: into
// a temporary file in the same folder, which is then renamed over it,
// once the file is seen not to have changed since it was read (Replace).
// The new file keeps the old one's mode, and its owner and group where
// the user may set them. A file that is read-only, or has other names
// (hard links) that a rename would leave holding the old text, is refused
// rather than written. What is not a regular file (a device such as
// /dev/null, a named pipe) is written to as it is, since renaming over it
// would replace it. toolbench fix -w and the workbench's fixes write
// through it, and so does every command that writes a file. It imports
// only the standard library.
package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// ChangedError reports a file that changed between the time it was read
// and the time it was to be written: another program saved it. Nothing
// was written.
type ChangedError struct {
	Path string
}

func (e *ChangedError) Error() string {
	return e.Path + " changed since it was read, so it was not written (that would lose the newer save): run again on the file as it is now"
}

// RefusedError reports a file that is not written over, and why.
type RefusedError struct {
	Path string
	// Why says what the file is: "is read-only (-r--r--r--)", "has 2
	// names (hard links)...".
	Why string
}

func (e *RefusedError) Error() string { return e.Path + " " + e.Why + "; it was not written" }

// Write replaces the file at path with data, whatever it holds now. The
// file keeps its mode (a new one gets 0644), and a symbolic link stays
// one: the file it points to is replaced. On an error the file is as it
// was. A device or a named pipe is written to directly, a directory is
// refused, and so are a read-only file and a file with hard links (see
// RefusedError).
func Write(path string, data []byte) error {
	return replace(path, data, nil)
}

// Replace replaces the file at path with data, as Write does, provided it
// still holds old, the text it was read as: if another program saved it
// in between, nothing is written and the error is a *ChangedError. The
// file is compared with old once the new text is ready beside it, just
// before the rename that puts it in place.
func Replace(path, old string, data []byte) error {
	return replace(path, data, &old)
}

// replace writes data over the file at path; when old is not nil, only if
// the file holds it.
func replace(path string, data []byte, old *string) error {
	target, err := filepath.EvalSymlinks(path)
	if err == nil {
		var fi fs.FileInfo
		fi, err = os.Stat(target)
		if err == nil {
			return replaceFile(path, target, fi, data, old)
		}
	}
	switch {
	case errors.Is(err, fs.ErrNotExist) && old != nil:
		return &ChangedError{Path: path} // removed since it was read
	case errors.Is(err, fs.ErrNotExist):
		return create(path, data, 0o644, nil)
	}
	return err
}

// replaceFile writes data over target, what path names, which is as fi
// says; when old is not nil, only if it holds old.
func replaceFile(path, target string, fi fs.FileInfo, data []byte, old *string) error {
	switch {
	case fi.IsDir():
		return &fs.PathError{Op: "write", Path: path, Err: errors.New("is a directory")}
	case !fi.Mode().IsRegular():
		return writeThrough(target, data)
	}
	if err := writable(path, target, fi); err != nil {
		return err
	}
	if old != nil && fi.Size() != int64(len(*old)) {
		return &ChangedError{Path: path}
	}
	return create(target, data, fi.Mode().Perm(), func(tmp *os.File) error {
		if err := keepOwner(tmp, fi); err != nil {
			return err
		}
		if old == nil {
			return nil
		}
		same, err := holds(target, *old)
		if err == nil && !same {
			err = &ChangedError{Path: path}
		}
		return err
	})
}

// writable refuses a file that a rename would wrong: one that is
// read-only, whose mode says so even to a user (root) who may write it
// anyway; one this user may not write; one with other names, hard links,
// which would keep the old text apart from the new.
func writable(path, target string, fi fs.FileInfo) error {
	switch {
	case fi.Mode().Perm()&0o222 == 0:
		return &RefusedError{Path: path, Why: fmt.Sprintf("is read-only (%v): make it writable first if it is to change", fi.Mode().Perm())}
	case !mayWrite(target):
		return &RefusedError{Path: path, Why: "is not writable by this user"}
	}
	if n := links(fi); n > 1 {
		return &RefusedError{Path: path, Why: fmt.Sprintf("has %d names (hard links), and replacing it would leave the others with the old text", n)}
	}
	return nil
}

// create writes data into a new temporary file beside target, with mode,
// calls ready on it (nil for none), and renames it to target. On an error
// the temporary file is removed.
func create(target string, data []byte, mode fs.FileMode, ready func(*os.File) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".*.tmp")
	if err != nil {
		return err
	}
	done := false
	defer func() {
		if !done {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err := tmp.Write(data); err != nil {
		return err
	}
	if err := tmp.Chmod(mode); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if ready != nil {
		if err := ready(tmp); err != nil {
			return err
		}
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), target); err != nil {
		return err
	}
	done = true
	return nil
}

// holds reports whether the file at path holds exactly text, reading it
// a piece at a time.
func holds(path, text string) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	buf := make([]byte, 256<<10)
	for {
		n, err := io.ReadFull(f, buf)
		if n > len(text) || string(buf[:n]) != text[:n] {
			return false, nil
		}
		text = text[n:]
		switch {
		case err == io.EOF || err == io.ErrUnexpectedEOF:
			return text == "", nil
		case err != nil:
			return false, err
		}
	}
}

// writeThrough writes data to the device or pipe at path, which a rename
// would replace rather than write to.
func writeThrough(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
