package tui

// Running calls on a server: ctrl+r sends the call at the cursor through
// internal/live, as `toolbench call --run` does, in a command, so that the
// screen keeps answering; esc cancels it through its context. A tool that
// does not say it only reads is asked about before its first run in a
// session. Every call sent goes into the session's history, which ctrl+p
// and ctrl+n recall, and into --history FILE.

import (
	"context"
	"errors"
	"io"
	"maps"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"toolbench/core/call"
	"toolbench/core/jsondoc"
	"toolbench/core/tooldef"
	"toolbench/internal/live"
)

// runningCall is the call being sent.
type runningCall struct {
	seq        int
	tool       string // escaped
	cancel     context.CancelFunc
	cancelling bool
}

// runRequest is one call to send: the index-th call of text, checked
// against schemas.
type runRequest struct {
	seq     int
	tool    string // the tool it names
	text    string
	index   int
	single  bool // text holds this call only
	deep    bool
	schemas *call.Schemas
	sess    session
	server  string    // the server's name, in the history
	history io.Writer // nil for none
	// answering, when set, is the server's question about the call,
	// answered: the call goes again with the answers, not from text.
	answering *inputForm
}

// callDoneMsg is what became of a call sent by runCall.
type callDoneMsg struct {
	seq     int
	req     runRequest // what was sent
	outcome live.Outcome
	// text is the call as ctrl+p gives it back: the tester's text when it
	// held this call alone, else the call as sent.
	text       string
	historyErr error
}

// historyItem is a call of the session and what became of it.
type historyItem struct {
	text    string
	outcome live.Outcome
}

// errFound stops the reading of calls once the one to run is found.
var errFound = errors.New("found")

// runCall checks and, when it is valid, sends the call r names, and
// appends it to the history file once it is sent.
func runCall(ctx context.Context, r runRequest) tea.Cmd {
	return func() tea.Msg {
		msg := callDoneMsg{seq: r.seq, req: r}
		i := 0
		if a := r.answering; a != nil {
			msg.outcome = live.Answer(ctx, r.sess, r.schemas, a.outcome, a.answers)
		} else {
			call.ReadCalls(strings.NewReader(r.text), func(_ int, c call.Call) error {
				if i < r.index {
					i++
					return nil
				}
				msg.outcome = live.Run(ctx, r.sess, r.schemas, c, live.Options{Deep: r.deep})
				return errFound
			})
		}
		o := msg.outcome
		msg.text = r.text
		if !r.single && o.Arguments != nil {
			msg.text = `{"name": ` + string(jsondoc.AppendQuote(nil, o.Tool)) + `, "arguments": ` + string(o.Arguments) + `}`
		}
		if e, sent := o.Entry(r.server); sent && r.history != nil {
			msg.historyErr = live.AppendEntry(r.history, e)
		}
		return msg
	}
}

// runShown is an outcome as the tester shows it under the errors.
type runShown struct {
	head    string   // "echo: ok 4 ms", escaped; "" for nothing shown
	failed  bool     // the head is a failure
	asking  bool     // the server asks for input before it completes the call
	refused bool     // nothing was sent nor checked (no session): marked ✗, not ▶
	lines   []string // content items, structuredContent, output problems, escaped
	recall  string   // "call 2 of 3 of the session" when recalled
}

// showOutcome is o as the tester shows it; recall says where it is in the
// history, when it is recalled.
func showOutcome(o live.Outcome, recall string) runShown {
	s := runShown{failed: o.Failed(), asking: o.AsksForInput(), recall: recall}
	tool := shown(o.Tool, maxName)
	switch {
	case !o.Valid() || o.Sent.IsZero():
		s.head = "not sent: " + o.Status()
	default:
		s.head = tool + ": " + o.Status()
	}
	switch {
	case o.Input != nil:
		s.lines = append(s.lines, live.InputLines(o.Input)...)
		if why := cannotAnswer(o.Input); why != "" {
			s.lines = append(s.lines, why)
		}
	case o.Result != nil:
		s.lines = append(s.lines, live.ContentLines(o.Result)...)
		s.lines = append(s.lines, o.StructuredLines()...)
	}
	for _, e := range o.Output {
		s.lines = append(s.lines, live.OutputLine(e))
	}
	return s
}

// annotationHints are the hints of MCP's tool annotations, in the
// order the question names them.
var annotationHints = []string{"readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"}

