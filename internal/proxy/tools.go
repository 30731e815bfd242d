package proxy

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"runtime/debug"
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
	// lint lints a listing: lint.Lint, or a test's own.
	lint func(*jsondoc.Document, lint.Options) *lint.Result

	mu    sync.Mutex
	cur   *listing // the listing being gathered, or the last one
	state atomic.Pointer[toolState]
	// told is the withheld tools of the last listing finished
	// (withheldKey's, "" for none): a listing that withholds the same
	// tools as the one before it (the client's own after the proxy's) is
	// not told again.
	told string
}

// A listing is one listing of the server's tools, every page of it.
// Each page is read once, as it comes; the listing as a whole once, when
// its last page is in.
type listing struct {
	version   string
	pages     []mcpclient.Page
	tools     [][]byte // every tool the server listed, as sent
	passed    []bool   // of each of tools, whether it was passed on
	kept      [][]byte // the tools passed on
	keptNames []string // the name of each, "" for none
	withheld  []string // the names of the others
	names     map[string]bool
	size      int  // the bytes of pages
	done      bool // the last page is in
	finished  bool // linted
}

// A toolState is what calls are checked against: the tools the client
// was given. What the checks read of them is worked out when they first
// ask, once: a listing of many pages gives a state a page, and is not
// read again for each.
type toolState struct {
	kept      [][]byte
	keptNames []string
	withheld  []string
	version   string
	// set, when not nil, holds the tools of kept among others, read
	// already: the listing's, read whole to lint it.
	set *tooldef.ToolSet

	once        sync.Once
	schemas     *call.Schemas
	names       []string
	withheldSet map[string]bool
	defs        map[string][]byte // each tool's definition, by name
}

// read works out what the checks read of the tools, once.
func (st *toolState) read() {
	st.once.Do(func() {
		st.withheldSet = make(map[string]bool, len(st.withheld))
		for _, name := range st.withheld {
			st.withheldSet[name] = true
		}
		st.defs = make(map[string][]byte, len(st.kept))
		for i, tool := range st.kept {
			if name := st.keptNames[i]; name != "" {
				if _, dup := st.defs[name]; !dup {
					st.defs[name] = tool
				}
			}
		}
		set := st.set
		if set == nil {
			doc, err := jsondoc.Parse("tools/list", mcpclient.ToolsDocument(st.kept))
			if err != nil {
				st.schemas = &call.Schemas{ByName: map[string]*call.FlatSchema{}}
				return
			}
			set = tooldef.Tools(doc)
		}
		st.schemas = call.SchemasFromTools(set)
		st.names = st.schemas.Names
	})
}

// callSchemas are the tools' schemas, which calls and results are
// checked against.
func (st *toolState) callSchemas() *call.Schemas {
	st.read()
	return st.schemas
}

// toolNames are the names of the tools, in order.
func (st *toolState) toolNames() []string {
	st.read()
	return st.names
}

// isWithheld reports whether a tool of the name was withheld.
func (st *toolState) isWithheld(name string) bool {
	st.read()
	return st.withheldSet[name]
}

// def is the definition of the tool of the name, as sent; nil for none.
func (st *toolState) def(name string) []byte {
	st.read()
	return st.defs[name]
}

