package tui

import (
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"toolbench/core/catalog"
	"toolbench/core/termtext"
	"toolbench/internal/proxy"
)

// trafficLog is the traffic kept: the last rows of it, as a ring, with
// what they have been since the workbench began. It is shared by every
// copy of the model, as only the newest is ever drawn, and changed in
// Update only.
type trafficLog struct {
	rows  []trafficRow // the ring, once it holds limit rows
	flags []rowFlags   // what the filters read of each row, beside it
	start int          // where the oldest row is in rows
	first int64        // the seq of the oldest row kept
	next  int64        // the seq the next row gets
	limit int          // the most rows kept

	// pending are the calls not yet answered, by id as written, oldest
	// first: two clients of the proxy over HTTP may use the same id.
	pending map[string][]int64

	// detail is what the rows from detailFrom on hold in details
	// (findings in full, params); past detailLimit the oldest rows'
	// are dropped.
	detail      int
	detailFrom  int64
	detailLimit int

	// What the traffic has been since the workbench began: rows made,
	// rows no longer kept, events the feed and the proxy's own queue
	// dropped, calls and those refused.
	total, evicted            int64
	feedDropped, proxyDropped int64
	calls, refused            int64
	closed                    bool // the feed has ended
}

// rowFlags is what the filters read of a row: kept beside the rows, so
// that listing 100,000 of them anew reads a byte each.
type rowFlags uint8

const (
	isCall      rowFlags = 1 << iota // a client's tools/call
	isProblem                        // the message is a problem
	callProblem                      // a call that is one, or whose answer is
)

// flagsOf is what the filters read of r.
func flagsOf(r *trafficRow) rowFlags {
	var f rowFlags
	if r.call {
		f |= isCall
	}
	if r.problem() {
		f |= isProblem | callProblem
	}
	return f
}

// The bounds of the traffic kept: the last rows, and what their details
// hold in memory together.
const (
	maxKeptTraffic = 100_000
	maxKeptDetail  = 64 << 20
)

// newTrafficLog keeps the last limit rows, and their details up to
// detailLimit bytes.
func newTrafficLog(limit, detailLimit int) *trafficLog {
	return &trafficLog{first: 1, next: 1, detailFrom: 1, limit: limit, detailLimit: detailLimit, pending: map[string][]int64{}}
}

// kept is how many rows are kept.
func (l *trafficLog) kept() int { return int(l.next - l.first) }

// at is the row seq, nil when it is not kept. The pointer holds until
// the next push.
func (l *trafficLog) at(seq int64) *trafficRow {
	if seq < l.first || seq >= l.next {
		return nil
	}
	return &l.rows[l.slot(seq)]
}

// slot is where the row seq, which is kept, is in rows and flags.
func (l *trafficLog) slot(seq int64) int { return (l.start + int(seq-l.first)) % len(l.rows) }

// push keeps r as the newest row, forgetting the oldest once the ring
// is full, and returns r's seq.
func (l *trafficLog) push(r trafficRow) int64 {
	r.seq, r.listing = l.next, nil
	l.next++
	l.total++
	l.detail += r.detailBytes()
	if len(l.rows) < l.limit {
		l.rows = append(l.rows, r)
		l.flags = append(l.flags, flagsOf(&r))
	} else {
		l.forget(&l.rows[l.start])
		l.rows[l.start], l.flags[l.start] = r, flagsOf(&r)
		l.start = (l.start + 1) % len(l.rows)
		l.first++
		l.evicted++
		l.detailFrom = max(l.detailFrom, l.first)
	}
	for l.detail > l.detailLimit && l.detailFrom < r.seq {
		old := l.at(l.detailFrom)
		l.detail -= old.detailBytes()
		old.dropDetails()
		l.detailFrom++
	}
	return r.seq
}

