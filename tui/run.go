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

	tea "charm.land/bubbletea/v2"

	"toolbench/core/call"
	"toolbench/core/jsondoc"
	"toolbench/core/tooldef"
	"toolbench/internal/live"
	"toolbench/internal/mcpclient"
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
			msg.text = callText(jsondoc.AppendQuote(nil, o.Tool), o.Arguments)
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

// callSession is the tester's session with the workbench's server, when
// it has one, and the calls sent in it: the call being sent, the
// question before a tool's first run, the session's history, and what
// the tester shows of them. On several servers each has its own, and
// the tester holds the one of the server shown.
type callSession struct {
	srv          *Server // nil for a file or the demo
	conns        *connector
	conn         *conn   // the session now; nil while reconnecting, or when it failed
	stderrOf     session // the session whose standard error S shows
	info         mcpclient.ServerInfo
	srvName      string // the server's name, the file of its issues
	reconnecting bool
	ended        bool // the session has ended: R starts another

	confirmed map[string]bool // the tools asked about and run in this session
	asking    *runRequest     // a call waits for y or n
	running   *runningCall
	runSeq    int
	history   []historyItem
	histPos   int    // the history item recalled, -1 for none
	draft     string // the text before the first recall

	// What the tester shows of the calls: the outcome of the last call
	// sent or recalled, the call being sent, the question before a
	// tool's first run.
	run      runShown
	pending  string   // "sending echo · esc cancels", escaped
	question []string // escaped
	// asked is the server's question about the last call sent, when its
	// result asked for input the workbench can give; nil otherwise.
	asked *inputForm
}

// newCallSession is the session c with srv, which k opened.
func newCallSession(srv *Server, k *connector, c *conn) callSession {
	s := callSession{srv: srv, conns: k, histPos: -1}
	s.take(c)
	return s
}

// swapSession makes s the tester's session, as ] and [ show another
// server, and returns the one it had. The call typed stays, and goes to
// the server shown.
func (p *callPane) swapSession(s callSession) callSession {
	old := p.callSession
	p.callSession = s
	p.offset = 0
	p.SetSize(p.w, p.h) // what a session shows of its calls wants its own room
	return old
}

// onServer reports whether the tester sends calls to a server: the
// workbench is on one, not on a file or the demo.
func (p callPane) onServer() bool { return p.srv != nil }

// runCall sends the call at the cursor, after asking about its tool when
// it must; a call that is not valid goes to live.Run too, which says why
// it is not sent. note is for the status bar.
func (p *callPane) runCall() (note string, cmd tea.Cmd) {
	if p.asked != nil {
		return p.answerQuestion()
	}
	if why := p.cannotRun(); why != "" {
		return p.refuse(why), nil
	}
	i := p.cursorCall()
	if i < 0 {
		return p.refuse("nothing to send: type a call, or ctrl+s for a sample"), nil
	}
	r := p.results[i]
	req := runRequest{
		tool: r.name, text: p.text(), index: i, single: len(p.results) == 1, deep: p.deep,
		schemas: p.schemas, sess: p.conn.sess, server: p.srvName, history: p.srv.History,
	}
	valid := len(r.errs) == 0 && len(r.deep) == 0
	if valid && !p.srv.Yes && !p.confirmed[r.name] {
		if ask, claims := runQuestion(p.schemas.Tools[r.name]); ask {
			p.asking = &req
			p.question = questionLines(shown(r.name, maxName), serverLabel(p.info, p.srvName), claims)
			p.revealRun()
			return "", nil
		}
	}
	return "", p.send(req)
}

// refuse says why a ctrl+r sent nothing: in the tester, in place of the
// last outcome, which would otherwise stand under the new call as if it
// were its own; or, while a call is being sent, whose line must stay, in
// the status bar (the note it returns).
func (p *callPane) refuse(why string) (note string) {
	if p.running != nil {
		return why
	}
	p.showRun(runShown{head: "not sent: " + why, failed: true, refused: true})
	return ""
}

// cannotRun says why no call can be sent now, "" when one can.
func (p callPane) cannotRun() string {
	switch {
	case p.running != nil:
		return "a call is being sent: esc cancels it"
	case p.reconnecting:
		return "reconnecting: the call can be sent once the new session has begun"
	case p.conn == nil || p.ended:
		return "no session with the server (R reconnects)"
	case p.schemas == nil:
		return "the tools have not loaded yet"
	case p.input.empty():
		return "nothing to send: type a call, or ctrl+s for a sample"
	}
	return ""
}

