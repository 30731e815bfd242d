package tui

// The traffic of a proxy: toolbench proxy hands each message's
// proxy.Event to a TrafficFeed, which the workbench reads in batches, a
// frame's worth at a time, in a command that also prepares them for the
// screen (escaped, summed up, the tools a listing withheld found); Update
// only adds the prepared rows to the kept history. Nothing on the way
// waits for the screen: the feed drops what does not fit, and the pane
// says how many it dropped.

import (
	"maps"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"

	"toolbench/core/catalog"
	"toolbench/core/termtext"
	"toolbench/internal/jsonrpc"
	"toolbench/internal/proxy"
)

// TrafficFeed carries a proxy's events to the workbench's traffic pane.
// Send is for proxy.Options.Events: it never waits, so that a screen
// that falls behind never slows the proxy's record; an event that finds
// the feed full is dropped and counted, and the pane says how many were.
// Close, once the proxy has returned, says the traffic has ended.
type TrafficFeed struct {
	ch      chan proxy.Event
	dropped atomic.Int64 // events Send dropped, not yet read
	queued  atomic.Int64 // bytes of the events' messages in ch
	mu      sync.RWMutex // held to send, and to close ch
	closed  bool
}

// The bounds of a feed.
const (
	// DefaultTrafficBuffer is the events a feed holds for the screen when
	// NewTrafficFeed is given 0: a few seconds of a busy proxy's traffic
	// between two frames.
	DefaultTrafficBuffer = 16384
	// maxFeedBytes bounds the bytes of messages (a call's params, a
	// listing's result) the events in a feed hold together, besides
	// their count.
	maxFeedBytes = 64 << 20
	// maxKeptParams is the largest tools/call params the workbench keeps
	// to open in the tester; a larger call's are dropped at once.
	maxKeptParams = 1 << 20
)

// NewTrafficFeed is a feed that holds buffer events for the screen; 0 is
// DefaultTrafficBuffer.
func NewTrafficFeed(buffer int) *TrafficFeed {
	if buffer <= 0 {
		buffer = DefaultTrafficBuffer
	}
	return &TrafficFeed{ch: make(chan proxy.Event, buffer)}
}

// Send queues e for the screen, or drops it, counted, when the feed is
// full or closed. It never blocks. Only what the workbench shows is
// kept: a whole message (Options.RecordMessages) is not, nor params over
// a MiB.
func (f *TrafficFeed) Send(e proxy.Event) {
	e.Message = nil
	if len(e.Params) > maxKeptParams {
		e.Params = nil
	}
	if e.Method != "tools/list" {
		e.Result = nil // only a listing's names are read
	}
	n := int64(len(e.Params) + len(e.Result))
	f.mu.RLock()
	defer f.mu.RUnlock()
	if f.closed {
		return
	}
	if f.queued.Add(n) > maxFeedBytes {
		f.queued.Add(-n)
		f.dropped.Add(1)
		return
	}
	select {
	case f.ch <- e:
	default:
		f.queued.Add(-n)
		f.dropped.Add(1)
	}
}

// Close says no event will follow: the proxy has returned. Send may
// still be called, and drops what it is given.
func (f *TrafficFeed) Close() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.closed {
		f.closed = true
		close(f.ch)
	}
}

// How the screen reads a feed: a batch at most this many events, a
// frame apart at most, so that a burst of thousands of events a second
// costs the screen a few updates a second, and a quiet proxy's event
// shows within a frame.
const (
	trafficBatch = 4096
	trafficFrame = 40 * time.Millisecond
)

// trafficMsg is a batch of a feed's events, prepared for the screen.
type trafficMsg struct {
	rows []trafficRow
	// dropped counts the events the feed dropped since the last batch;
	// closed says the feed has ended: no batch follows.
	dropped int64
	closed  bool
}

// readTraffic waits for f's next events, takes what else comes within a
// frame, and prepares them for the screen. Update arms it again after
// every batch.
func readTraffic(f *TrafficFeed) tea.Cmd {
	if f == nil {
		return nil
	}
	return func() tea.Msg {
		events, closed := f.take()
		msg := trafficMsg{rows: make([]trafficRow, 0, len(events)), closed: closed}
		for i := range events {
			msg.rows = append(msg.rows, newTrafficRow(&events[i]))
		}
		msg.dropped = f.dropped.Swap(0)
		return msg
	}
}

// take waits for an event, then takes those that follow within a frame,
// up to a batch; closed says the feed has ended.
func (f *TrafficFeed) take() (events []proxy.Event, closed bool) {
	e, ok := <-f.ch
	if !ok {
		return nil, true
	}
	defer func() { f.release(events) }()
	events = append(events, e)
	frame := time.NewTimer(trafficFrame)
	defer frame.Stop()
	for len(events) < trafficBatch {
		select {
		case e, ok := <-f.ch:
			if !ok {
				return events, true
			}
			events = append(events, e)
		case <-frame.C:
			return events, false
		}
	}
	return events, false
}