// neverWritten marks the row that the row seq (one about a message
// recorded earlier, not a run) is about as never written to its peer,
// and returns its seq and, for a call's answer, the call's; 0 for a row
// not kept. The rows are in the order of their times, so the row is
// found among those of its time, by who, kind, method and id: the first
// passed on and not marked already.
func (l *trafficLog) neverWritten(seq int64) (of, call int64) {
	d := l.at(seq)
	n := l.kept()
	i := sort.Search(n, func(i int) bool { return !l.at(l.first + int64(i)).time.Before(d.of) })
	for ; i < n; i++ {
		r := l.at(l.first + int64(i))
		if !r.time.Equal(d.of) {
			return 0, 0
		}
		if !r.of.IsZero() || r.lost != "" || !passedOn(r.verdict) || r.dir != d.dir || r.kind != d.kind || r.method != d.method || r.rawID != d.rawID {
			continue
		}
		of = l.first + int64(i)
		r.lost = d.why
		l.flags[l.slot(of)] |= isProblem | callProblem
		if r.answersCall && l.at(r.request) != nil {
			call = r.request
			l.flags[l.slot(call)] |= callProblem
		}
		return of, call
	}
	return 0, 0
}

// passedOn reports whether v is a verdict of a message passed on, which
// a later row may say was never written: two messages alike of one time
// are told apart by it and by the one marked already.
func passedOn(v proxy.Verdict) bool {
	return v == proxy.Relayed || v == proxy.Filtered || v == proxy.Sent
}

// forget takes the oldest row out of what is counted of the rows kept.
func (l *trafficLog) forget(r *trafficRow) {
	if r.seq >= l.detailFrom {
		l.detail -= r.detailBytes()
	}
	if r.call && r.answer == 0 {
		l.unpend(r.rawID, r.seq)
	}
}

// unpend takes the call seq out of the calls waiting for an answer.
func (l *trafficLog) unpend(id string, seq int64) {
	waiting := slices.DeleteFunc(l.pending[id], func(s int64) bool { return s == seq })
	if len(waiting) == 0 {
		delete(l.pending, id)
		return
	}
	l.pending[id] = waiting
}

// pair joins the answer seq to the oldest call waiting with its id, and
// returns that call's seq, 0 for none. An answer that is a problem makes
// its call one.
func (l *trafficLog) pair(seq int64) int64 {
	a := l.at(seq)
	waiting := l.pending[a.rawID]
	if len(waiting) == 0 {
		return 0
	}
	req := waiting[0]
	l.unpend(a.rawID, req)
	l.at(req).answer = seq
	a.request = req
	if l.flags[l.slot(seq)]&isProblem != 0 {
		l.flags[l.slot(req)] |= callProblem
	}
	return req
}

// trafficPane lists the proxy's traffic as it happens: every message, or
// the calls only (a row each, with its answer's latency and findings),
// or what is a problem; the list follows the newest row unless the
// selection is moved up from it. The selected row's findings are shown
// under the list when it has the room.
type trafficPane struct {
	paneBase
	log *trafficLog

	visible      []int64 // the seqs of the rows that pass the filters, in order
	cursor       int     // index into visible
	offset       int     // the first of visible shown
	follow       bool    // the selection stays on the newest row
	callsOnly    bool
	problemsOnly bool
}

func newTrafficPane(st *styles, keys *keyMap) trafficPane {
	return trafficPane{paneBase: newPaneBase(st, keys), log: newTrafficLog(maxKeptTraffic, maxKeptDetail), follow: true}
}

// SetSize sets the pane's outer size.
func (p *trafficPane) SetSize(w, h int) {
	p.paneBase.SetSize(w, h)
	p.keepCursorVisible()
}

// absorb adds a batch of rows to the traffic kept, and to the list those
// that pass the filters.
func (p *trafficPane) absorb(msg trafficMsg) {
	l := p.log
	l.feedDropped += msg.dropped
	l.closed = l.closed || msg.closed
	for i := range msg.rows {
		seq := l.push(msg.rows[i])
		r := l.at(seq)
		l.proxyDropped += r.dropped
		if r.verdict == proxy.Refused {
			l.refused++
		}
		if r.call {
			l.calls++
			l.pending[r.rawID] = append(l.pending[r.rawID], seq)
		}
		if p.admits(l.flags[l.slot(seq)]) {
			p.visible = append(p.visible, seq)
		}
		if !r.of.IsZero() && r.repeats == 0 {
			// The message it is about, and its call, are problems now,
			// which the problems may not list yet.
			of, call := l.neverWritten(seq)
			for _, earlier := range []int64{of, call} {
				if earlier != 0 && p.admits(l.flags[l.slot(earlier)]) {
					p.insert(earlier)
				}
			}
			continue
		}
		if !r.answersCall {
			continue
		}
		// An answer with findings makes its call a problem, which the
		// calls that are problems may not list yet.
		if req := l.pair(seq); req != 0 && p.callsOnly && p.problemsOnly && l.at(seq).problem() {
			p.insert(req)
		}
	}
	p.trim()
	if p.follow {
		p.cursor = max(len(p.visible)-1, 0)
	}
	p.keepCursorVisible()
}