// runQuestion is whether t must be confirmed before its first run: when
// its annotations do not say readOnlyHint true, or say destructiveHint
// true; and what they claim, escaped, for the question.
func runQuestion(t *tooldef.Tool) (ask bool, claims string) {
	var ann *jsondoc.Node
	if t != nil && t.Def != nil {
		ann = t.Def.Get("annotations")
	}
	if !ann.Is(jsondoc.Object) {
		return true, "it has no annotations: nothing says it only reads"
	}
	var said []string
	for _, h := range annotationHints {
		if v := ann.Get(h); v != nil {
			said = append(said, h+" "+shown(string(jsondoc.AppendCompact(nil, v, false, maxName)), maxName))
		}
	}
	readOnly := ann.Get("readOnlyHint").IsTrue()
	destructive := ann.Get("destructiveHint").IsTrue()
	if len(said) == 0 {
		return true, "its annotations give no hints: nothing says it only reads"
	}
	claims = "its annotations claim " + strings.Join(said, ", ")
	if !ann.Has("readOnlyHint") {
		claims += " (readOnlyHint is false when not given)"
	}
	return !readOnly || destructive, claims
}

// questionLines is the question asked before tool's first run: its
// first line, then what its annotations claim and how to answer.
func questionLines(tool, server, claims string) []string {
	return []string{
		"? run " + tool + " on " + server + "?",
		claims,
		"(hints from the server, not guarantees)",
		"y sends the call · n or esc does not",
	}
}

// recallText says which call of the session's history i is.
func recallText(i, n int) string {
	return "call " + strconv.Itoa(i+1) + " of " + strconv.Itoa(n) + " of the session (ctrl+p/ctrl+n)"
}

// runCall sends the call at the cursor, after asking about its tool when
// it must; a call that is not valid goes to live.Run too, which says why
// it is not sent.
func (m model) runCall() (tea.Model, tea.Cmd) {
	if m.call.asked != nil {
		return m.answerQuestion()
	}
	if why := m.cannotRun(); why != "" {
		return m.refuse(why), nil
	}
	i := m.call.cursorCall()
	if i < 0 {
		return m.refuse("nothing to send: type a call, or ctrl+s for a sample"), nil
	}
	r := m.call.results[i]
	req := runRequest{
		tool: r.name, text: m.call.text(), index: i, single: len(m.call.results) == 1, deep: m.deep,
		schemas: m.call.schemas, sess: m.conn.sess, server: m.srvName, history: m.srv.History,
	}
	valid := len(r.errs) == 0 && len(r.deep) == 0
	if valid && !m.srv.Yes && !m.confirmed[r.name] {
		if ask, claims := runQuestion(m.call.schemas.Tools[r.name]); ask {
			m.asking = &req
			m.call.question = questionLines(shown(r.name, maxName), serverLabel(m.info, m.srvName), claims)
			m.call.revealRun()
			return m, nil
		}
	}
	return m.send(req)
}

// refuse says why a ctrl+r sent nothing: on a server, in the tester, in
// place of the last outcome, which would otherwise stand under the new
// call as if it were its own; elsewhere (on a file, or while a call is
// being sent, whose line must stay) in the status bar.
func (m model) refuse(why string) model {
	if m.srv == nil || m.running != nil {
		m.note = why
		return m
	}
	m.call.showRun(runShown{head: "not sent: " + why, failed: true, refused: true})
	return m
}

// cannotRun says why no call can be sent now, "" when one can.
func (m model) cannotRun() string {
	switch {
	case m.srv == nil:
		return "ctrl+r sends a call to a server: open the workbench on one (toolbench --server-cmd 'CMD ARGS')"
	case m.running != nil:
		return "a call is being sent: esc cancels it"
	case m.reconnecting:
		return "reconnecting: the call can be sent once the new session has begun"
	case m.conn == nil || m.ended:
		return "no session with the server (R reconnects)"
	case m.call.schemas == nil:
		return "the tools have not loaded yet"
	case m.call.input.empty():
		return "nothing to send: type a call, or ctrl+s for a sample"
	}
	return ""
}

// answer takes y or n to the question before a tool's first run.
func (m model) answer(msg tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	switch {
	case key.Matches(msg, m.keys.Yes):
		req := *m.asking
		m.asking, m.call.question = nil, nil
		m.confirmed = maps.Clone(m.confirmed)
		if m.confirmed == nil {
			m.confirmed = map[string]bool{}
		}
		m.confirmed[req.tool] = true
		return m.send(req)
	case key.Matches(msg, m.keys.No):
		m.asking, m.call.question = nil, nil
		m.call.showRun(runShown{head: "not sent: answered no", failed: true, refused: true})
	default:
		m.note = "y sends the call, n or esc does not"
	}
	return m, nil
}

