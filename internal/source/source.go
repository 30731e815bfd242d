package source

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"toolbench/core/jsondoc"
	"toolbench/internal/mcpclient"
)

// StdinName is how documents, issues and errors name standard input.
const StdinName = "<stdin>"

// An Input names where tools come from: a Path, or a Server in its place.
type Input struct {
	// Path is a file; "-" for standard input; or REV:PATH, when no file
	// has that name, for PATH as git has it at revision REV (PATH from
	// the top of the repository, or ./PATH from the working directory,
	// as git show reads it; a REV starting with '-' is refused).
	Path string
	// Server, when not nil, is the live MCP server whose tools to list,
	// and Path is not read.
	Server *Server
	// Within, when not "", is a directory a file must be in: the file is
	// opened through an os.Root of it, so that neither ".." nor a symbolic
	// link leads out of it, as a lock pins the files of its folder only.
	Within string
}

// Options are what reading an Input may use of the process.
type Options struct {
	// Stdin is standard input, read for the Path "-".
	Stdin io.Reader
	// LookupEnv finds the environment variables a servers file and a
	// header refer to ($VAR, ${VAR}); nil finds none.
	LookupEnv func(string) (string, bool)
	// Progress, when not nil, is told of a spawned server slow to start
	// (see mcpclient.Spec.Progress).
	Progress func(line string)
	// Dir is the working directory: files, revisions and servers files
	// are read from it, and servers spawned in it. "" is the process's.
	// Documents and messages name a file as the Input does.
	Dir string
}

// A Source is the tools of an Input, read.
type Source struct {
	// Doc is the tools document. A server's is its tools/list results,
	// {"tools": [...]} with each tool as the server sent it, named after
	// the server, so that issues and errors point into it.
	Doc *jsondoc.Document
	// Client is the session with the server, open until Close; nil for a
	// file.
	Client *mcpclient.Client
	// List is the server's listing Doc is of, with what its pages said of
	// themselves (see live.Survey); nil for a file.
	List *mcpclient.ToolList
	// Revision is PATH when the Input was REV:PATH; else "".
	Revision string
}

// Open reads the tools in: a file, standard input, a revision or a
// server. A server's session lasts until the Source is closed or ctx is
// done. Its errors are one line each: for a file, its name and, for bad
// JSON, the line and column; for a server, what went wrong and the end of
// the server's standard error.
func Open(ctx context.Context, in Input, opt Options) (*Source, error) {
	if in.Server != nil {
		return openServer(ctx, *in.Server, opt)
	}
	if in.Path == "-" {
		stdin := opt.Stdin
		if stdin == nil {
			stdin = strings.NewReader("")
		}
		doc, err := jsondoc.LoadReader(StdinName, stdin)
		return fileSource(doc, err)
	}
	if IsRevision(opt.Dir, in.Path) {
		doc, err := gitShow(ctx, opt.Dir, in.Path)
		if err != nil {
			return nil, err
		}
		_, path, _ := strings.Cut(in.Path, ":")
		return &Source{Doc: doc, Revision: strings.TrimPrefix(path, "./")}, nil
	}
	if in.Within != "" {
		doc, err := loadWithin(join(opt.Dir, in.Within), in.Within, in.Path, join(opt.Dir, in.Path))
		return fileSource(doc, err)
	}
	doc, err := jsondoc.LoadFileAs(in.Path, join(opt.Dir, in.Path))
	return fileSource(doc, err)
}

// loadWithin loads the file at path, named name, which must be in the
// directory dir, named dirName: a path out of it, or one a symbolic link
// leads out of, is an error that says so, and the file is opened through
// an os.Root, which refuses any escape the check missed (a link changed
// in between).
func loadWithin(dir, dirName, name, path string) (*jsondoc.Document, error) {
	if dirName == "." {
		dirName = "this directory"
	}
	outside := func(how string) error {
		return fmt.Errorf("%s: %s %s, and only files in it are read", name, how, dirName)
	}
	absDir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	absPath, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	rel, err := filepath.Rel(absDir, absPath)
	if err != nil || !filepath.IsLocal(rel) {
		return nil, outside("the path leads out of")
	}
	realDir, err := filepath.EvalSymlinks(absDir)
	if err != nil {
		return nil, &jsondoc.ReadError{File: name, Err: err}
	}
	if real, err := filepath.EvalSymlinks(absPath); err == nil {
		if r, err := filepath.Rel(realDir, real); err != nil || !filepath.IsLocal(r) {
			return nil, outside("a symbolic link leads out of")
		}
	}
	root, err := os.OpenRoot(realDir)
	if err != nil {
		return nil, &jsondoc.ReadError{File: name, Err: err}
	}
	defer root.Close()
	f, err := root.Open(rel)
	if err != nil {
		return nil, &jsondoc.ReadError{File: name, Err: err}
	}
	defer f.Close()
	return jsondoc.LoadOpen(name, f)
}

func fileSource(doc *jsondoc.Document, err error) (*Source, error) {
	if err != nil {
		return nil, err
	}
	return &Source{Doc: doc}, nil
}

// IsRevision reports whether Open, in the working directory dir, reads
// path as REV:PATH: it has a colon with text on both sides, and no file
// has its name.
func IsRevision(dir, path string) bool {
	rev, file, ok := strings.Cut(path, ":")
	if !ok || rev == "" || file == "" {
		return false
	}
	_, err := os.Stat(join(dir, path))
	return errors.Is(err, os.ErrNotExist)
}

// DocName is the name of the document in's tools are read into: a file's
// path as given, <stdin> for "-", a server's name.
func (in Input) DocName() string {
	switch {
	case in.Server != nil:
		return in.Server.DisplayName()
	case in.Path == "-":
		return StdinName
	}
	return in.Path
}

// join is path from the working directory dir: path itself when it is
// absolute or dir is "".
func join(dir, path string) string {
	if path == "" || dir == "" || filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(dir, path)
}

// Close ends the session with the server, if there is one, and with it
// the server's process group.
func (s *Source) Close() {
	if s != nil && s.Client != nil {
		s.Client.Close()
	}
}
