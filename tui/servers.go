package tui

import (
	"errors"
	"slices"
	"strconv"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/servers"
	"toolbench/watch"
)

// The workbench on several servers at once (toolbench --all-servers):
// each server's tools are a group, shown one at a time, and ] and [ move
// between them. Each server has its own connector, session and watcher,
// as the workbench on one server has. The server shown is the one whose
// session the tester holds and whose watcher is the root's source of
// loads; every other keeps its session and its last load in its group,
// its watcher read at all times, so that it shows at once when it is
// shown again.

// serverGroup is a server of the workbench on several, while another is
// shown: the tester's session with it, and what its watcher delivered,
// as the root keeps them for the server shown.
type serverGroup struct {
	session   callSession
	snap      *snapshot // its last load, nil before one
	broken    string    // why its last listing could not be used, escaped; "" when it could
	watching  bool      // its watcher still delivers
	loads     int       // loads from its session's watcher
	changedAt time.Time // the last list_changed that listed its tools again
}

// openServers is the workbench on every server of cfg.Servers, each
// session already open, and what ends them all. Their listings are
// surveyed at once.
func openServers(cfg Options) (model, func(model)) {
	sessions := make([]callSession, len(cfg.Servers))
	var wg sync.WaitGroup
	for i, s := range cfg.Servers {
		k := newConnector(clientConnect(s.Connect))
		k.accept = cfg.Accept
		wg.Go(func() {
			sessions[i] = newCallSession(s, k, k.follow(s.Client, s.Doc, serverFacts(k.ctx, s.Client, s.List), cfg.Lint))
		})
	}
	wg.Wait()
	return newServersModel(cfg, sessions), func(m model) {
		for i, g := range m.groups {
			s := g.session
			if i == m.group {
				s = m.call.callSession
			}
			s.conns.closeAll(s.conn)
		}
	}
}

// newServersModel is the workbench on several servers, a session with
// each just begun, the first shown.
func newServersModel(cfg Options, sessions []callSession) model {
	first := sessions[0]
	cfg.Server = first.srv
	m := newServerModel(cfg, first.conns, first.conn)
	m.groups = make([]serverGroup, len(sessions))
	for i, s := range sessions[1:] {
		m.groups[i+1] = serverGroup{session: s, watching: true}
	}
	return m
}

// armGroups arms a reader of the watcher of every server not shown; the
// shown one's reader Init arms.
func (m model) armGroups() tea.Cmd {
	var cmds []tea.Cmd
	for i, g := range m.groups {
		if i != m.group {
			cmds = append(cmds, waitForEvent(g.session.source()))
		}
	}
	return tea.Batch(cmds...)
}

// hiddenEvent takes an event of the watcher of a server not shown (a
// load, a failure, its end), keeps it in the server's group and reads
// the watcher again; ok is false for an event of no such watcher.
func (m model) hiddenEvent(from source, msg tea.Msg) (_ model, _ tea.Cmd, ok bool) {
	// The group of the server shown is empty: its watcher is m.src.
	i := slices.IndexFunc(m.groups, func(g serverGroup) bool { return from != nil && g.session.source() == from })
	if i < 0 {
		return m, nil, false
	}
	m.groups = slices.Clone(m.groups)
	g := &m.groups[i]
	switch msg := msg.(type) {
	case docLoadedMsg:
		g.loads++
		if relisted(g.loads, g.snap, msg.snap) {
			g.changedAt = msg.snap.loaded
		}
		g.snap, g.broken = msg.snap, ""
		return m, tea.Batch(waitForEvent(from), m.checkCrossServer()), true
	case docFailedMsg:
		g.broken = loadFailure(msg)
		if errors.Is(msg.err, watch.ErrEnded) {
			g.session.ended = true
		}
	case sourceClosedMsg:
		g.watching = false
		return m, nil, true
	}
	return m, waitForEvent(from), true
}

// switchServer is the action of ] (by 1) and [ (by -1): it shows the
// server that many steps from the one shown. The tester takes that
// server's session and the root its loads, the last one shown at once,
// linted again when the targets have changed since; the server left
// keeps its own in its group.
func switchServer(by int) keyAction {
	return func(m model) (model, tea.Cmd) {
		next := (m.group + by + len(m.groups)) % len(m.groups)
		g := m.groups[next]
		switch {
		case m.call.running != nil || m.call.reconnecting:
			m.note = "wait for the server shown: a call or a reconnection is under way"
			return m, nil
		case g.snap == nil:
			m.note = g.session.serverLabel() + " has not listed its tools yet"
			return m, nil
		}
		m.groups = slices.Clone(m.groups)
		m.groups[m.group] = serverGroup{
			session: m.call.swapSession(g.session),
			snap:    m.snap, broken: m.broken, watching: m.watching,
			loads: m.loads, changedAt: m.changedAt,
		}
		m.groups[next] = serverGroup{}
		m.group = next
		m.src, m.file, m.watching = m.call.source(), m.call.srvName, g.watching
		if !g.watching {
			m.src = nil
		}
		m.drift, m.tools.drift = nil, nil // the lock's verdict on the other server's tools
		cmd := m.loaded(g.snap)
		m.loads, m.changedAt = g.loads, g.changedAt
		m.broken, m.tools.stale = g.broken, g.broken != ""
		if m.relinting() {
			cmd = tea.Batch(cmd, setOptions(m.src, m.opts.Clone()))
		}
		return m, tea.Batch(cmd, m.checkCrossServer())
	}
}

