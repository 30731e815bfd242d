package tui

import (
	"context"
	"io"
	"strings"
	"sync"

	tea "charm.land/bubbletea/v2"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/termtext"
	"toolbench/internal/live"
	"toolbench/internal/mcpclient"
	"toolbench/watch"
)

// Server is a live MCP server the workbench opens on in place of a file:
// its tools are the ones it lists, linted as a file's are and listed again
// on every notifications/tools/list_changed, and the tester can send them
// calls.
type Server struct {
	// Client is the session with the server, already open, List the
	// tools it listed and Doc their document (the one toolbench dump
	// writes). The workbench closes the session when it ends.
	Client *mcpclient.Client
	List   *mcpclient.ToolList
	Doc    *jsondoc.Document
	// Connect starts a new session and lists the tools again, for R. It
	// runs in a command, and its session ends when ctx is done.
	Connect func(ctx context.Context) (*mcpclient.Client, *mcpclient.ToolList, *jsondoc.Document, error)
	// Yes runs every tool without asking first.
	Yes bool
	// History, when not nil, gets an entry for each call sent, in
	// internal/live's format, so that toolbench call --run replays the
	// session; HistoryName names it in errors.
	History     io.Writer
	HistoryName string
}

// session is what the workbench uses of a session with a server: an
// *mcpclient.Client is one. Tests give it sessions of their own.
type session interface {
	live.Caller
	live.Answerer
	watch.ToolLister
	ServerInfo() mcpclient.ServerInfo
	StderrTail() string
	Close() error
}

// conn is one session with the server and the watcher that follows its
// list_changed.
type conn struct {
	sess    session
	watcher *watch.ServerWatcher
}

// close stops following the session, then ends it, and with it the
// server's process group; it waits for them to exit, so it runs in a
// command or at the end.
func (c *conn) close() {
	c.watcher.Close()
	c.sess.Close()
}

// connector opens the workbench's sessions with its server and closes
// every one at the end, a reconnection still under way included: a
// session is a process group that must not outlive the workbench.
type connector struct {
	connect func(ctx context.Context) (session, *jsondoc.Document, *lint.ServerFacts, error)
	accept  func(*lint.Result) *lint.Result // what a team accepts; nil for nothing
	ctx     context.Context                 // done when the workbench ends
	stop    context.CancelFunc

	mu      sync.Mutex
	open    map[*conn]bool
	waiting map[session]bool // sessions a reconnection made, not yet followed
	ended   bool
	active  sync.WaitGroup // reconnections under way
}

func newConnector(connect func(ctx context.Context) (session, *jsondoc.Document, *lint.ServerFacts, error)) *connector {
	ctx, stop := context.WithCancel(context.Background())
	return &connector{connect: connect, ctx: ctx, stop: stop, open: map[*conn]bool{}, waiting: map[session]bool{}}
}

// follow starts following the tools of sess, first listed as doc, whose
// listing showed facts, linted with opts. The watcher starts its own
// goroutine and returns at once.
func (k *connector) follow(sess session, doc *jsondoc.Document, facts *lint.ServerFacts, opts lint.Options) *conn {
	opts.Server = facts
	c := &conn{sess: sess, watcher: watch.NewServer(sess, doc, watch.Options{Lint: opts, Accept: k.accept})}
	k.mu.Lock()
	defer k.mu.Unlock()
	delete(k.waiting, sess)
	if k.ended {
		go c.close()
		return c
	}
	k.open[c] = true
	return c
}

// reconnectedMsg is a new session with the server, or why there is none.
type reconnectedMsg struct {
	sess  session
	doc   *jsondoc.Document
	facts *lint.ServerFacts
	err   error
}

// reconnect ends old (when there is one) and starts a new session.
func (k *connector) reconnect(old *conn) tea.Cmd {
	return func() tea.Msg {
		k.mu.Lock()
		if k.ended {
			k.mu.Unlock()
			return nil
		}
		k.active.Add(1)
		delete(k.open, old)
		k.mu.Unlock()
		defer k.active.Done()
		if old != nil {
			old.close()
		}
		sess, doc, facts, err := k.connect(k.ctx)
		if err == nil {
			// Until Update follows it, the session is kept here: the
			// workbench may end before the message is taken.
			k.mu.Lock()
			k.waiting[sess] = true
			k.mu.Unlock()
		}
		return reconnectedMsg{sess: sess, doc: doc, facts: facts, err: err}
	}
}

// closeAll ends every session, last's too, waiting first for a
// reconnection under way (its context is cancelled); a session made but
// not yet followed is closed here, and one followed later by follow.
func (k *connector) closeAll(last *conn) {
	k.mu.Lock()
	k.ended = true
	k.mu.Unlock()
	k.stop()
	k.active.Wait()
	k.mu.Lock()
	defer k.mu.Unlock()
	if last != nil {
		k.open[last] = true
	}
	for c := range k.open {
		c.close()
	}
	for sess := range k.waiting {
		sess.Close()
	}
	k.open, k.waiting = map[*conn]bool{}, map[session]bool{}
}