// release counts events' messages out of the feed's bytes.
func (f *TrafficFeed) release(events []proxy.Event) {
	var n int64
	for i := range events {
		n += int64(len(events[i].Params) + len(events[i].Result))
	}
	f.queued.Add(-n)
}

// trafficRow is one message through the proxy as the traffic pane lists
// it: what the rows and the detail show, escaped once, here, rather than
// on every frame.
type trafficRow struct {
	seq  int64 // its place in the traffic since the workbench began, from 1
	time time.Time

	dir     string // "c→s": who sent it to whom
	kind    string // escaped
	method  string // escaped
	tool    string // the tool of a tools/call, escaped
	rawID   string // the id as written, to pair a call with its answer
	verdict proxy.Verdict
	latency time.Duration // a response's, since its request
	bytes   int

	// The findings: how many, the most severe, their codes summed up in
	// a line; each in full (escaped) until the history's budget for
	// details drops them, oldest first.
	nFindings int
	worst     catalog.Severity // 0 for none
	codes     string
	findings  []shownFinding

	// params is a tools/call request's params as written, nil when they
	// were too large to keep or the budget dropped them; paramBytes is
	// their size as they came.
	params     []byte
	paramBytes int

	dropped int64 // the events the proxy dropped just before this one

	// of, when set, makes the row one about a message recorded earlier,
	// at that time: why (escaped) says what became of it, and repeats,
	// for a run summed up, how many messages like it the row stands for.
	of      time.Time
	why     string
	repeats int64
	// lost, set by a later row of it, is why the row's message, passed
	// on, was never written to its peer (escaped); "" for none said.
	lost string

	call        bool  // a client's tools/call request
	answer      int64 // the seq of a call's answer, 0 until it comes
	answersCall bool  // an answer to a client's tools/call
	request     int64 // the seq of the call it answers, 0 when not paired

	listing *listingMarks // what a tools/list response says of its tools; nil once applied
}

// shownFinding is one finding of a message, escaped for the screen.
type shownFinding struct {
	sev                    catalog.Severity
	code, text, hint, tool string
}

// listingMarks is what a tools/list response says of the tools of its
// page: the names it lists, and those the proxy withheld from the client
// or passed on not as the lock pins them.
type listingMarks struct {
	listed []string
	marks  map[string]proxyMark
}

// proxyMark is what the proxy did with a tool of a locked server that
// is not as the lock pins it.
type proxyMark uint8

const (
	proxyDrift    proxyMark = iota + 1 // passed on under audit: drift
	proxyWithheld                      // kept from the client: withheld
)

// maxRowFindings is the most findings a row keeps in full: a listing's
// lint may bring a thousand, which the record holds.
const maxRowFindings = 64

// newTrafficRow prepares e for the screen.
func newTrafficRow(e *proxy.Event) trafficRow {
	r := trafficRow{
		time:       e.Time,
		dir:        direction(e.From, e.To),
		kind:       shown(e.Kind, maxName),
		method:     shown(e.Method, maxName),
		tool:       shown(e.Tool, maxName),
		verdict:    e.Verdict,
		latency:    e.Latency,
		bytes:      e.Bytes,
		nFindings:  len(e.Findings),
		params:     e.Params,
		paramBytes: len(e.Params),
		dropped:    e.Dropped,
		of:         e.Of,
		why:        shown(e.Why, maxText),
		repeats:    e.Repeats,
	}
	if e.ID != nil {
		r.rawID = string(e.ID)
	}
	if e.Params == nil && e.Method == "tools/call" && e.Kind == "request" {
		r.paramBytes = e.Bytes // too large to keep: the message's size says how large
	}
	// A row about a message recorded earlier is neither a call nor an
	// answer: the message's own row was.
	fresh := e.Of.IsZero()
	r.call = fresh && e.Kind == "request" && e.Method == "tools/call" && e.From == proxy.Client
	r.answersCall = fresh && e.Kind == "response" && e.Method == "tools/call" && e.To == proxy.Client
	r.findings, r.worst, r.codes = showFindings(e.Findings)
	if e.Method == "tools/list" && e.Kind == "response" {
		r.listing = readListing(e)
	}
	return r
}