// insert lists seq in its place, when it is not listed.
func (p *trafficPane) insert(seq int64) {
	i, found := slices.BinarySearch(p.visible, seq)
	if found {
		return
	}
	p.visible = slices.Insert(p.visible, i, seq)
	if i <= p.cursor && !p.follow && len(p.visible) > 1 {
		p.cursor++
	}
}

// trim takes the rows no longer kept off the list.
func (p *trafficPane) trim() {
	n := 0
	for n < len(p.visible) && p.visible[n] < p.log.first {
		n++
	}
	if n == 0 {
		return
	}
	p.visible = p.visible[n:]
	p.cursor = max(p.cursor-n, 0)
	p.offset = max(p.offset-n, 0)
}

// admits reports whether a row of flags f passes the filters.
func (p trafficPane) admits(f rowFlags) bool {
	switch {
	case p.callsOnly && f&isCall == 0:
		return false
	case !p.problemsOnly:
		return true
	case p.callsOnly:
		return f&callProblem != 0
	}
	return f&isProblem != 0
}

// relist makes the list anew for the filters, keeping the selected row,
// or the one before it when it no longer passes. It is a pass over the
// flags of the rows kept: on 100,000 of them, some 100 microseconds.
func (p *trafficPane) relist() {
	sel := p.selectedSeq()
	l := p.log
	p.visible = make([]int64, 0, l.kept())
	for seq := l.first; seq < l.next; seq++ {
		if p.admits(l.flags[l.slot(seq)]) {
			p.visible = append(p.visible, seq)
		}
	}
	i, found := slices.BinarySearch(p.visible, sel)
	if !found && i > 0 {
		i--
	}
	p.cursor = min(i, max(len(p.visible)-1, 0))
	if p.follow {
		p.cursor = max(len(p.visible)-1, 0)
	}
	p.offset = 0
	p.keepCursorVisible()
}

// toggleCalls lists the calls only, or every message again.
func (p *trafficPane) toggleCalls() {
	p.callsOnly = !p.callsOnly
	p.relist()
}

// toggleProblems lists the problems only, or everything again.
func (p *trafficPane) toggleProblems() {
	p.problemsOnly = !p.problemsOnly
	p.relist()
}

// selectedSeq is the selected row's seq, 0 for none.
func (p trafficPane) selectedSeq() int64 {
	if p.cursor < 0 || p.cursor >= len(p.visible) {
		return 0
	}
	return p.visible[p.cursor]
}

// selected is the selected row, nil for none.
func (p trafficPane) selected() *trafficRow { return p.log.at(p.selectedSeq()) }

// Update handles what the root routes here besides the key table's
// commands: the mouse.
func (p trafficPane) Update(msg tea.Msg) (trafficPane, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.MouseWheelMsg:
		if n := wheelDirection(msg) * wheelStep; n != 0 {
			p.move(n)
		}
	case tea.MouseClickMsg:
		if i := msg.Y - 2; i >= 0 && i < p.shownRows() && p.offset+i < len(p.visible) {
			p.cursor = p.offset + i
			p.follow = p.cursor == len(p.visible)-1
		}
	}
	return p, nil
}

// moveBy moves the selection for a key of the key table: up leaves the
// newest row, and the list stops following; to the last, it follows
// again.
func (p *trafficPane) moveBy(mv listMove) { p.move(mv.step(p.listHeight(), len(p.visible))) }

func (p *trafficPane) move(n int) {
	p.cursor = min(max(p.cursor+n, 0), max(len(p.visible)-1, 0))
	p.follow = p.cursor >= len(p.visible)-1
	p.keepCursorVisible()
}

func (p *trafficPane) keepCursorVisible() {
	p.offset = scrollTo(p.cursor, p.offset, p.listHeight(), len(p.visible))
}

// detailLines is the lines under the list for the selected row's
// findings, and the rule above them: none on a short pane.
func (p trafficPane) detailLines() int {
	if p.innerHeight() < 10 {
		return 0
	}
	return p.innerHeight() / 4
}

