package tui

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

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
	m, done := openServers(Config{Servers: servers, Lint: lint.Options{Targets: []string{"mcp"}}})
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
func fakeServersModel(t testing.TB, cfg Config, w, h int) model {
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
	one, two := newLiveServer(), newLiveServer()
	two.addTool("only_two")
	specOne, specTwo := one.serveHTTP(t), two.serveHTTP(t)
	specOne.Name, specTwo.Name = "one", "two"
	m := openOnServers(t, specOne, specTwo)
	s := screen(m)
	if !strings.Contains(lineOf(s, "test-tools"), "server 1 of 2") || strings.Contains(s, "only_two") {
		t.Fatalf("the first server should be shown, and said to be 1 of 2:\n%s", s)
	}
	if m.groups[1].snap == nil {
		t.Fatal("the second server's load was not kept while the first was shown")
	}

	m = press(t, m, "]")
	s = screen(m)
	if !strings.Contains(lineOf(s, "test-tools"), "server 2 of 2") || !strings.Contains(s, "only_two") || m.call.srvName != "two" {
		t.Fatalf("] should show the second server's tools:\n%s", s)
	}
	m = inTester(t, m, `{"name": "echo", "arguments": {"text": "hi"}}`)
	m, cmd := pressCmd(t, m, "ctrl+r")
	m = result(t, m, cmd)
	if one.calls.Load() != 0 || two.calls.Load() != 1 {
		t.Errorf("calls: the first server took %d, the second %d; want the call on the server shown", one.calls.Load(), two.calls.Load())
	}

	m = press(t, m, "esc", "[") // stop typing first: [ is text in the tester
	if s := screen(m); !strings.Contains(lineOf(s, "test-tools"), "server 1 of 2") || strings.Contains(s, "only_two") || m.call.srvName != "one" {
		t.Errorf("[ should show the first server again:\n%s", s)
	}
}

func TestTheServerKeysAreForSeveralServersOnly(t *testing.T) {
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
	m := fakeServersModel(t, Config{}, 120, 40)
	m = press(t, inTester(t, m, `{"name": "echo", "arguments": {"text": "on one"}}`), "ctrl+r")
	if s := screen(m); !strings.Contains(s, "▶ echo: ok") {
		t.Fatalf("the call on the first server shows no outcome:\n%s", s)
	}

	m = press(t, m, "esc", "]")
	s := screen(m)
	if !strings.Contains(lineOf(s, "other-tools"), "server 2 of 2") || strings.Contains(s, "▶ echo") {
		t.Fatalf("] should show the second server, without the first one's outcome:\n%s", s)
	}
	if m = press(t, m, "ctrl+p"); !strings.Contains(m.note, "no call sent in this session yet") {
		t.Errorf("ctrl+p on the second server: note %q, want its session's history, empty", m.note)
	}

	m = press(t, m, "esc", "[")
	if s := screen(m); !strings.Contains(lineOf(s, "test-tools"), "server 1 of 2") || !strings.Contains(s, "▶ echo: ok") {
		t.Fatalf("[ should show the first server and its last outcome again:\n%s", s)
	}
	if m = press(t, m, "ctrl+p"); !strings.Contains(screen(m), "call 1 of 1 of the session") {
		t.Errorf("ctrl+p on the first server should recall its call:\n%s", screen(m))
	}
}

func TestTheServerShownStaysWhileACallIsBeingSent(t *testing.T) {
	m := fakeServersModel(t, Config{}, 120, 40)
	m, _ = pressCmd(t, inTester(t, m, `{"name": "echo", "arguments": {"text": "hi"}}`), "ctrl+r")
	m = press(t, m, "tab", "]")
	if m.group != 0 || !strings.Contains(m.note, "a call or a reconnection is under way") {
		t.Errorf("] while a call is sent: server %d shown, note %q", m.group+1, m.note)
	}
}

func TestAServerNotShownWhoseSessionEndsShowsEndedWhenShown(t *testing.T) {
	m := fakeServersModel(t, Config{}, 120, 40)
	other := m.groups[1].session
	other.conn.sess.Close()
	m = result(t, m, waitForEvent(other.source()))
	m = press(t, m, "]")
	if !strings.Contains(lineOf(screen(m), "other-tools"), "ended") {
		t.Errorf("the status bar should say the session ended: %q", lineOf(screen(m), "other-tools"))
	}
	m = press(t, inTester(t, m, `{"name": "echo", "arguments": {"text": "hi"}}`), "ctrl+r")
	if s := screen(m); !strings.Contains(s, "no session with the server (R reconnects)") {
		t.Errorf("ctrl+r on the ended session should say there is none:\n%s", s)
	}
}

func TestSwitchingServersHoldsTheServerShownToTheLock(t *testing.T) {
	verify := func(doc *jsondoc.Document) (*lock.Drift, error) {
		if doc.Name != "test-tools" {
			return nil, fmt.Errorf("toolbench.lock does not pin %s", doc.Name)
		}
		return &lock.Drift{Changes: []diff.Change{{Tool: "echo", Severity: diff.Error}}}, nil
	}
	m := fakeServersModel(t, Config{Verify: verify}, 200, 40) // room for the lock's part of the status bar
	if s := screen(m); !strings.Contains(lineOf(s, "test-tools"), "lock: 1 tool drifted") || !strings.Contains(s, "≠ echo") {
		t.Fatalf("the first server's echo should be marked drifted:\n%s", s)
	}
	m, cmd := pressCmd(t, m, "]")
	s := screen(m)
	if !strings.Contains(lineOf(s, "other-tools"), "lock …") || strings.Contains(s, "≠ echo") {
		t.Errorf("until the lock's verdict on the second server, the first one's should not show:\n%s", s)
	}
	m = runQuick(t, m, cmd)
	if line := lineOf(screen(m), "other-tools"); !strings.Contains(line, "does not pin other-tools") {
		t.Errorf("the status bar should give the lock's verdict on the second server: %q", line)
	}
}

func TestTheTargetsGoWithTheServerShown(t *testing.T) {
	m := fakeServersModel(t, Config{}, 200, 40)
	m = press(t, m, "t", "]") // from mcp to the next target, then the second server
	want := m.opts.Targets
	if slices.Equal(want, []string{"mcp"}) {
		t.Fatal("t did not change the targets")
	}
	if line := lineOf(screen(m), "other-tools"); !strings.Contains(line, "target "+strings.Join(want, ",")+"…") {
		t.Errorf("the second server's load, linted for mcp, should be linted again for %q: %q", want, line)
	}
	m = result(t, m, waitForEvent(m.src))
	if !m.snap.lintedWith(want) || m.relinting() {
		t.Errorf("the second server's load was linted for %q, want %q", m.snap.result.Requested, want)
	}
}
