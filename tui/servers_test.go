package tui

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
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
		m = result(t, m, waitForEvent(g.c.watcher))
	}
	return m
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
	if !strings.Contains(lineOf(s, "test-tools"), "server 2 of 2") || !strings.Contains(s, "only_two") || m.srvName != "two" {
		t.Fatalf("] should show the second server's tools:\n%s", s)
	}
	m = inTester(t, m, `{"name": "echo", "arguments": {"text": "hi"}}`)
	m, cmd := pressCmd(t, m, "ctrl+r")
	m = result(t, m, cmd)
	if one.calls.Load() != 0 || two.calls.Load() != 1 {
		t.Errorf("calls: the first server took %d, the second %d; want the call on the server shown", one.calls.Load(), two.calls.Load())
	}

	m = press(t, m, "esc", "[") // stop typing first: [ is text in the tester
	if s := screen(m); !strings.Contains(lineOf(s, "test-tools"), "server 1 of 2") || strings.Contains(s, "only_two") || m.srvName != "one" {
		t.Errorf("[ should show the first server again:\n%s", s)
	}
}

func TestTheServerKeysAreForSeveralServersOnly(t *testing.T) {
	m := newLoadedModel(t, testTools, 120, 40)
	m = press(t, m, "]")
	if !strings.Contains(m.note, "--all-servers") {
		t.Errorf("] on a file: note %q", m.note)
	}
	if m.keys.applies(&m.keys.NextServer, m.keyState()) {
		t.Error("] is offered on a file")
	}
}