// listHeight is the rows the list shows: under its header line, above
// the detail and its rule.
func (p trafficPane) listHeight() int {
	h := p.innerHeight() - 1
	if d := p.detailLines(); d > 0 {
		h -= d + 1
	}
	return max(h, 0)
}

func (p trafficPane) shownRows() int { return min(len(p.visible)-p.offset, p.listHeight()) }

// View draws the pane.
func (p trafficPane) View() string {
	l := p.log
	extra := groupDigits(int(l.kept()))
	if p.callsOnly || p.problemsOnly {
		extra = groupDigits(len(p.visible)) + "/" + extra
	}
	return p.frame(paneTraffic.String(), extra, p.body())
}

func (p trafficPane) body() string {
	w := p.innerWidth()
	lines := make([]string, 0, p.innerHeight())
	lines = append(lines, p.headerLine(w))
	if len(p.visible) == 0 {
		lines = append(lines, p.st.muted.Render(clip(p.emptyText(), w)))
	}
	need := 0
	for j := p.offset; j < p.offset+p.shownRows(); j++ {
		need = max(need, width(p.what(p.log.at(p.visible[j]))))
	}
	cols := trafficColumns(w, need)
	for j := p.offset; j < p.offset+p.shownRows(); j++ {
		lines = append(lines, p.rowLine(p.log.at(p.visible[j]), j == p.cursor, cols, w))
	}
	if d := p.detailLines(); d > 0 {
		for len(lines) < 1+p.listHeight() {
			lines = append(lines, "")
		}
		lines = append(lines, p.st.muted.Render(strings.Repeat("─", w)))
		lines = append(lines, p.detail(w, d)...)
	}
	return strings.Join(lines, "\n")
}

func (p trafficPane) emptyText() string {
	switch {
	case p.log.kept() == 0 && p.log.closed:
		return " the proxy has stopped; it passed nothing on"
	case p.log.kept() == 0:
		return " waiting for the proxy's first message…"
	case p.callsOnly && p.problemsOnly:
		return " no call is a problem"
	case p.callsOnly:
		return " no tools/call yet"
	}
	return " no problem yet"
}

// headerLine says what the list shows, whether it follows the newest
// row, and what was dropped or is no longer kept.
func (p trafficPane) headerLine(w int) string {
	l := p.log
	what := "every message"
	switch {
	case p.callsOnly && p.problemsOnly:
		what = "calls that are problems"
	case p.callsOnly:
		what = "calls"
	case p.problemsOnly:
		what = "problems"
	}
	parts := []string{p.st.muted.Render(" " + what)}
	switch {
	case l.closed:
		parts = append(parts, p.st.warn.Render("the proxy has stopped"))
	case p.follow:
		parts = append(parts, p.st.muted.Render("following"))
	default:
		parts = append(parts, p.st.warn.Render("held · G follows"))
	}
	if n := l.calls; n > 0 {
		calls := groupDigits(int(n)) + " calls"
		if n == 1 {
			calls = "1 call"
		}
		if l.refused > 0 {
			calls += ", " + groupDigits(int(l.refused)) + " refused"
		}
		parts = append(parts, p.st.muted.Render(calls))
	}
	if n := l.feedDropped + l.proxyDropped; n > 0 {
		parts = append(parts, p.st.warn.Render(groupDigits(int(n))+" dropped"))
	}
	if l.evicted > 0 {
		parts = append(parts, p.st.muted.Render("the last "+groupDigits(l.kept())+" kept"))
	}
	return clip(strings.Join(parts, p.st.muted.Render(" · ")), w)
}

// trafficCols is the widths of a row's columns; 0 for one left out.
type trafficCols struct {
	at, dir, what, verdict, latency, codes int
}

// trafficColumns lays a row out in w cells: the selection marker and the
// row's mark (four cells), then the time, the direction, the method and
// tool (as wide as need, the widest shown, when there is room), the
// verdict, the latency and the findings' codes. A narrow pane drops the
// direction, then the time's milliseconds, then the time and latency.
func trafficColumns(w, need int) trafficCols {
	c := trafficCols{at: 12, dir: 3, verdict: 8, latency: 8}
	if w < 72 {
		c.dir = 0
	}
	if w < 56 {
		c.at = 8 // to the second
	}
	if w < 44 {
		c.at, c.latency = 0, 0
	}
	rest := w - 4 - c.verdict - 1
	for _, n := range []int{c.at, c.dir, c.latency} {
		if n > 0 {
			rest -= n + 1
		}
	}
	// The codes keep a third of what is left, the method and tool take
	// the rest they need.
	c.what = max(min(need, rest-rest/3), min(rest, 16), 1)
	c.codes = max(rest-c.what-1, 0)
	return c
}