// send starts req in a command that its own context can cancel.
func (m model) send(req runRequest) (tea.Model, tea.Cmd) {
	ctx, cancel := context.WithCancel(m.conns.ctx)
	m.runSeq++
	req.seq = m.runSeq
	tool := shown(req.tool, maxName)
	m.running = &runningCall{seq: req.seq, tool: tool, cancel: cancel}
	// The last outcome goes: under the line of the call being sent it
	// reads as this call's. It is in the history (ctrl+p) when it was
	// sent; when it was not, the check says it again.
	m.call.run = runShown{}
	m.call.pending = "sending " + tool + " · esc cancels"
	m.call.revealRun()
	return m, runCall(ctx, req)
}

// cancelCall cancels the call being sent: its context ends, the server
// is told, and the outcome comes back as cancelled.
func (m model) cancelCall() model {
	m.running.cancel()
	r := *m.running
	r.cancelling = true
	m.running = &r
	m.call.pending = "cancelling " + r.tool + "…"
	return m
}

// callDone shows what became of the call sent, and keeps it in the
// session's history when it was sent.
func (m model) callDone(msg callDoneMsg) model {
	if m.running == nil || msg.seq != m.running.seq {
		return m
	}
	m.running.cancel() // its context is done with
	m.running, m.call.pending = nil, ""
	o := msg.outcome
	if !o.Sent.IsZero() {
		m.history = append(m.history, historyItem{text: msg.text, outcome: o})
		m.histPos = -1
	}
	m.call.showRun(showOutcome(o, ""))
	if o.AsksForInput() && cannotAnswer(o.Input) == "" {
		m.call.ask(newInputForm(m.st, m.keys, msg.req, o))
	}
	if msg.historyErr != nil {
		m.note = "--history " + shown(m.srv.HistoryName, maxText) + ": " + shown(msg.historyErr.Error(), maxText)
	}
	return m
}

// recall puts the session's previous (step -1) or next (step 1) call in
// the tester, with its result; past the last, the text typed before the
// first recall comes back.
func (m model) recall(step int) (tea.Model, tea.Cmd) {
	n := len(m.history)
	pos := m.histPos
	switch {
	case m.srv == nil:
		m.note = "the history holds the calls sent to a server: open the workbench on one"
		return m, nil
	case n == 0:
		m.note = "no call sent in this session yet: ctrl+r sends one"
		return m, nil
	case step < 0 && pos < 0:
		m.draft, pos = m.call.text(), n-1
	case step < 0 && pos == 0:
		m.note = "this is the first call of the session"
		return m, nil
	case step < 0:
		pos--
	case pos < 0:
		m.note = "this is the text typed; ctrl+p recalls the session's calls"
		return m, nil
	case pos == n-1:
		m.histPos = -1
		m.call.showRun(runShown{})
		m.note = "back to the text typed before"
		cmd := m.call.setText(m.draft)
		return m, tea.Batch(cmd, m.follow())
	default:
		pos++
	}
	m.histPos = pos
	item := m.history[pos]
	cmd := m.call.setText(item.text)
	m.call.showRun(showOutcome(item.outcome, recallText(pos, n)))
	return m, tea.Batch(cmd, m.follow())
}

// answerQuestion takes ctrl+r on the server's question: the form's
// answer, when it is valid; once every form is answered, the call goes
// again with the answers.
func (m model) answerQuestion() (tea.Model, tea.Cmd) {
	switch {
	case m.running != nil:
		m.note = "a call is being sent: esc cancels it"
		return m, nil
	case m.conn == nil || m.ended || m.reconnecting:
		// The answer needs a session, any: the server's state travels
		// with it.
		m.note = "no session with the server (R reconnects)"
		return m, nil
	}
	asked := *m.call.asked
	asked.answers = maps.Clone(asked.answers)
	done := asked.answer()
	m.call.asked = &asked
	m.call.SetSize(m.call.w, m.call.h)
	if !done {
		return m, nil
	}
	req := asked.req
	req.answering, req.sess = &asked, m.conn.sess
	m.call.asked = nil
	return m.send(req)
}
