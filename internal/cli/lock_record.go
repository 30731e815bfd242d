package cli

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"toolbench/core/jsondoc"
	"toolbench/core/lock"
	"toolbench/core/termtext"
	"toolbench/internal/mcpclient"
	"toolbench/internal/proxy"
	"toolbench/internal/source"
)

// What lock --from-record pins. A server may list tools by what its
// client announces (the reference server lists get-roots-list only to a
// client that announces roots), and a record holds the listings of every
// client that went through the proxy: an agent's, and toolbench's own
// (dump, verify, call --run through a wrapped entry), which announces
// none. A record line does not say which client a listing went to, so
// the lock pins the union: the tools of the last complete listing, and
// each tool an earlier listing gave and it lacks, as the latest listing
// that gave it did. The union reaches back only to where the server
// changed: a listing that gives a tool otherwise than a later listing
// (or that cannot be pinned) is of the server as it was, and neither it
// nor anything before it is taken.

// runLockRecord pins the server --server names as the record saw it.
func runLockRecord(e *env, opts *lockOptions) error {
	rp, err := readRecordPins(e, opts.record)
	if err != nil {
		fmt.Fprintf(e.stderr, "toolbench lock: %s; nothing was written\n", termtext.EscapeLine(err.Error()))
		return exit(exitFailure)
	}
	doc, err := rp.document(opts.record)
	if err != nil {
		fmt.Fprintf(e.stderr, "toolbench lock: %s; nothing was written\n", termtext.EscapeLine(err.Error()))
		return exit(exitFailure)
	}
	if added := rp.added(); len(added) > 0 {
		fmt.Fprintf(e.stderr, "toolbench lock: %s\n", termtext.EscapeLine(rp.addedNote(opts.record, added)))
	}
	pol, path, err := lockPolicy(e, opts.lock)
	if err != nil {
		return err
	}
	in := source.Input{Server: opts.servers.server}
	return exit(pinDocs(context.Background(), e, pol, path, []source.Input{in}, []*jsondoc.Document{doc}, exitOK))
}

// readRecordPins reads the record's complete listings: the tools of the
// tools/list responses of the server, page after page (a page after one
// with a nextCursor goes on its listing), to a page without one.
func readRecordPins(e *env, record string) (*recordPins, error) {
	f, err := e.open(record)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rp := &recordPins{}
	if err := rp.read(f); err != nil {
		return nil, errors.New(inFile(record, err))
	}
	if rp.last == nil {
		return nil, fmt.Errorf("%s: no complete tools/list: a record holds one once a client has listed the server's tools", record)
	}
	return rp, nil
}

// recordPins are the tools of a record's listings that lock
// --from-record pins, gathered listing after listing.
type recordPins struct {
	last     [][]byte        // the last complete listing's tools, as sent
	lastLine int             // the line of its last page
	lastHas  map[string]bool // the names it lists
	// union holds, by name, each tool of the listings since the server
	// last changed, as the latest of them gave it; nil when the last
	// listing cannot be pinned.
	union map[string]listedTool
}

// A listedTool is a tool as a listing gave it, pinned, and the line of
// that listing's last page.
type listedTool struct {
	lock.Tool
	line int
}

// read reads the record r, listing after listing.
func (rp *recordPins) read(r io.Reader) error {
	return proxy.Listings(r, func(l proxy.Listing) error {
		rp.add(l.Tools, l.Line)
		return nil
	})
}

// add takes the next complete listing, its tools each as the server sent
// it, whose last page is at line.
func (rp *recordPins) add(tools [][]byte, line int) {
	rp.last, rp.lastLine, rp.lastHas = tools, line, map[string]bool{}
	pinned, err := pinListing(tools)
	if err != nil {
		rp.union = nil // pinDocs says what is wrong with it
		return
	}
	for _, t := range pinned {
		if before, ok := rp.union[t.Name]; ok && before.SHA256 != t.SHA256 {
			rp.union = nil // the server changed: what it listed before is not taken
			break
		}
	}
	if rp.union == nil {
		rp.union = map[string]listedTool{}
	}
	for _, t := range pinned {
		rp.union[t.Name] = listedTool{t, line}
		rp.lastHas[t.Name] = true
	}
}

// pinListing is a listing's tools, pinned.
func pinListing(tools [][]byte) ([]lock.Tool, error) {
	doc, err := jsondoc.Parse("listing", mcpclient.ToolsDocument(tools))
	if err != nil {
		return nil, err
	}
	return lock.Pin(doc)
}

// added are the tools of earlier listings the last one lacks, by the
// line of the listing that gave each, then by name.
func (rp *recordPins) added() []listedTool {
	var out []listedTool
	for name, t := range rp.union {
		if !rp.lastHas[name] {
			out = append(out, t)
		}
	}
	slices.SortFunc(out, func(a, b listedTool) int { return cmp.Or(cmp.Compare(a.line, b.line), cmp.Compare(a.Name, b.Name)) })
	return out
}

// document is the tools document lock --from-record pins: the last
// listing's tools as the server sent them, then the tools earlier
// listings add, named by the record and the line of the last listing.
func (rp *recordPins) document(record string) (*jsondoc.Document, error) {
	tools := rp.last
	if added := rp.added(); len(added) > 0 {
		tools = slices.Clone(tools)
		for _, t := range added {
			tools = append(tools, t.Definition)
		}
	}
	return jsondoc.Parse(fmt.Sprintf("%s:%d", record, rp.lastLine), mcpclient.ToolsDocument(tools))
}

// addedNote says which tools the lock pins beside the last listing's,
// and why.
func (rp *recordPins) addedNote(record string, added []listedTool) string {
	names := make([]string, len(added))
	for i, t := range added {
		names[i] = termtext.Quote(t.Name)
		if i == 0 || t.line != added[i-1].line {
			names[i] += fmt.Sprintf(" (line %d)", t.line)
		}
	}
	return fmt.Sprintf("%s:%d: the last listing lacks %s an earlier listing gave, pinned as well: %s; a server may list tools by what its client announces, and the record does not say which client a listing went to",
		record, rp.lastLine, termtext.Plural(len(added), "tool"), strings.Join(names, ", "))
}