// rowLine draws r: marked, the time, direction, method, tool and id, the
// verdict, the latency and the findings' codes. In the calls, a row is a
// call with its answer.
func (p trafficPane) rowLine(r *trafficRow, selected bool, c trafficCols, w int) string {
	var b strings.Builder
	if selected {
		b.WriteString(p.st.marker.Render(" › "))
	} else {
		b.WriteString("   ")
	}
	b.WriteString(p.mark(r))
	if c.at > 0 {
		b.WriteString(p.st.muted.Render(r.clock()[:c.at]) + " ")
	}
	if c.dir > 0 {
		b.WriteString(p.st.muted.Render(r.dir) + " ")
	}
	what := p.what(r)
	if selected {
		what = p.st.selected.Render(fit(what, c.what))
	} else {
		what = fit(what, c.what)
	}
	b.WriteString(what + " ")
	b.WriteString(p.verdictText(r.verdict, c.verdict))
	if c.latency > 0 {
		b.WriteString(" " + p.st.muted.Render(padLeft(p.latencyText(r), c.latency)))
	}
	if codes := p.codesOf(r); codes != "" && c.codes > 0 {
		style := p.st.warn
		if p.worstOf(r) == catalog.Error {
			style = p.st.err
		}
		b.WriteString(" " + style.Render(clip(codes, c.codes)))
	}
	return clip(b.String(), w)
}

// mark is the row's one-cell mark and a space: ✗ for a message kept
// from its peer or never written to it (in the calls, a call's answer
// too), ⊘ for a listing with tools withheld, ! for findings with an
// error, · for findings with warnings; so that none of it depends on
// color.
func (p trafficPane) mark(r *trafficRow) string {
	switch {
	case r.verdict == proxy.Refused || r.verdict == proxy.Dropped || r.lost != "":
		return p.st.err.Render("✗") + " "
	case p.answerOf(r) != nil && p.answerOf(r).lost != "":
		return p.st.err.Render("✗") + " "
	case r.verdict == proxy.Filtered:
		return p.st.err.Render("⊘") + " "
	}
	switch p.worstOf(r) {
	case catalog.Error:
		return p.st.err.Render("!") + " "
	case catalog.Warning:
		return p.st.warn.Render("·") + " "
	}
	return "  "
}

// what is the row's method, tool and id: "tools/call search #7"; in the
// calls, the tool and id.
func (p trafficPane) what(r *trafficRow) string {
	s := r.method
	switch {
	case p.callsOnly:
		s = r.tool
	case s == "":
		s = r.kind
	case r.tool != "":
		s += " " + r.tool
	}
	if r.rawID != "" {
		s += " #" + r.id()
	}
	return s
}

// answerOf is a call's answer, in the calls; nil otherwise.
func (p trafficPane) answerOf(r *trafficRow) *trafficRow {
	if !p.callsOnly || !r.call {
		return nil
	}
	return p.log.at(r.answer)
}

// codesOf is the findings' codes the row shows: in the calls, the call's
// and its answer's.
func (p trafficPane) codesOf(r *trafficRow) string {
	if !r.of.IsZero() {
		return r.ofNote()
	}
	a := p.answerOf(r)
	switch {
	case a == nil || a.codes == "":
		return r.codes
	case r.codes == "":
		return a.codes
	}
	return r.codes + ", " + a.codes
}

// worstOf is the most severe finding the row shows, 0 for none.
func (p trafficPane) worstOf(r *trafficRow) catalog.Severity {
	worst := r.worst
	if a := p.answerOf(r); a != nil && a.worst != 0 && (worst == 0 || a.worst < worst) {
		worst = a.worst
	}
	return worst
}