// directions are the pairs of peers as the rows name them: c, s or p
// for the client, the server and the proxy.
var directions = func() map[[2]proxy.Peer]string {
	letters := map[proxy.Peer]string{proxy.Client: "c", proxy.Server: "s", proxy.Proxy: "p"}
	d := map[[2]proxy.Peer]string{}
	for from, f := range letters {
		for to, t := range letters {
			d[[2]proxy.Peer{from, to}] = f + "→" + t
		}
	}
	return d
}()

// direction is who sent a message to whom, as the rows name it: "c→s";
// "?" stands for a peer the proxy does not name.
func direction(from, to proxy.Peer) string {
	if d, ok := directions[[2]proxy.Peer{from, to}]; ok {
		return d
	}
	letter := func(p proxy.Peer) string {
		if d, ok := directions[[2]proxy.Peer{p, p}]; ok {
			return d[:1]
		}
		return "?"
	}
	return letter(from) + "→" + letter(to)
}

// clock is the row's time of day, to the millisecond.
func (r *trafficRow) clock() string { return r.time.Format("15:04:05.000") }

// id is the row's id as written, escaped; "" for none.
func (r *trafficRow) id() string { return shown(r.rawID, maxName) }

// showFindings is fs escaped for the screen (the first maxRowFindings),
// the most severe of them, and their codes summed up: "missing, type"
// or "withheld ×2, description-too-short".
func showFindings(fs []proxy.Finding) ([]shownFinding, catalog.Severity, string) {
	if len(fs) == 0 {
		return nil, 0, ""
	}
	out := make([]shownFinding, 0, min(len(fs), maxRowFindings))
	var worst catalog.Severity
	var order []string
	count := map[string]int{}
	for i, f := range fs {
		if worst == 0 || f.Severity != 0 && f.Severity < worst {
			worst = f.Severity
		}
		if count[f.Code] == 0 {
			order = append(order, f.Code)
		}
		count[f.Code]++
		if i < maxRowFindings {
			out = append(out, shownFinding{sev: f.Severity, code: shown(f.Code, maxName),
				text: shown(f.Text, maxText), hint: shown(f.Hint, maxText), tool: shown(f.Tool, maxName)})
		}
	}
	var b strings.Builder
	for i, code := range order {
		if i > 0 {
			b.WriteString(", ")
		}
		if b.Len() > maxName {
			b.WriteString("…")
			break
		}
		b.WriteString(code)
		if n := count[code]; n > 1 {
			b.WriteString(" ×" + strconv.Itoa(n))
		}
	}
	return out, worst, shown(b.String(), maxText)
}

// readListing is what a tools/list response says of its tools: the
// names its result lists, and the tools its withheld and drift findings
// name.
func readListing(e *proxy.Event) *listingMarks {
	l := &listingMarks{}
	for t := range jsonrpc.Elements(jsonrpc.Member(e.Result, "tools")) {
		if name, ok := jsonrpc.Unquote(jsonrpc.Member(t, "name")); ok {
			l.listed = append(l.listed, name)
		}
	}
	for _, f := range e.Findings {
		mark := proxyDrift
		switch {
		case f.Tool == "":
			continue // about the listing (the lock could not be read), or a tool with no name to mark
		case f.Code == proxy.CodeWithheld:
			mark = proxyWithheld
		case f.Code != proxy.CodeDrift:
			continue
		}
		if l.marks == nil {
			l.marks = map[string]proxyMark{}
		}
		l.marks[f.Tool] = max(l.marks[f.Tool], mark)
	}
	if l.listed == nil && l.marks == nil {
		return nil
	}
	return l
}

// problem reports whether the row's own message is one: kept from its
// peer, a listing with tools withheld, or findings other than notes.
func (r *trafficRow) problem() bool {
	if r.lost != "" {
		return true
	}
	switch r.verdict {
	case proxy.Refused, proxy.Dropped, proxy.Filtered:
		return true
	}
	return r.worst == catalog.Error || r.worst == catalog.Warning
}

// detailBytes is what the row's details (findings in full, params) hold
// in memory, roughly.
func (r *trafficRow) detailBytes() int {
	n := len(r.params)
	for _, f := range r.findings {
		n += len(f.code) + len(f.text) + len(f.hint) + len(f.tool) + 64
	}
	return n
}

// dropDetails forgets the row's findings in full and its params: the
// line about it stays.
func (r *trafficRow) dropDetails() {
	r.findings, r.params = nil, nil
}

// The workbench beside a proxy: the model's side of the traffic.

// trafficArrived takes a batch of the traffic: the marks its listings
// put on tools, then its rows, in the pane; and reads the next batch,
// until the feed has ended.
func (m model) trafficArrived(msg trafficMsg) (model, tea.Cmd) {
	for i := range msg.rows {
		if l := msg.rows[i].listing; l != nil {
			m.markTools(l)
		}
	}
	m.traffic.absorb(msg)
	if msg.closed {
		return m, nil
	}
	return m, readTraffic(m.feed)
}

