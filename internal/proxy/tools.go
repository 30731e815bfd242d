package proxy

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

	"toolbench/core/call"
	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/lock"
	"toolbench/core/termtext"
	"toolbench/core/tooldef"
	"toolbench/internal/jsonrpc"
	"toolbench/internal/live"
	"toolbench/internal/mcpclient"
)

// A toolSet is what the proxy knows of the server's tools: the listing
// the client was given, which calls are checked against, gathered page
// by page, and the pins of the lock.
type toolSet struct {
	opt  *Options
	log  *logger
	pins map[string]string // name → pinned hash; nil when the lock pins no such source

	mu    sync.Mutex
	cur   *listing // the listing being gathered, or the last one
	state atomic.Pointer[toolState]
}

// A listing is one listing of the server's tools, every page of it.
type listing struct {
	version  string
	pages    []mcpclient.Page
	tools    [][]byte // every tool the server listed, as sent
	kept     [][]byte // those passed on
	withheld []string // the names of the others
	names    map[string]bool
	done     bool // the last page is in
	finished bool // linted
}

// A toolState is what calls are checked against: the tools the client
// was given.
type toolState struct {
	schemas  *call.Schemas
	names    []string
	withheld map[string]bool
	defs     map[string][]byte // each tool's definition, by name
	version  string
}

func newToolSet(opt *Options, log *logger) *toolSet {
	t := &toolSet{opt: opt, log: log}
	if opt.Lock != nil && opt.Lock.Kind(opt.lockSource()) != "" {
		t.pins = map[string]string{}
		for _, p := range opt.Lock.Tools(opt.lockSource()) {
			t.pins[p.Name] = p.SHA256
		}
	}
	return t
}

// current is the state calls are checked against, nil before any
// listing.
func (t *toolSet) current() *toolState { return t.state.Load() }

// page takes a tools/list response of the server's, the answer to req:
// it withholds, under the Drift policy Enforce, each tool the lock does
// not pin as listed, and returns the message to pass on, whether it
// withheld any, and what it found. The state calls are checked against
// is the listing so far.
func (t *toolSet) page(m *jsonrpc.Message, req *request, version string) ([]byte, bool, []Finding) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if req.cursor == "" || t.cur == nil || t.cur.done || len(t.cur.pages) == 0 || t.cur.pages[len(t.cur.pages)-1].NextCursor != req.cursor {
		t.cur = &listing{version: version, names: map[string]bool{}}
	}
	cur := t.cur
	msg := bytes.Clone(m.Raw)
	page, tools, err := mcpclient.ReadToolsPage(msg, len(cur.pages)+1, req.cursor)
	if err != nil {
		var rpc *mcpclient.RPCError
		if errors.As(err, &rpc) {
			return m.Raw, false, nil
		}
		return m.Raw, false, []Finding{{Code: CodeInvalidMessage, Severity: catalog.Error, Text: err.Error()}}
	}
	cur.pages = append(cur.pages, page)
	var (
		findings []Finding
		drop     map[int]bool
	)
	for i, tool := range tools {
		cur.tools = append(cur.tools, tool)
		name, _ := jsonrpc.Unquote(jsonrpc.Member(tool, "name"))
		why := t.drift(name, tool, cur.names)
		cur.names[name] = true
		if why == "" {
			cur.kept = append(cur.kept, tool)
			continue
		}
		f := Finding{Code: CodeWithheld, Severity: catalog.Error, Tool: name}
		if t.opt.Policy.Drift == Audit {
			f.Code, f.Severity = CodeDrift, catalog.Warning
			f.Text = "tool " + termtext.Quote(name) + " " + why + "; passed on (audit)"
			cur.kept = append(cur.kept, tool)
		} else {
			f.Text = "tool " + termtext.Quote(name) + " " + why + "; withheld from the client"
			if drop == nil {
				drop = map[int]bool{}
			}
			drop[i] = true
			cur.withheld = append(cur.withheld, name)
		}
		f.Hint = t.opt.acceptHint()
		findings = append(findings, f)
	}
	cur.done = page.NextCursor == ""
	t.state.Store(newToolState(cur))
	if len(drop) == 0 {
		return m.Raw, false, findings
	}
	return withoutTools(m, drop), true, findings
}

// drift says how a tool listed departs from what the lock pins, "" when
// it does not or the lock pins nothing of this server. seen holds the
// names listed before it.
func (t *toolSet) drift(name string, tool []byte, seen map[string]bool) string {
	if t.pins == nil {
		return ""
	}
	pinned, ok := t.pins[name]
	switch {
	case name == "":
		return "has no name the lock could pin"
	case !ok:
		return "is not pinned by the lock: new since it was locked"
	case seen[name]:
		return "is listed a second time, which may stand in for the pinned one"
	}
	if h, err := toolHash(tool); err != nil || h != pinned {
		return "changed since it was locked"
	}
	return ""
}

// toolHash is the hash the lock pins a tool's definition by.
func toolHash(tool []byte) (string, error) {
	doc, err := jsondoc.Parse("tool", mcpclient.ToolsDocument([][]byte{tool}))
	if err != nil {
		return "", err
	}
	pinned, err := lock.Pin(doc)
	if err != nil || len(pinned) != 1 {
		return "", fmt.Errorf("no hash: %v", err)
	}
	return pinned[0].SHA256, nil
}

