// Package atomicfile writes a file so that a reader sees either all of
// the old text or all of the new: into a temporary file in the same
// folder, which is then renamed over it. What is not a regular file (a
// device such as /dev/null, a named pipe) is written to as it is, since
// renaming over it would replace it. toolbench fix -w and the
// workbench's fixes write through it. It imports only the standard
// library.
package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// Write replaces the file at path with data. The file keeps its mode (a
// new one gets 0644), and a symbolic link stays one: the file it points
// to is replaced. On an error the file is as it was. A device or a named
// pipe is written to directly, and a directory is refused.
func Write(path string, data []byte) error {
	target, err := filepath.EvalSymlinks(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		target = path
	case err != nil:
		return err
	}
	mode := fs.FileMode(0o644)
	if fi, err := os.Stat(target); err == nil {
		switch {
		case fi.IsDir():
			return &fs.PathError{Op: "write", Path: path, Err: errors.New("is a directory")}
		case !fi.Mode().IsRegular():
			return writeThrough(target, data)
		}
		mode = fi.Mode().Perm()
	}
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
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), target); err != nil {
		return err
	}
	done = true
	return nil
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
