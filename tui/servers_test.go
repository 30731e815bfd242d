package tui

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"toolbench/core/catalog"
	"toolbench/core/diff"
	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/lock"
	"toolbench/internal/mcpclient"
)

// openOnServers is the workbench on the servers of specs, as Run makes
// it for --all-servers, the first one's load taken, and the others' as
// their watchers deliver them.
func openOnServers(t *testing.T, specs ...mcpclient.Spec) model {
	t.Helper()
	var servers []*Server
	for _, spec := range specs {
		connect := func(ctx context.Context) (*mcpclient.Client, *mcpclient.ToolList, *jsondoc.Document, error) {
			return connectSpec(ctx, spec)
		}
		client, list, doc, err := connectSpec(context.Background(), spec)
		if err != nil {
			t.Fatal(err)
		}
		servers = append(servers, &Server{Client: client, List: list, Doc: doc, Connect: connect})
	}
	m, done := openServers(Options{Servers: servers, Lint: lint.Options{Targets: []string{"mcp"}}})
	t.Cleanup(func() { done(m) })
	m = update(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	m = result(t, m, waitForEvent(m.src))
	for _, g := range m.groups[1:] {
		m = result(t, m, waitForEvent(g.session.source()))
	}
	return m
}

// fakeServersModel is the workbench on two fake servers at w x h, as
// --all-servers opens it with cfg: test-tools listing keyServerTools,
// shown, and other-tools listing fakeTools, whose load is kept for when
// it is.
func fakeServersModel(t testing.TB, cfg Options, w, h int) model {
	t.Helper()
	opts := lint.Options{Targets: []string{"mcp"}}
	cfg.Lint = opts
	var sessions []callSession
	var snaps []*snapshot
	for _, srv := range []struct{ name, tools string }{{"test-tools", keyServerTools}, {"other-tools", fakeTools}} {
		fake := newFakeSession()
		fake.name = srv.name
		k := newConnector(func(context.Context) (session, *jsondoc.Document, *lint.ServerFacts, error) {
			return nil, nil, nil, fmt.Errorf("the fake server takes one session")
		})
		snap := lintSnapshot(t, srv.name, srv.tools, opts)
		sessions = append(sessions, newCallSession(&Server{}, k, k.follow(fake, snap.result.Doc, nil, opts)))
		snaps = append(snaps, snap)
		t.Cleanup(func() { k.closeAll(nil) })
	}
	m := newServersModel(cfg, sessions)
	m = update(t, m, tea.WindowSizeMsg{Width: w, Height: h})
	m = update(t, m, docLoadedMsg{snap: snaps[0]})
	return result(t, m, waitForEvent(m.groups[1].session.source()))
}

func TestAllServersShowsEachServersToolsAndCallsGoToIt(t *testing.T) {
	t.Parallel()
	one, two := newLiveServer(), newLiveServer()
	two.addTool("only_two")
	specOne, specTwo := one.serveHTTP(t), two.serveHTTP(t)
	specOne.Name, specTwo.Name = "one", "two"
	m := openOnServers(t, specOne, specTwo)
	s := screen(m)
	if !strings.Contains(statusBar(m), "server 1 of 2") || strings.Contains(s, "only_two") {
		t.Fatalf("the first server should be shown, and said to be 1 of 2:\n%s", s)
	}
	if m.groups[1].snap == nil {
		t.Fatal("the second server's load was not kept while the first was shown")
	}

	m = press(t, m, "]")
	s = screen(m)
	if !strings.Contains(statusBar(m), "server 2 of 2") || !strings.Contains(s, "only_two") || m.call.srvName != "two" {
		t.Fatalf("] should show the second server's tools:\n%s", s)
	}
	m = inTester(t, m, `{"name": "echo", "arguments": {"text": "hi"}}`)
	m, cmd := pressCmd(t, m, "ctrl+r")
	m = result(t, m, cmd)
	if one.calls.Load() != 0 || two.calls.Load() != 1 {
		t.Errorf("calls: the first server took %d, the second %d; want the call on the server shown", one.calls.Load(), two.calls.Load())
	}

	m = press(t, m, "esc", "[") // stop typing first: [ is text in the tester
	if s := screen(m); !strings.Contains(statusBar(m), "server 1 of 2") || strings.Contains(s, "only_two") || m.call.srvName != "one" {
		t.Errorf("[ should show the first server again:\n%s", s)
	}
}

func TestTheServerKeysAreForSeveralServersOnly(t *testing.T) {
	t.Parallel()
	for name, m := range map[string]model{
		"a file":   newLoadedModel(t, testTools, 120, 40),
		"a server": fakeServerModel(t, 120, 40),
	} {
		for _, b := range []*key.Binding{&m.keys.NextServer, &m.keys.PrevServer} {
			if m.table.applies(b, m.keyState()) {
				t.Errorf("%s is offered on %s", b.Help().Key, name)
			}
			if next, cmd := m.Update(keyPress(b.Keys()[0])); cmd != nil || looks(next.(model)) != looks(m) {
				t.Errorf("%s did something on %s", b.Help().Key, name)
			}
		}
	}
}

func TestEachServerKeepsItsOwnSessionHistoryAndOutcome(t *testing.T) {
	t.Parallel()
	m := fakeServersModel(t, Options{}, 120, 40)
	m = press(t, inTester(t, m, `{"name": "echo", "arguments": {"text": "on one"}}`), "ctrl+r")
	if s := screen(m); !strings.Contains(s, "▶ echo: ok") {
		t.Fatalf("the call on the first server shows no outcome:\n%s", s)
	}

	m = press(t, m, "esc", "]")
	s := screen(m)
	if !strings.Contains(statusBar(m), "server 2 of 2") || strings.Contains(s, "▶ echo") {
		t.Fatalf("] should show the second server, without the first one's outcome:\n%s", s)
	}
	if m = press(t, m, "ctrl+p"); !strings.Contains(m.note, "no call sent in this session yet") {
		t.Errorf("ctrl+p on the second server: note %q, want its session's history, empty", m.note)
	}

	m = press(t, m, "esc", "[")
	if s := screen(m); !strings.Contains(statusBar(m), "server 1 of 2") || !strings.Contains(s, "▶ echo: ok") {
		t.Fatalf("[ should show the first server and its last outcome again:\n%s", s)
	}
	if m = press(t, m, "ctrl+p"); !strings.Contains(screen(m), "call 1 of 1 of the session") {
		t.Errorf("ctrl+p on the first server should recall its call:\n%s", screen(m))
	}
}

func TestTheServerShownStaysWhileACallIsBeingSent(t *testing.T) {
	t.Parallel()
	m := fakeServersModel(t, Options{}, 120, 40)
	m, _ = pressCmd(t, inTester(t, m, `{"name": "echo", "arguments": {"text": "hi"}}`), "ctrl+r")
	m = press(t, m, "tab", "]")
	if m.group != 0 || !strings.Contains(m.note, "a call or a reconnection is under way") {
		t.Errorf("] while a call is sent: server %d shown, note %q", m.group+1, m.note)
	}
}

func TestAServerNotShownWhoseSessionEndsShowsEndedWhenShown(t *testing.T) {
	t.Parallel()
	m := fakeServersModel(t, Options{}, 120, 40)
	other := m.groups[1].session
	other.conn.sess.Close()
	m = result(t, m, waitForEvent(other.source()))
	m = press(t, m, "]")
	if !strings.Contains(statusBar(m), "ended") {
		t.Errorf("the status bar should say the session ended: %q", statusBar(m))
	}
	m = press(t, inTester(t, m, `{"name": "echo", "arguments": {"text": "hi"}}`), "ctrl+r")
	if s := screen(m); !strings.Contains(s, "no session with the server (R reconnects)") {
		t.Errorf("ctrl+r on the ended session should say there is none:\n%s", s)
	}
}

func TestSwitchingServersHoldsTheServerShownToTheLock(t *testing.T) {
	t.Parallel()
	verify := func(doc *jsondoc.Document) (*lock.Drift, error) {
		if doc.Name != "test-tools" {
			return nil, fmt.Errorf("toolbench.lock does not pin %s", doc.Name)
		}
		return &lock.Drift{Changes: []diff.Change{{Tool: "echo", Severity: catalog.Error}}}, nil
	}
	m := fakeServersModel(t, Options{Verify: verify}, 200, 40) // room for the lock's part of the status bar
	if s := screen(m); !strings.Contains(statusBar(m), "lock: 1 tool drifted") || !strings.Contains(s, "≠ echo") {
		t.Fatalf("the first server's echo should be marked drifted:\n%s", s)
	}
	m, cmd := pressCmd(t, m, "]")
	s := screen(m)
	if !strings.Contains(statusBar(m), "lock …") || strings.Contains(s, "≠ echo") {
		t.Errorf("until the lock's verdict on the second server, the first one's should not show:\n%s", s)
	}
	m = runQuick(t, m, cmd)
	if line := statusBar(m); !strings.Contains(line, "does not pin other-tools") {
		t.Errorf("the status bar should give the lock's verdict on the second server: %q", line)
	}
}

func TestTheTargetsGoWithTheServerShown(t *testing.T) {
	t.Parallel()
	m := fakeServersModel(t, Options{}, 200, 40)
	m = press(t, m, "t", "]") // from mcp to the next target, then the second server
	want := m.opts.Targets
	if slices.Equal(want, []string{"mcp"}) {
		t.Fatal("t did not change the targets")
	}
	if line := statusBar(m); !strings.Contains(line, "target "+strings.Join(want, ",")+"…") {
		t.Errorf("the second server's load, linted for mcp, should be linted again for %q: %q", want, line)
	}
	m = result(t, m, waitForEvent(m.src))
	if !m.snap.lintedWith(want) || m.relinting() {
		t.Errorf("the second server's load was linted for %q, want %q", m.snap.result.Requested, want)
	}
}

// togetherFound runs the commands of cmd at once and returns what the
// check of the servers together found, as the program would deliver it;
// the others (a watcher's reader waits for the next load) are left.
func togetherFound(t *testing.T, cmd tea.Cmd) crossServerCheckedMsg {
	t.Helper()
	got := make(chan crossServerCheckedMsg, 1)
	var run func(tea.Cmd)
	run = func(c tea.Cmd) {
		if c == nil {
			return
		}
		switch msg := c().(type) {
		case tea.BatchMsg:
			for _, c := range msg {
				go run(c)
			}
		case crossServerCheckedMsg:
			got <- msg
		}
	}
	go run(cmd)
	select {
	case msg := <-got:
		return msg
	case <-time.After(30 * time.Second):
		t.Fatal("no check of the servers together was made")
	}
	return crossServerCheckedMsg{}
}

func TestTheWorkbenchOnSeveralServersShowsWhatTheyCauseTogether(t *testing.T) {
	t.Parallel()
	m := fakeServersModel(t, Options{ServersFile: ".mcp.json", TokenBudget: 10}, 160, 40)
	// The second server's first load, which fakeServersModel took, asks
	// for the servers to be checked together; here is its check.
	next, _ := m.Update(togetherFound(t, m.checkCrossServer()))
	m = press(t, next.(model), "tab", "a") // every issue, not the selected tool's
	s := screen(m)
	if !strings.Contains(s, "servers/token-budget") || !strings.Contains(s, "(all servers)") || !strings.Contains(s, "the 2 servers cost") {
		t.Errorf("the first server should show the budget the two pass together, about all servers:\n%s", s)
	}
	if strings.Contains(s, "servers/duplicate-tool-name") {
		t.Errorf("a name both list is the second server's issue, as lint places it:\n%s", s)
	}

	m = press(t, m, "]")
	s = screen(m)
	for _, want := range []string{"servers/duplicate-tool-name", "tool name 'echo' is listed by 2 servers", "servers/token-budget"} {
		if !strings.Contains(s, want) {
			t.Errorf("the second server should show %q:\n%s", want, s)
		}
	}
	own, all := m.snap.own(), m.snap.result
	if !slices.Equal(all.Issues[:len(own.Issues)], own.Issues) || len(all.Issues) != len(own.Issues)+3 || all.Errors != own.Errors+1 || all.Warnings != own.Warnings+2 {
		t.Errorf("the three issues found together should follow the server's own, counted: %+v", all.Issues)
	}

	// The configuration's acceptance applies to them as to the others.
	accept := func(res *lint.Result) *lint.Result {
		return res.Without(func(is *lint.Issue) bool { return is.Code == "servers/duplicate-tool-name" })
	}
	m = fakeServersModel(t, Options{ServersFile: ".mcp.json", Accept: accept}, 160, 40)
	m = press(t, m, "tab", "a", "]")
	if s := screen(m); strings.Contains(s, "servers/") {
		t.Errorf("the accepted names two servers list, and no budget, leave nothing found together:\n%s", s)
	}
}

func TestALoadOfAServerNotShownChecksTheServersTogetherAgain(t *testing.T) {
	t.Parallel()
	m := fakeServersModel(t, Options{ServersFile: ".mcp.json", TokenBudget: 10}, 160, 40)
	other := m.groups[1].session.source()
	m.groups[1].session.source().SetOptions(m.opts.Clone()) // a load of the server not shown
	next, cmd := m.Update(waitForEvent(other)())
	m = next.(model)
	next, _ = m.Update(togetherFound(t, cmd))
	if s := screen(press(t, next.(model), "tab", "a")); !strings.Contains(s, "the 2 servers cost") {
		t.Errorf("after the other server's load, the budget of both should show:\n%s", s)
	}
}
