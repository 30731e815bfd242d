package source

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"toolbench/core/jsondoc"
	"toolbench/internal/mcpclient"
)

// AllServers returns every server of the servers file tmpl.ServersFile
// (mcpclient.DefaultConfigFile when empty), in the order the file lists
// them, each with tmpl's timeouts and protocol version: what a command
// line's --all-servers names. A file that cannot be read, or that lists
// no server, is an error.
//
// The file is read and parsed here, once, unless tmpl holds it read
// (WithFileRead): each Server returned holds what its Spec and its Entry
// take of it, and neither reads it again.
func AllServers(tmpl Server) ([]Server, error) {
	f := tmpl.fileNow()
	if f.err != nil {
		return nil, f.err
	}
	entries, err := mcpclient.ParseServerEntries(f.name, f.data)
	if err != nil {
		return nil, err
	}
	if len(entries) == 0 {
		return nil, fmt.Errorf("%s lists no server", f.name)
	}
	read := *f // tmpl's may be shared: the entries go in a copy
	read.entries = make(map[string][]byte, len(entries))
	out := make([]Server, len(entries))
	for i, e := range entries {
		read.entries[e.Name] = e.Entry
		out[i] = Server{Name: e.Name, ServersFile: f.name, Timeout: tmpl.Timeout, StartTimeout: tmpl.StartTimeout, ListTimeout: tmpl.ListTimeout,
			FileLimit: tmpl.FileLimit, ProtocolVersion: tmpl.ProtocolVersion, Dir: tmpl.Dir, read: &read}
	}
	return out, nil
}

// DisplayName is the server's name in documents, issues and errors: its
// name in the servers file, else one made of its command or its URL's
// host (see mcpclient.Spec.DisplayName).
func (s Server) DisplayName() string {
	return mcpclient.Spec{Name: s.Name, Command: s.Command, URL: s.URL}.DisplayName()
}

// Opened is what opening one of several inputs gave: its Source, or the
// error that says why it could not be read.
type Opened struct {
	Source *Source
	Err    error
}

// OpenAll opens every input at once, each on a goroutine of its own, so
// that reading them all takes about as long as reading the slowest; it
// returns what each gave, in the inputs' order. One that fails costs only
// itself, and its error names it, as Open's do. The caller closes every
// Source, with CloseAll on every way out: a spawned server runs in a
// process group of its own, and would outlive toolbench.
func OpenAll(ctx context.Context, ins []Input, opt Options) []Opened {
	out := make([]Opened, len(ins))
	var wg sync.WaitGroup
	for i, in := range ins {
		wg.Go(func() {
			src, err := Open(ctx, in, opt)
			out[i] = Opened{src, err}
		})
	}
	wg.Wait()
	return out
}

// An Entry is where a servers file names a server, for a report to point
// at: the file and, when it could be read, its text and the byte span
// of the key of the server's entry, "NAME" in "mcpServers" (or
// "servers", as the servers file is read).
type Entry struct {
	File       string // "" for a server named by its command or URL
	Doc        *jsondoc.Document
	Start, End int
}

// Entry returns where the servers file names the server. A file that
// cannot be read or parsed, or that does not name the server, is an
// error, with the Entry's File set.
func (s Server) Entry() (Entry, error) {
	if s.Name == "" {
		return Entry{}, nil
	}
	e := Entry{File: s.ServersFile}
	if e.File == "" {
		e.File = mcpclient.DefaultConfigFile
	}
	doc, err := s.File()
	if err != nil {
		return e, err
	}
	list := doc.Root.Get("mcpServers")
	if list == nil {
		list = doc.Root.Get("servers")
	}
	m, ok := jsondoc.Member{}, false
	if list != nil && list.Is(jsondoc.Object) {
		m, ok = list.Member(s.Name)
	}
	if !ok {
		return e, fmt.Errorf("%s: no server %q", e.File, s.Name)
	}
	e.Doc = doc
	e.Start, e.End = doc.KeySpan(m)
	return e, nil
}

// File returns the servers file that names the server, as a document
// named by its path as given: as AllServers or WithFileRead read it, or
// else read now.
func (s Server) File() (*jsondoc.Document, error) {
	f := s.fileNow()
	switch {
	case f.err != nil:
		return nil, f.err
	case f.doc != nil:
		return f.doc, nil
	}
	return jsondoc.Parse(f.name, f.data)
}

// checkServersFile parses data, the servers file named file, as a tools
// file is parsed, so that one that is not JSON gets the error a tools
// file gets, at its line and column and in the same words (a trailing
// comma, a comment, a string not closed), before mcpclient reads its
// entries. It returns the document parsed, nil when what is wrong is not
// a syntax error: mcpclient says what else is wrong, in its words.
func checkServersFile(file string, data []byte) (*jsondoc.Document, error) {
	doc, err := jsondoc.ParseDocument(file, data)
	var syntax *jsondoc.SyntaxError
	if errors.As(err, &syntax) {
		return nil, err
	}
	return doc, nil
}

// CloseAll closes every Source that opened, as Close does; a Source
// closed already is closed once.
func CloseAll(opened []Opened) {
	for _, o := range opened {
		o.Source.Close()
	}
}