// withoutTools is the tools/list response m without the tools at the
// indexes drop holds, every other byte as the server wrote it.
func withoutTools(m *jsonrpc.Message, drop map[int]bool) []byte {
	arr := jsonrpc.Member(m.Result, "tools")
	start := offsetIn(m.Raw, arr)
	out := make([]byte, 0, len(m.Raw))
	out = append(out, m.Raw[:start]...)
	out = append(out, '[')
	i, n := 0, 0
	for elem := range jsonrpc.Elements(arr) {
		if !drop[i] {
			if n > 0 {
				out = append(out, ',')
			}
			out = append(out, elem...)
			n++
		}
		i++
	}
	out = append(out, ']')
	return append(out, m.Raw[start+len(arr):]...)
}

// offsetIn is where sub, a slice of b, starts in b.
func offsetIn(b, sub []byte) int { return cap(b) - cap(sub) }

func newToolState(cur *listing) *toolState {
	doc, err := jsondoc.Parse("tools/list", mcpclient.ToolsDocument(cur.kept))
	st := &toolState{withheld: map[string]bool{}, defs: map[string][]byte{}, version: cur.version}
	for _, name := range cur.withheld {
		st.withheld[name] = true
	}
	if err != nil {
		st.schemas = &call.Schemas{ByName: map[string]*call.FlatSchema{}}
		return st
	}
	st.schemas = call.SchemasFromTools(tooldef.Tools(doc))
	st.names = st.schemas.Names
	for _, tool := range cur.kept {
		if name, ok := jsonrpc.Unquote(jsonrpc.Member(tool, "name")); ok {
			if _, dup := st.defs[name]; !dup {
				st.defs[name] = tool
			}
		}
	}
	return st
}

// maxListingFindings bounds the findings of one listing's lint that an
// event holds; a count says how many more there are.
const maxListingFindings = 1000

// finish lints the listing once its last page is in, and holds it to the
// lock: what it finds goes with the last page's event.
func (t *toolSet) finish() []Finding {
	t.mu.Lock()
	cur := t.cur
	if cur == nil || !cur.done || cur.finished {
		t.mu.Unlock()
		return nil
	}
	cur.finished = true
	t.mu.Unlock()
	list := &mcpclient.ToolList{Name: t.opt.Upstream.DisplayName(), Document: mcpclient.ToolsDocument(cur.tools), Tools: len(cur.tools), Entries: cur.tools, Pages: cur.pages, ProtocolVersion: cur.version}
	doc, err := jsondoc.Parse(list.Name, list.Document)
	if err != nil {
		return []Finding{{Code: CodeInvalidMessage, Severity: catalog.Error, Text: err.Error()}}
	}
	lopt := t.opt.Lint
	lopt.Server = live.Facts(list)
	res := lint.Lint(doc, lopt)
	if t.opt.Accept != nil {
		res = t.opt.Accept(res)
	}
	var findings []Finding
	for i := range res.Issues {
		if len(findings) == maxListingFindings {
			findings = append(findings, Finding{Code: CodeTruncated, Severity: catalog.Note, Text: fmt.Sprintf("and %d more issues: toolbench lint lists them all", len(res.Issues)-maxListingFindings)})
			break
		}
		is := &res.Issues[i]
		findings = append(findings, Finding{Code: is.Code, Severity: is.Severity, Text: is.Message, Hint: is.Hint, Tool: is.Tool})
	}
	if t.pins != nil {
		findings = append(findings, t.verify(doc)...)
		if len(cur.withheld) > 0 {
			t.log.printf("withheld %s from the client, not as the lock pins: %s; %s",
				termtext.Plural(len(cur.withheld), "tool"), quotedList(cur.withheld), t.opt.acceptHint())
		}
	}
	return findings
}

// verify holds the listing to the lock, with diff's changes.
func (t *toolSet) verify(doc *jsondoc.Document) []Finding {
	d, err := t.opt.Lock.Verify(t.opt.lockSource(), doc)
	if err != nil {
		return []Finding{{Code: CodeDrift, Severity: catalog.Error, Text: err.Error()}}
	}
	var findings []Finding
	for _, c := range d.Changes {
		findings = append(findings, Finding{Code: c.Code, Severity: c.Severity, Text: c.Message, Tool: c.Tool})
	}
	return findings
}

// acceptHint says how a person accepts a tool the lock does not pin as
// listed: pinning it from the record, which holds the listing this
// client was given. toolbench's own client (verify, lock --server) may be
// given other tools, since a server may list tools by what the client
// announces (roots, sampling, elicitation).
func (o *Options) acceptHint() string {
	record := "RECORD"
	if f, ok := o.Record.(interface{ Name() string }); ok {
		record = termtext.ShellWord(f.Name())
	}
	how := "review it, then toolbench lock --from-record " + record + " --server " + termtext.ShellWord(o.lockSource()) + " pins the tools as this client was given them"
	if o.Record == nil {
		how = "review it, then pin the tools as this client is given them from a record of this proxy's (--record FILE, then toolbench lock --from-record FILE --server " + termtext.ShellWord(o.lockSource()) + ")"
	}
	return how + "; toolbench verify sees the tools toolbench's own client is given, which can differ: a server may list tools by what the client announces"
}

// quotedList is names, each quoted, joined by commas; at most ten, and a
// count of the rest.
func quotedList(names []string) string {
	shown := names
	if len(shown) > 10 {
		shown = shown[:10]
	}
	q := make([]string, len(shown))
	for i, n := range shown {
		q[i] = termtext.Quote(n)
	}
	s := strings.Join(q, ", ")
	if len(names) > len(shown) {
		s += fmt.Sprintf(" and %d more", len(names)-len(shown))
	}
	return s
}
