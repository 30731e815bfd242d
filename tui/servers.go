package tui

import (
	"strconv"
	"sync"

	tea "charm.land/bubbletea/v2"

	"toolbench/core/lint"
)

// The workbench on several servers at once (toolbench --all-servers):
// each server's tools are a group, shown one at a time, and ] and [ move
// between them. Each server has its own connector, session and watcher,
// as the workbench on one server has; the group shown is the one the
// model's server state holds, and every group's watcher has one reader
// armed at all times, so that a server not shown keeps its last load for
// when it is shown again.

// serverGroup is one server of the workbench on several.
type serverGroup struct {
	srv  *Server
	k    *connector
	c    *conn     // its session now; the model's conn while it is shown
	snap *snapshot // its last load, nil before one
}

// openServers is the workbench on every server of cfg.Servers, each
// session already open, and what ends them all. Their listings are
// surveyed at once.
func openServers(cfg Config) (model, func(model)) {
	groups := make([]*serverGroup, len(cfg.Servers))
	var wg sync.WaitGroup
	for i, s := range cfg.Servers {
		k := newConnector(clientConnect(s.Connect))
		k.accept = cfg.Accept
		groups[i] = &serverGroup{srv: s, k: k}
		wg.Go(func() {
			groups[i].c = k.follow(s.Client, s.Doc, serverFacts(k.ctx, s.Client, s.List), cfg.Lint)
		})
	}
	wg.Wait()
	cfg.Server = cfg.Servers[0]
	m := newServerModel(cfg, groups[0].k, groups[0].c)
	m.groups = groups
	return m, func(m model) {
		for i, g := range m.groups {
			last := g.c
			if i == m.group {
				last = m.conn
			}
			g.k.closeAll(last)
		}
	}
}

// groupOf is the group whose watcher from is, nil for none.
func (m model) groupOf(from source) *serverGroup {
	for _, g := range m.groups {
		if g.c != nil && source(g.c.watcher) == from {
			return g
		}
	}
	return nil
}

// armGroups arms a reader of every group's watcher but the one shown,
// whose reader Init arms.
func (m model) armGroups() tea.Cmd {
	var cmds []tea.Cmd
	for i, g := range m.groups {
		if i != m.group {
			cmds = append(cmds, waitForEvent(g.c.watcher))
		}
	}
	return tea.Batch(cmds...)
}

// groupLoad takes a load of a group not shown: it is kept for when the
// group is, and the group's watcher read again. ok is false for a load
// of no group.
func (m model) groupLoad(msg tea.Msg) (model, tea.Cmd, bool) {
	var from source
	var snap *snapshot
	switch msg := msg.(type) {
	case docLoadedMsg:
		from, snap = msg.from, msg.snap
	case docFailedMsg:
		from = msg.from
	default:
		return m, nil, false
	}
	g := m.groupOf(from)
	if g == nil || from == m.src {
		return m, nil, false
	}
	if snap != nil {
		g.snap = snap
	}
	return m, waitForEvent(from), true
}

// switchServer shows the group by steps from the one shown, its last
// load at once; the target cycle's targets go with it.
func (m model) switchServer(by int) (tea.Model, tea.Cmd) {
	switch {
	case len(m.groups) < 2:
		m.note = "] and [ move between servers: open the workbench with --all-servers"
		return m, nil
	case m.reconnecting || m.running != nil:
		m.note = "wait for the server shown: a call or a reconnection is under way"
		return m, nil
	}
	cur := m.groups[m.group]
	cur.c, cur.snap = m.conn, m.snap
	m.group = (m.group + by + len(m.groups)) % len(m.groups)
	g := m.groups[m.group]
	m.srv, m.conns = g.srv, g.k
	m.take(g.c)
	var cmds []tea.Cmd
	if g.snap != nil {
		cmds = append(cmds, m.loaded(g.snap))
	}
	if !sameTargets(g.snap, m.opts) {
		cmds = append(cmds, setOptions(m.src, m.opts.Clone()))
	}
	return m, tea.Batch(cmds...)
}

// sameTargets reports whether s was linted with the targets opts asks
// for; false before a load.
func sameTargets(s *snapshot, opts lint.Options) bool {
	if s == nil {
		return false
	}
	asked := s.result.Requested
	if len(asked) != len(opts.Targets) {
		return false
	}
	for i := range asked {
		if asked[i] != opts.Targets[i] {
			return false
		}
	}
	return true
}

// groupStatus is the status bar's part that says which server of the
// several is shown: "server 2 of 3 (] next)"; "" for one.
func (m model) groupStatus() string {
	if len(m.groups) < 2 {
		return ""
	}
	return "server " + strconv.Itoa(m.group+1) + " of " + strconv.Itoa(len(m.groups)) + " (] next, [ back)"
}
