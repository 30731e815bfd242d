package policy

// The configuration file a command reads: the one --config names, none
// with --no-config, else toolbench.toml (or .toolbench.toml) in the
// working directory or its nearest parent that has one, looking no higher
// than the repository's root, a directory holding .git, as ruff and
// golangci-lint look up from where they run. Reading and checking the
// file is core/config's.

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"toolbench/core/config"
	"toolbench/internal/auxfile"
)

// Find returns the configuration file for dir: the first directory from
// dir up that holds one of config.Names, no higher than one holding .git
// or the file system's root; "" when none does. The path is absolute.
// Both names in one directory is an error: which counts would be a guess.
func Find(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		found := ""
		for _, name := range config.Names {
			path := filepath.Join(dir, name)
			ok, err := isFile(path)
			if err != nil {
				return "", err
			}
			if !ok {
				continue
			}
			if found != "" {
				return "", fmt.Errorf("%s and %s are both there: keep one", found, path)
			}
			found = path
		}
		if found != "" {
			return found, nil
		}
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return "", nil // the repository's root
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil
		}
		dir = parent
	}
}

func isFile(path string) (bool, error) {
	info, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return false, nil
	case err != nil:
		return false, err
	}
	return info.Mode().IsRegular(), nil
}

// Load returns the configuration a command run in dir reads: the file
// named (--config FILE) when named is not "", none when off is set
// (--no-config), else the one Find finds. It is nil, with no error, when
// there is none; a file named that cannot be read, is larger than lim
// allows, or is wrong, is an error, which says where. Errors name the
// file as named, or as a path from dir to the one found
// ("../toolbench.toml"); the Config's File and Dir are absolute.
func Load(named string, off bool, dir string, lim auxfile.Limit) (*config.Config, error) {
	return LoadFor(named, off, dir, dir, lim)
}

// LoadFor is Load of the configuration found from dir for a command run
// in wd, another directory (toolbench mcp --root DIR): errors name the
// file found by its path from wd, where the person who reads them is.
func LoadFor(named string, off bool, dir, wd string, lim auxfile.Limit) (*config.Config, error) {
	switch {
	case off:
		return nil, nil
	case named != "":
		abs, err := filepath.Abs(Join(dir, named))
		if err != nil {
			return nil, err
		}
		return load(abs, named, lim)
	}
	path, err := Find(dir)
	if err != nil || path == "" {
		return nil, err
	}
	display := path
	if abs, err := filepath.Abs(wd); err == nil {
		if rel, err := filepath.Rel(abs, path); err == nil {
			display = rel
		}
	}
	return load(path, display, lim)
}

// load reads the file at abs, named display in errors.
func load(abs, display string, lim auxfile.Limit) (*config.Config, error) {
	data, err := auxfile.ReadAs(abs, display, lim)
	var tooLarge *auxfile.TooLargeError
	switch {
	case errors.As(err, &tooLarge):
		return nil, err
	case err != nil:
		return nil, fmt.Errorf("%s: %w", display, unwrapPath(err))
	}
	c, err := config.Parse(display, data)
	if err != nil {
		return nil, err
	}
	c.File, c.Dir = abs, filepath.Dir(abs)
	return c, nil
}

// unwrapPath is the cause of a file system error without the path it
// names, which the caller names its own way.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