// verdictText is v in w cells, styled: what was kept from its peer
// stands out.
func (p trafficPane) verdictText(v proxy.Verdict, w int) string {
	s := shown(string(v), maxName)
	if w > 0 {
		s = fit(s, w)
	}
	switch v {
	case proxy.Refused, proxy.Dropped, proxy.Filtered:
		return p.st.err.Render(s)
	case proxy.Relayed:
		return p.st.ok.Render(s)
	}
	return p.st.muted.Render(s)
}

// latencyText is a response's latency, or a call's once it is answered
// ("…" until then); "" for what has none.
func (p trafficPane) latencyText(r *trafficRow) string {
	switch {
	case r.call && r.answer == 0 && r.verdict == proxy.Relayed:
		return "…"
	case r.call:
		if a := p.log.at(r.answer); a != nil {
			return latency(a.latency)
		}
		return ""
	case r.kind == "response" && r.of.IsZero():
		return latency(r.latency)
	}
	return ""
}

// latency is d as the rows show it: 0.4 ms, 12 ms, 1.2 s.
func latency(d time.Duration) string {
	switch {
	case d < 10*time.Millisecond:
		return strconv.FormatFloat(float64(d.Microseconds())/1000, 'f', 1, 64) + " ms"
	case d < time.Second:
		return strconv.FormatInt(d.Milliseconds(), 10) + " ms"
	}
	return strconv.FormatFloat(d.Seconds(), 'f', 1, 64) + " s"
}

// padLeft pads s with spaces on the left to w cells.
func padLeft(s string, w int) string {
	if n := width(s); n < w {
		return strings.Repeat(" ", w-n) + s
	}
	return s
}

// detail is the selected row in n lines: what it is, then its findings
// (for a call, its answer's too) with their codes, a line each, as many
// as fit; the first line says how many there are when they do not.
func (p trafficPane) detail(w, n int) []string {
	r := p.selected()
	if r == nil {
		return nil
	}
	fs := r.findings
	if a := p.log.at(r.answer); a != nil && r.call {
		fs = append(slices.Clip(fs), a.findings...)
	}
	head := " " + p.st.name.Render(p.what(r)) + p.st.muted.Render(" · "+r.dir+" · "+groupDigits(r.bytes)+" bytes · ") + p.verdictText(r.verdict, 0) + p.answerNote(r)
	if len(fs) > n-1 {
		head += p.st.muted.Render(" · " + termtext.Plural(len(fs), "finding") + ", v shows them all")
	}
	lines := []string{clip(head, w)}
	if !r.of.IsZero() && n > 1 {
		lines = append(lines, clip(" "+p.st.muted.Render(r.ofNote()+": "+r.why), w))
	}
	for _, f := range fs[:min(len(fs), n-len(lines))] {
		lines = append(lines, clip(" "+p.st.severityMark(f.sev)+" "+p.st.code.Render(f.code)+" "+f.text, w))
	}
	if len(fs) == 0 && r.nFindings > 0 && len(lines) < n {
		lines = append(lines, p.st.muted.Render(clip(" "+r.codes+" (the details of older rows are not kept)", w)))
	}
	return lines
}

// ofNote says which message recorded earlier the row is about, and for
// a run summed up how many it stands for: "×999 like 15:09:30.052" or
// "of 15:09:30.052".
func (r *trafficRow) ofNote() string {
	at := r.of.Format("15:04:05.000")
	if r.repeats > 0 {
		return "×" + groupDigits(int(r.repeats)) + " like " + at
	}
	return "of " + at
}

// answerNote says, for a call, what became of it; for a message never
// written to its peer, why.
func (p trafficPane) answerNote(r *trafficRow) string {
	if r.lost != "" {
		return p.st.muted.Render(" · ") + p.st.err.Render("never written") + p.st.muted.Render(": "+r.lost)
	}
	if !r.call {
		return ""
	}
	a := p.log.at(r.answer)
	switch {
	case a != nil && a.lost != "":
		return p.st.muted.Render(" · answered in "+latency(a.latency)+" ("+a.dir+", "+shown(string(a.verdict), maxName)+", ") +
			p.st.err.Render("never written") + p.st.muted.Render(": "+a.lost+")")
	case a != nil:
		return p.st.muted.Render(" · answered in " + latency(a.latency) + " (" + a.dir + ", " + shown(string(a.verdict), maxName) + ")")
	case r.answer != 0:
		return ""
	case r.verdict == proxy.Relayed:
		return p.st.muted.Render(" · waiting for its answer")
	}
	return ""
}