// groupStatus is the status bar's part that says which server of the
// several is shown: "server 2 of 3"; "" for one. The keys that change it,
// ] and [, are in the help line: the status bar keeps its width for what
// the servers say (their issues, the lock's drift).
func (m model) groupStatus() string {
	if len(m.groups) < 2 {
		return ""
	}
	return "server " + strconv.Itoa(m.group+1) + " of " + strconv.Itoa(len(m.groups))
}

// The checks of the servers together are lint --all-servers's, made by
// core/servers: a tool name two servers list, more tools than a
// provider takes in one request, and the tokens of all definitions
// against the configuration's budget. They run in a command after each
// load of any server, on the last good load of each, with the targets
// shown; what they find about the server shown, or about all of them, is
// added at the end of its issues (snapshot.across), as lint adds them
// after each server's own.

// crossServerCheck is what the checks of the servers together need, beside
// the loads: where the issues about all of them go, the budget, and the
// configuration's and baseline's acceptance.
type crossServerCheck struct {
	origin string                          // the servers file, as the issues about all servers name it
	budget int                             // the configuration's token-budget; 0 for none
	accept func(*lint.Result) *lint.Result // nil without a configuration or a baseline
	seq    int                             // the check last asked for; an older one's result is dropped
}

// crossServerCheckedMsg is what the servers checked together found about the load
// shown when the check began (base): snap is base with those issues, or
// base itself when they are the ones it already shows.
type crossServerCheckedMsg struct {
	seq        int
	base, snap *snapshot
	err        error
}

// checkCrossServer checks the servers together in a command, when there are
// several and the one shown has loaded.
func (m *model) checkCrossServer() tea.Cmd {
	if len(m.groups) < 2 || m.snap == nil {
		return nil
	}
	var list []servers.Server
	for i, g := range m.groups {
		s := g.snap
		if i == m.group {
			s = m.snap
		}
		if s != nil {
			list = append(list, servers.Server{Name: s.result.Doc.Name, Result: s.own()})
		}
	}
	m.crossServer.seq++
	seq, base, tc, opts := m.crossServer.seq, m.snap, m.crossServer, m.opts.Clone()
	return func() tea.Msg {
		res, err := servers.Check(list, servers.Options{Lint: opts, TokenBudget: tc.budget, Origin: tc.origin})
		if err != nil {
			return crossServerCheckedMsg{seq: seq, base: base, err: err}
		}
		return crossServerCheckedMsg{seq: seq, base: base, snap: base.withAcross(tc.about(base.own(), res.Issues))}
	}
}

// about are the issues of the servers together that are about the
// server of own: a name it lists that another listed first, and the
// issues about all servers; less what the configuration and the
// baseline accept, as lint --all-servers accepts them.
func (tc crossServerCheck) about(own *lint.Result, found []lint.Issue) []lint.Issue {
	var out []lint.Issue
	for _, is := range found {
		res := &lint.Result{Doc: own.Doc, Tools: own.Tools}
		switch is.File {
		case own.Doc.Name:
		case tc.origin:
			res = &lint.Result{Doc: &jsondoc.Document{Name: tc.origin}}
		default:
			continue // placed in another server
		}
		res.Issues = []lint.Issue{is}
		if tc.accept != nil {
			res = tc.accept(res)
		}
		out = append(out, res.Issues...)
	}
	return out
}

// crossServerChecked shows what the servers together found, when it is
// about the load shown and is news; a listing that failed since is
// still said to have.
func (m model) crossServerChecked(msg crossServerCheckedMsg) (model, tea.Cmd) {
	switch {
	case msg.seq != m.crossServer.seq || msg.base != m.snap:
		return m, nil
	case msg.err != nil:
		m.note = "the servers together: " + shown(msg.err.Error(), maxText)
		return m, nil
	case msg.snap == m.snap:
		return m, nil
	}
	cmd := m.show(msg.snap)
	return m, cmd
}
