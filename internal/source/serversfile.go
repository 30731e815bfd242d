package source

import (
	"toolbench/core/jsondoc"
	"toolbench/core/jsonedit"
	"toolbench/internal/auxfile"
	"toolbench/internal/mcpclient"
)

// A servers file (Claude Code's .mcp.json, Claude Desktop's and Cursor's,
// VS Code's .vscode/mcp.json) is read here for every command that reads
// one: --server, --all-servers, verify, the proxy, and where a report
// points at a server's entry. VS Code's is JSON with comments and
// trailing commas (JSONC); those are blanked, each byte a space but for
// line ends, so that the text parses as JSON and every value, and every
// error, is at the line and column it has in the file as written.
// internal/mcpclient, which imports no toolbench package, is given the
// text so read.

// ReadServersFile reads the servers file at path, or at
// mcpclient.DefaultConfigFile when path is "", from the working directory
// dir ("" for the process's), up to lim, and returns its name and text,
// JSON with what JSONC allows beside it blanked in place.
func ReadServersFile(dir, path string, lim auxfile.Limit) (string, []byte, error) {
	if path == "" {
		path = mcpclient.DefaultConfigFile
	}
	data, err := auxfile.ReadAs(join(dir, path), path, lim)
	if err != nil {
		return path, nil, err
	}
	return path, []byte(jsonedit.Plain(string(data))), nil
}

// A serversFile is a servers file read and parsed once, by AllServers or
// WithFileRead, for every server it names: its text, its document, for a
// report to point into, and each server's entry by name. A server's Spec
// and Entry take what they need of it, from as many goroutines as open
// servers at once; it is not written once made.
type serversFile struct {
	name, dir string            // the file, as Server.ServersFile and Server.Dir name it
	data      []byte            // its text, as ReadServersFile gives it
	err       error             // why it could not be read, or is not JSON
	doc       *jsondoc.Document // nil when it did not parse as a document
	entries   map[string][]byte // each server's entry, when AllServers split them; nil else
}

// readServersFile reads the servers file of s now, and parses it.
func readServersFile(s Server) *serversFile {
	name, data, err := ReadServersFile(s.Dir, s.ServersFile, s.FileLimit)
	f := &serversFile{name: name, dir: s.Dir, data: data, err: err}
	if err == nil {
		f.doc, f.err = checkServersFile(name, data)
	}
	return f
}

// readFile is the servers file of s as AllServers or WithFileRead read
// it; nil when s came from neither, or names another file since.
func (s Server) readFile() *serversFile {
	if s.read == nil || s.read.name != s.ServersFile || s.read.dir != s.Dir {
		return nil
	}
	return s.read
}

// fileNow is the servers file of s: as it was read for s, or else read
// now.
func (s Server) fileNow() *serversFile {
	if f := s.readFile(); f != nil {
		return f
	}
	return readServersFile(s)
}

// entry is the entry of the server called name, its JSON text; false
// when f is nil, or lists no such server.
func (f *serversFile) entry(name string) ([]byte, bool) {
	if f == nil {
		return nil, false
	}
	e, ok := f.entries[name]
	return e, ok
}

// WithFileRead is s with its servers file read now, once, for s and
// every server Named gives of it: their Spec and Entry take what they
// need from what was read, and read the file no more. A file that cannot
// be read is their error, as it is theirs when they read it.
func (s Server) WithFileRead() Server {
	s.read = readServersFile(s)
	s.ServersFile = s.read.name
	return s
}

// Named is the server called name of the servers file of s, with the
// settings of s and the file as it was read for s, if it was.
func (s Server) Named(name string) Server {
	s.Name = name
	return s
}

// Anew is the server without the servers file AllServers read for it:
// its Spec and Entry read the file again, as a server reached again,
// once the file may have changed, must.
func (s Server) Anew() Server {
	s.read = nil
	return s
}