func newToolSet(opt *Options, log *logger) *toolSet {
	t := &toolSet{opt: opt, log: log, lint: lint.Lint}
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

// A heldPage is what becomes of a tools/list response.
type heldPage struct {
	// out is the message to pass on: the response as the server wrote
	// it, the response with tools withheld, or (verdict Refused) the
	// proxy's error in its place.
	out      []byte
	verdict  Verdict
	findings []Finding
	// unread, when set, is why the page could not be read as a
	// tools/list result; the listing so far is left as it was.
	unread error
	// next is the page's nextCursor, "" for the last.
	next string
	// last, when set, is the listing this page was the last page of,
	// to be finished: claimed here, with the page, so that a listing
	// that comes next cannot take its place before it is linted.
	last *listing
}

// page takes a tools/list response of the server's, the answer to req:
// it withholds, under the Drift policy Enforce, each tool the lock does
// not pin as listed. The state calls are checked against is the listing
// so far.
//
// A page the proxy cannot read, when the lock pins the server and Drift
// is Enforce, is answered with an error in its place: what is not read
// cannot be held to the lock, and a client may read it all the same.
func (t *toolSet) page(m *jsonrpc.Message, req *request, version string) heldPage {
	t.mu.Lock()
	defer t.mu.Unlock()
	if req.cursor == "" || t.cur == nil || t.cur.done || len(t.cur.pages) == 0 || t.cur.pages[len(t.cur.pages)-1].NextCursor != req.cursor {
		t.cur = &listing{version: version, names: map[string]bool{}}
	}
	cur := t.cur
	if m.Error != nil {
		return heldPage{out: m.Raw, verdict: Relayed}
	}
	page, tools, err := readPage(m, len(cur.pages)+1, req.cursor)
	if err == nil {
		err = cur.room(len(m.Raw))
	}
	if err != nil {
		return t.unreadPage(m, req, err)
	}
	// The page is kept, and its tools, past the buffer it was read in.
	msg := bytes.Clone(m.Raw)
	kept := func(part []byte) []byte {
		if part == nil {
			return nil
		}
		return msg[jsonrpc.Offset(m.Raw, part):][:len(part)]
	}
	page.Message = msg
	page.ResultType, page.TTLMs, page.CacheScope = kept(page.ResultType), kept(page.TTLMs), kept(page.CacheScope)
	cur.pages = append(cur.pages, page)
	var (
		findings []Finding
		drop     map[int]bool
	)
	for i, tool := range tools {
		tool = kept(tool)
		cur.tools = append(cur.tools, tool)
		name, _ := jsonrpc.Unquote(jsonrpc.Member(tool, "name"))
		why := t.drift(name, tool, cur.names)
		cur.names[name] = true
		passed := why == "" || t.opt.Policy.Drift == Audit
		cur.passed = append(cur.passed, passed)
		if passed {
			cur.kept, cur.keptNames = append(cur.kept, tool), append(cur.keptNames, name)
		}
		if why == "" {
			continue
		}
		f := Finding{Code: CodeWithheld, Severity: catalog.Error, Tool: name}
		if passed {
			f.Code, f.Severity = CodeDrift, catalog.Warning
			f.Text = "tool " + termtext.Quote(name) + " " + why + "; passed on (audit)"
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
	t.state.Store(cur.state(nil))
	held := heldPage{out: m.Raw, verdict: Relayed, findings: findings, next: page.NextCursor}
	if cur.done {
		held.last = cur
	}
	if len(drop) > 0 {
		held.out, held.verdict = withoutTools(m, drop), Filtered
	}
	return held
}

// readPage reads the result of m, a tools/list response without an
// error, as page n of a listing asked for at cursor: the page and each
// tool as written, slices of m.Raw. It reads what Parse found in the
// message, as withoutTools takes tools out of it, so that the tools held
// to the lock are the tools passed on, whatever a member's escapes or
// repeats. A result that is no object, has no "tools" list or a
// "nextCursor" that is no string is an error, at its line and column.
func readPage(m *jsonrpc.Message, n int, cursor string) (mcpclient.Page, [][]byte, error) {
	page := mcpclient.Page{Cursor: cursor}
	fail := func(at []byte, format string, args ...any) (mcpclient.Page, [][]byte, error) {
		line, col := lineCol(m.Raw, jsonrpc.Offset(m.Raw, at))
		return page, nil, fmt.Errorf("tools/list page %d:%d:%d: %s", n, line, col, fmt.Sprintf(format, args...))
	}
	if kind := mcpclient.KindOf(m.Result); kind != "an object" {
		return fail(m.Result, "a tools/list result must be an object, not %s", kind)
	}
	list := jsonrpc.Member(m.Result, "tools")
	switch kind := mcpclient.KindOf(list); {
	case list == nil:
		return fail(m.Result, `the result has no "tools" list`)
	case kind != "a list":
		return fail(list, `"tools" is %s, not a list`, kind)
	}
	if next := jsonrpc.Member(m.Result, "nextCursor"); next != nil && string(next) != "null" {
		s, ok := jsonrpc.Unquote(next)
		if !ok {
			return fail(next, `"nextCursor" is %s, not a string`, mcpclient.KindOf(next))
		}
		page.NextCursor = s
	}
	page.ResultType = jsonrpc.Member(m.Result, "resultType")
	page.TTLMs = jsonrpc.Member(m.Result, "ttlMs")
	page.CacheScope = jsonrpc.Member(m.Result, "cacheScope")
	tools := [][]byte{}
	for tool := range jsonrpc.Elements(list) {
		tools = append(tools, tool)
	}
	page.Tools, page.Message = len(tools), m.Raw
	return page, tools, nil
}

// lineCol is the line and column, from 1, of the byte at off in msg.
func lineCol(msg []byte, off int) (int, int) {
	line := 1 + bytes.Count(msg[:off], []byte{'\n'})
	return line, off - bytes.LastIndexByte(msg[:off], '\n')
}

// unreadPage is what becomes of a tools/list response that is no
// tools/list result the proxy can read, err saying why: passed on and
// reported, unless the lock pins the server under Drift Enforce, when
// the client is answered with an error in its place.
func (t *toolSet) unreadPage(m *jsonrpc.Message, req *request, err error) heldPage {
	held := heldPage{out: m.Raw, verdict: Relayed, unread: err,
		findings: []Finding{{Code: CodeInvalidMessage, Severity: catalog.Error, Text: err.Error()}}}
	if t.pins == nil {
		return held
	}
	if t.opt.Policy.Drift == Audit {
		t.log.printf("the server's tools/list answer could not be read, so it could not be held to the lock; passed on (audit): %v", err)
		return held
	}
	t.log.printf("the server's tools/list answer could not be read, so it could not be held to the lock; answered with an error, no tool of it passed on: %v", err)
	held.verdict = Refused
	held.findings = []Finding{{Code: CodeWithheld, Severity: catalog.Error,
		Text: "the listing could not be read, so it could not be held to the lock; withheld whole: " + err.Error(),
		Hint: "a tools/list result is an object with a \"tools\" list and a string \"nextCursor\", if any: the server must send one"}}
	held.out = jsonrpc.AppendError(nil, req.id, jsonrpc.CodeInternalError,
		"toolbench proxy: the server's tools/list answer could not be read, so it could not be held to the lock: "+err.Error())
	return held
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
	if h, err := lock.Hash(tool); err != nil || h != pinned {
		return "changed since it was locked"
	}
	return ""
}

// withoutTools is the tools/list response m without the tools at the
// indexes drop holds, every other byte as the server wrote it.
func withoutTools(m *jsonrpc.Message, drop map[int]bool) []byte {
	arr := jsonrpc.Member(m.Result, "tools")
	kept := make([]byte, 0, len(arr))
	kept = append(kept, '[')
	i, n := 0, 0
	for elem := range jsonrpc.Elements(arr) {
		if !drop[i] {
			if n > 0 {
				kept = append(kept, ',')
			}
			kept = append(kept, elem...)
			n++
		}
		i++
	}
	kept = append(kept, ']')
	return jsonrpc.Replace(m.Raw, jsonrpc.Edit{Part: arr, With: kept})
}

// room says whether a page of size bytes fits in the listing, within
// the bounds toolbench reads a listing in (mcpclient.MaxPages and
// MaxDocumentSize), and counts it: a server whose cursors never end
// fills no memory, and the proxy's own listing ends.
func (cur *listing) room(size int) error {
	n := len(cur.pages) + 1
	if n > mcpclient.MaxPages {
		return fmt.Errorf("tools/list page %d: %w", n, &mcpclient.LimitError{What: "the listing", Limit: fmt.Sprintf("%d pages toolbench reads", mcpclient.MaxPages)})
	}
	if cur.size += size; cur.size > mcpclient.MaxDocumentSize {
		return fmt.Errorf("tools/list page %d: %w", n, &mcpclient.LimitError{What: "the listing", Limit: termtext.Size(mcpclient.MaxDocumentSize) + " a tools document may take"})
	}
	return nil
}

// state is the state of the listing so far, set holding its tools read
// already (nil for none).
func (cur *listing) state(set *tooldef.ToolSet) *toolState {
	return &toolState{kept: cur.kept[:len(cur.kept):len(cur.kept)], keptNames: cur.keptNames[:len(cur.keptNames):len(cur.keptNames)],
		withheld: cur.withheld[:len(cur.withheld):len(cur.withheld)], version: cur.version, set: set}
}

// passedOn is set, the tools of the whole listing read, less those
// withheld: the tools the client was given, read once.
func (cur *listing) passedOn(set *tooldef.ToolSet) *tooldef.ToolSet {
	// Tool i starts in the listing's document where ToolsDocument puts it.
	passed := map[int]bool{}
	at := len("{\"tools\": [\n")
	for i, tool := range cur.tools {
		passed[at] = cur.passed[i]
		at += len(tool) + len(",\n")
	}
	out := *set
	out.Tools = nil
	for _, tool := range set.Tools {
		if passed[int(tool.Node.Start)] {
			out.Tools = append(out.Tools, tool)
		}
	}
	return &out
}

// lintListing returns what lint returns. A panic of it, a defect of
// toolbench's linter, is recovered, and its value and stack returned in
// the stead of a result, so that it costs a listing its findings, not
// the proxy every client stands on.
func lintListing(lint func() *lint.Result) (res *lint.Result, stack string) {
	defer func() {
		if p := recover(); p != nil {
			res, stack = nil, fmt.Sprintf("panic: %v\n%s", p, debug.Stack())
		}
	}()
	return lint(), ""
}

// maxListingFindings bounds the findings of one listing's lint that an
// event holds; a count says how many more there are.
const maxListingFindings = 1000

// finish lints cur, a listing whose last page is in (a heldPage's last),
// and holds it to the lock: what it finds goes with the last page's
// event. The listings after it may have come meanwhile: cur is linted
// all the same, and calls are checked against it only while it is the
// last.
func (t *toolSet) finish(cur *listing) []Finding {
	t.mu.Lock()
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
	// The calls' state is read from the document the lint reads: the
	// listing is read whole once.
	st := cur.state(cur.passedOn(tooldef.Tools(doc)))
	t.mu.Lock()
	if t.cur == cur {
		t.state.Store(st)
	}
	t.mu.Unlock()
	lopt := t.opt.Lint
	lopt.Server = live.Facts(list)
	var findings []Finding
	res, stack := lintListing(func() *lint.Result { return t.lint(doc, lopt) })
	if stack != "" {
		t.log.printf("the lint of the server's tools/list answer failed, a defect of toolbench's; passed on unlinted: %s", stack)
		findings = append(findings, Finding{Code: CodeLintFailed, Severity: catalog.Error, Text: strings.SplitN(stack, "\n", 2)[0]})
		res = &lint.Result{}
	}
	if t.opt.Accept != nil {
		res = t.opt.Accept(res)
	}
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
		if len(cur.withheld) == 0 {
			t.tell("") // a tool withheld again after is told of again
		} else if t.tell(cur.withheldKey()) {
			t.log.printf("withheld %s from the client, not as the lock pins: %s; %s",
				termtext.Plural(len(cur.withheld), "tool"), quotedList(cur.withheld), t.opt.acceptHint())
		}
	}
	return findings
}

// tell reports whether the withheld tools of key are to be told of:
// whether they are not those of the last listing, "" for one that
// withheld nothing.
func (t *toolSet) tell(key string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if key == t.told {
		return false
	}
	t.told = key
	return true
}

// withheldKey stands for the tools the listing withheld, as the server
// listed them: the same for two listings that withheld the same tools.
func (cur *listing) withheldKey() string {
	h := sha256.New()
	for i, tool := range cur.tools {
		if !cur.passed[i] {
			h.Write(tool)
			h.Write([]byte{0})
		}
	}
	return string(h.Sum(nil))
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
	pin := "--server " + termtext.ShellWord(o.lockSource())
	if o.LockFile != "" {
		pin += " --lock " + termtext.ShellWord(o.LockFile)
	}
	how := "review it, then toolbench lock --from-record " + record + " " + pin + " pins the tools as this client was given them"
	if o.Record == nil {
		how = "review it, then pin the tools as this client is given them from a record of this proxy's (--record FILE, then toolbench lock --from-record FILE " + pin + ")"
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