// answerYes sends the call the question before a tool's first run is
// about, and does not ask about the tool again in the session.
func (p *callPane) answerYes() tea.Cmd {
	req := *p.asking
	p.asking, p.question = nil, nil
	p.confirmed = maps.Clone(p.confirmed)
	if p.confirmed == nil {
		p.confirmed = map[string]bool{}
	}
	p.confirmed[req.tool] = true
	return p.send(req)
}

// answerNo sends nothing, and says so in place of the last outcome.
func (p *callPane) answerNo() {
	p.asking, p.question = nil, nil
	p.showRun(runShown{head: "not sent: answered no", failed: true, refused: true})
}

// send starts req in a command that its own context can cancel.
func (p *callPane) send(req runRequest) tea.Cmd {
	ctx, cancel := context.WithCancel(p.conns.ctx)
	p.runSeq++
	req.seq = p.runSeq
	tool := shown(req.tool, maxName)
	p.running = &runningCall{seq: req.seq, tool: tool, cancel: cancel}
	// The last outcome goes: under the line of the call being sent it
	// reads as this call's. It is in the history (ctrl+p) when it was
	// sent; when it was not, the check says it again.
	p.run = runShown{}
	p.pending = "sending " + tool + " · esc cancels"
	p.revealRun()
	return runCall(ctx, req)
}

// cancelCall cancels the call being sent: its context ends, the server
// is told, and the outcome comes back as cancelled.
func (p *callPane) cancelCall() {
	p.running.cancel()
	r := *p.running
	r.cancelling = true
	p.running = &r
	p.pending = "cancelling " + r.tool + "…"
}

// callDone shows what became of the call sent, and keeps it in the
// session's history when it was sent; note says why the history file
// did not take it, if it did not.
func (p *callPane) callDone(msg callDoneMsg) (note string) {
	if p.running == nil || msg.seq != p.running.seq {
		return ""
	}
	p.running.cancel() // its context is done with
	p.running, p.pending = nil, ""
	o := msg.outcome
	if !o.Sent.IsZero() {
		p.history = append(p.history, historyItem{text: msg.text, outcome: o})
		p.histPos = -1
	}
	p.showRun(showOutcome(o, ""))
	if o.AsksForInput() && cannotAnswer(o.Input) == "" {
		p.ask(newInputForm(p.st, p.keys, msg.req, o))
	}
	if msg.historyErr != nil {
		return "--history " + shown(p.srv.HistoryName, maxText) + ": " + shown(msg.historyErr.Error(), maxText)
	}
	return ""
}

// recall puts the session's previous (step -1) or next (step 1) call in
// the tester, with its result; past the last, the text typed before the
// first recall comes back. moved says the tester holds another call now;
// when it does not, note says why.
func (p *callPane) recall(step int) (note string, cmd tea.Cmd, moved bool) {
	n := len(p.history)
	pos := p.histPos
	switch {
	case n == 0:
		return "no call sent in this session yet: ctrl+r sends one", nil, false
	case step < 0 && pos < 0:
		p.draft, pos = p.text(), n-1
	case step < 0 && pos == 0:
		return "this is the first call of the session", nil, false
	case step < 0:
		pos--
	case pos < 0:
		return "this is the text typed; ctrl+p recalls the session's calls", nil, false
	case pos == n-1:
		p.histPos = -1
		p.showRun(runShown{})
		return "back to the text typed before", p.setText(p.draft), true
	default:
		pos++
	}
	p.histPos = pos
	item := p.history[pos]
	cmd = p.setText(item.text)
	p.showRun(showOutcome(item.outcome, recallText(pos, n)))
	return "", cmd, true
}

// answerQuestion takes ctrl+r on the server's question: the form's
// answer, when it is valid; once every form is answered, the call goes
// again with the answers.
func (p *callPane) answerQuestion() (note string, cmd tea.Cmd) {
	switch {
	case p.running != nil:
		return "a call is being sent: esc cancels it", nil
	case p.conn == nil || p.ended || p.reconnecting:
		// The answer needs a session, any: the server's state travels
		// with it.
		return "no session with the server (R reconnects)", nil
	}
	asked := *p.asked
	asked.answers = maps.Clone(asked.answers)
	done := asked.answer()
	p.asked = &asked
	p.SetSize(p.w, p.h)
	if !done {
		return "", nil
	}
	req := asked.req
	req.answering, req.sess = &asked, p.conn.sess
	p.asked = nil
	return "", p.send(req)
}