// clientConnect adapts Server.Connect to the connector's sessions: the
// listing's facts are surveyed as the first session's are (see
// serverFacts).
func clientConnect(connect func(ctx context.Context) (*mcpclient.Client, *mcpclient.ToolList, *jsondoc.Document, error)) func(ctx context.Context) (session, *jsondoc.Document, *lint.ServerFacts, error) {
	return func(ctx context.Context) (session, *jsondoc.Document, *lint.ServerFacts, error) {
		c, list, doc, err := connect(ctx)
		if err != nil {
			return nil, nil, nil, err
		}
		return c, doc, serverFacts(ctx, c, list), nil
	}
}

// serverFacts are what a session's listing shows beyond its tools, for
// the rules of live servers and the target of the session's revision:
// live.Survey lists again (and over HTTP on a second connection), so it
// runs before the screen opens or in a command. nil without a listing.
func serverFacts(ctx context.Context, c *mcpclient.Client, list *mcpclient.ToolList) *lint.ServerFacts {
	if c == nil || list == nil {
		return nil
	}
	return live.Survey(ctx, c, list)
}

// serverLabel is the server as messages name it: the name it gave
// itself, or else toolbench's name for it (its command's, say), escaped.
func serverLabel(info mcpclient.ServerInfo, name string) string {
	if info.Name != "" {
		return shown(info.Name, maxName)
	}
	return shown(name, maxName)
}

// serverTitle is the server as the status bar names it: the name and
// version it gave, and the protocol version it chose, escaped.
func serverTitle(info mcpclient.ServerInfo, name string) string {
	s := serverLabel(info, name)
	if info.Version != "" {
		s += " " + shown(info.Version, maxName)
	}
	if info.ProtocolVersion != "" {
		s += " · MCP " + shown(info.ProtocolVersion, maxName)
	}
	return s
}

// stderrLines is a server's standard error as the view shows it: each
// line escaped, the last one dropped when it is empty (the text ends
// with a newline).
func stderrLines(tail string) []string {
	if tail == "" {
		return nil
	}
	lines := strings.Split(strings.TrimSuffix(tail, "\n"), "\n")
	for i, l := range lines {
		lines[i] = termtext.EscapeLine(l)
	}
	return lines
}

// take makes c the session the tester uses.
func (s *callSession) take(c *conn) {
	s.conn, s.stderrOf = c, c.sess
	s.info, s.srvName = c.sess.ServerInfo(), c.sess.Name()
	s.ended, s.reconnecting = false, false
	s.confirmed = nil
}

// serverLabel is the server as messages name it.
func (s callSession) serverLabel() string { return serverLabel(s.info, s.srvName) }

// serverTitle is the server as the status bar names it.
func (s callSession) serverTitle() string { return serverTitle(s.info, s.srvName) }

// source is the watcher of the session's tools, nil while there is no
// session.
func (s callSession) source() source {
	if s.conn == nil {
		return nil
	}
	return s.conn.watcher
}

// reconnect ends the session and starts a new one, in a command; started
// is false, and note says why, when one is under way already. A call
// being sent is cancelled.
func (p *callPane) reconnect() (note string, cmd tea.Cmd, started bool) {
	if p.reconnecting {
		return "reconnecting already", nil, false
	}
	if p.running != nil {
		p.cancelCall()
	}
	old := p.conn
	p.conn = nil
	p.reconnecting = true
	return "reconnecting to " + p.serverLabel() + "…", p.conns.reconnect(old), true
}

// reconnected takes the new session of msg, linted with opts, or ends
// the session with msg's error.
func (p *callPane) reconnected(msg reconnectedMsg, opts lint.Options) error {
	p.reconnecting = false
	if msg.err != nil {
		p.ended = true
		return msg.err
	}
	p.take(p.conns.follow(msg.sess, msg.doc, msg.facts, opts))
	return nil
}

// reconnect ends the session with the server and starts a new one; the
// tools stay on screen until the new session lists them.
func (m model) reconnect() (model, tea.Cmd) {
	note, cmd, started := m.call.reconnect()
	m.note = note
	if started {
		m.src, m.watching = nil, false
	}
	return m, cmd
}

// reconnected takes the new session, or says why there is none.
func (m model) reconnected(msg reconnectedMsg) (model, tea.Cmd) {
	if err := m.call.reconnected(msg, m.opts); err != nil {
		m.broken = shown(err.Error(), maxText)
		m.tools.stale = m.snap != nil
		m.note = "reconnecting failed: R tries again"
		return m, nil
	}
	m.follows(m.call.source())
	m.note = "reconnected: a new session with " + m.call.serverTitle() + ", the tools listed again"
	return m, waitForEvent(m.src)
}

// openStderr shows the end of the server's standard error.
func (m model) openStderr() (model, tea.Cmd) {
	if m.call.stderrOf == nil {
		m.note = "no session yet: R reconnects"
		return m, nil
	}
	m.stderr.open(m.call.serverLabel(), m.call.stderrOf.StderrTail())
	m.view = viewStderr
	return m, nil
}
