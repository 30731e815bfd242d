package config

import (
	"path"
	"strings"
)

// Globs: a tool name's, where * and ? match any character, and a file
// path's, where * and ? match within a directory and ** any number of
// directories, as .gitignore and ruff's per-file-ignores have it.

// anyNameMatches reports whether a glob of globs matches name.
func anyNameMatches(globs []string, name string) bool {
	// path.Match's * stops at '/', which a tool name may hold: both sides
	// take another separator, NUL, which neither holds.
	name = strings.ReplaceAll(name, "/", "\x00")
	for _, g := range globs {
		if ok, _ := path.Match(strings.ReplaceAll(g, "/", "\x00"), name); ok {
			return true
		}
	}
	return false
}

// anyPathMatches reports whether a glob of globs matches file, a path
// with '/'.
func anyPathMatches(globs []string, file string) bool {
	file = path.Clean(file)
	for _, g := range globs {
		if matchPath(strings.Split(path.Clean(g), "/"), strings.Split(file, "/")) {
			return true
		}
	}
	return false
}

// matchPath matches path segments to glob segments, ** taking any
// number of them.
func matchPath(glob, segs []string) bool {
	for len(glob) > 0 {
		if glob[0] == "**" {
			for i := 0; i <= len(segs); i++ {
				if matchPath(glob[1:], segs[i:]) {
					return true
				}
			}
			return false
		}
		if len(segs) == 0 {
			return false
		}
		if ok, _ := path.Match(glob[0], segs[0]); !ok {
			return false
		}
		glob, segs = glob[1:], segs[1:]
	}
	return len(segs) == 0
}