// markTools takes what a listing says of its tools: the tools it lists
// lose the marks of an earlier listing, and those it withheld or passed
// on drifted are marked so.
func (m *model) markTools(l *listingMarks) {
	marks := maps.Clone(m.proxyMarks)
	if marks == nil {
		marks = map[string]proxyMark{}
	}
	for _, name := range l.listed {
		delete(marks, name)
	}
	maps.Copy(marks, l.marks)
	if len(marks) == 0 {
		marks = nil
	}
	m.proxyMarks = marks
	m.tools.proxy = marks
}

// proxyCounts is how many tools the proxy withheld and passed on
// drifted, as the last listing of each said.
func (m model) proxyCounts() (withheld, drifted int) {
	for _, mark := range m.proxyMarks {
		if mark == proxyWithheld {
			withheld++
		} else {
			drifted++
		}
	}
	return withheld, drifted
}

// proxyParts are the status bar's parts about the proxy: the tools it
// withheld or passed on drifted, and whether it has stopped.
func (m model) proxyParts() []string {
	if m.feed == nil {
		return nil
	}
	var parts []string
	switch withheld, drifted := m.proxyCounts(); {
	case withheld > 0 && drifted > 0:
		parts = append(parts, m.st.statusBad.Render("proxy: "+termtext.Plural(withheld, "tool")+" withheld, "+strconv.Itoa(drifted)+" drifted"))
	case withheld > 0:
		parts = append(parts, m.st.statusBad.Render("proxy: "+termtext.Plural(withheld, "tool")+" withheld"))
	case drifted > 0:
		parts = append(parts, m.st.statusNote.Render("proxy: "+termtext.Plural(drifted, "tool")+" drifted"))
	}
	if m.traffic.log.closed {
		parts = append(parts, m.st.statusBad.Render("the proxy has stopped"))
	}
	return parts
}

// onTraffic is the key table's action on the traffic pane.
func onTraffic(f func(*trafficPane)) keyAction {
	return func(m model) (model, tea.Cmd) {
		f(&m.traffic)
		return m, nil
	}
}

// openMessage shows the selected message of the traffic whole.
func (m model) openMessage() (model, tea.Cmd) {
	r := m.traffic.selected()
	if r == nil {
		m.note = "no message selected"
		return m, nil
	}
	var a *trafficRow
	if r.call {
		a = m.traffic.log.at(r.answer)
	}
	m.message.open(r, a, m.traffic.what(r))
	m.view = viewMessage
	return m, nil
}

// openTrafficCall puts the selected call of the traffic (or the call an
// answer answers) in the tester, as its name and arguments, to edit and
// send again; another message it shows whole.
func (m model) openTrafficCall() (model, tea.Cmd) {
	r := m.traffic.selected()
	if r != nil && r.answersCall {
		if req := m.traffic.log.at(r.request); req != nil {
			r = req
		}
	}
	switch {
	case r == nil:
		m.note = "no message selected"
		return m, nil
	case !r.call:
		return m.openMessage()
	case r.params == nil:
		m.note = "the params of " + m.traffic.what(r) + " are not kept: v shows what is"
		return m, nil
	case m.call.asked != nil:
		m.note = "the server's question is open in the tester: esc leaves it"
		return m, nil
	}
	m.setFocus(paneCall)
	if m.call.showForm {
		m.call.showForm = false // the call as it was sent, in text
		m.call.SetSize(m.call.w, m.call.h)
	}
	cmd := m.call.setText(trafficCallText(r.params))
	m.note = "call " + m.traffic.what(r) + " from the traffic: edit it, ctrl+r sends it to " + m.call.serverLabel()
	if !m.call.onServer() {
		m.note = "call " + m.traffic.what(r) + " from the traffic, checked against the tools: no server to send it to"
	}
	return m, tea.Batch(cmd, m.follow())
}

// trafficCallText is a call as the tester holds it, from the params of
// a tools/call as written: its name and arguments, as ctrl+p recalls a
// call; the params whole when they have no name to read, so that the
// tester says what is wrong with them.
func trafficCallText(params []byte) string {
	name := jsonrpc.Member(params, "name")
	if _, ok := jsonrpc.Unquote(name); !ok {
		return string(params)
	}
	return callText(name, jsonrpc.Member(params, "arguments"))
}

// callText is a call of the tool name (a JSON string as written) with
// args (JSON as written, nil for none), as the tester holds it.
func callText(name, args []byte) string {
	if args == nil {
		return `{"name": ` + string(name) + `}`
	}
	return `{"name": ` + string(name) + `, "arguments": ` + string(args) + `}`
}
