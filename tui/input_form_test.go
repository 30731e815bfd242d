package tui

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/internal/mcpclient"
)

// askingServer is a server of MCP 2026-07-28 whose tools ask for input:
//
//	login    a form for a GitHub login, then a greeting
//	summary  a completion from the client's model, which toolbench
//	         does not make
func askingServer(t *testing.T) mcpclient.Spec {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "asking", Version: "2.0.0"}, &mcp.ServerOptions{SupportedProtocolVersions: []string{"2026-07-28"}})
	readOnly := &mcp.ToolAnnotations{ReadOnlyHint: true}
	s.AddTool(&mcp.Tool{Name: "login", Description: "Greet a GitHub user.", Annotations: readOnly, InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			answer, ok := req.Params.InputResponses["github_login"].(*mcp.ElicitResult)
			if !ok || req.Params.RequestState != "state-1" {
				return &mcp.CallToolResult{
					InputRequests: mcp.InputRequestMap{"github_login": &mcp.ElicitParams{
						Message:         "Please provide your GitHub username",
						RequestedSchema: json.RawMessage(`{"type":"object","properties":{"name":{"type":"string","description":"Your login."},"team":{"type":"integer"}},"required":["name"]}`),
					}},
					RequestState: "state-1",
				}, nil
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf("hello, %v of team %v", answer.Content["name"], answer.Content["team"])}}}, nil
		})
	s.AddTool(&mcp.Tool{Name: "summary", Description: "Summarise the notes.", Annotations: readOnly, InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"gist": &mcp.CreateMessageParams{MaxTokens: 100}}}, nil
		})
	hs := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: true}))
	t.Cleanup(hs.Close)
	return mcpclient.Spec{Name: "asking", URL: hs.URL, Timeout: 5 * time.Second}
}

func TestCtrlROffersTheFormTheServerAsksForAndSendsTheCallAgainWithTheAnswer(t *testing.T) {
	t.Parallel()
	m := openOnServer(t, askingServer(t), Server{}, 120, 40)
	if s := lineOf(screen(m), "asking 2.0.0"); !strings.Contains(s, "MCP 2026-07-28") {
		t.Errorf("the status bar should name the revision: %q", s)
	}
	m = inTester(t, m, `{"name": "login", "arguments": {}}`)
	m, cmd := pressCmd(t, m, "ctrl+r")
	m = result(t, m, cmd)
	if m.call.asked == nil {
		t.Fatalf("no question after an input_required result:\n%s", screen(m))
	}
	s := screen(m) + "\n" + runText(m)
	for _, want := range []string{
		"login asks: Please provide your GitHub username",
		"ctrl+r answers · esc leaves the question unanswered",
		"? login: input required",
		"asks 'github_login' (elicitation/create, a form): Please provide your GitHub username",
		"name* string: Your login.",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the tester should show %q:\n%s", want, s)
		}
	}

	// An answer the schema refuses is not sent.
	m, cmd = pressCmd(t, m, "ctrl+r")
	if cmd != nil || m.call.asked == nil || !strings.Contains(screen(m), "✗ missing:name") {
		t.Fatalf("an answer without its required field should be refused, not sent:\n%s", screen(m))
	}

	m = typeText(t, m, "octocat")
	m = press(t, m, "down")
	m = typeText(t, m, "7")
	m, cmd = pressCmd(t, m, "ctrl+r")
	if m.call.asked != nil || cmd == nil {
		t.Fatalf("the answer should close the form and send the call again:\n%s", screen(m))
	}
	m = result(t, m, cmd)
	if s := screen(m); !strings.Contains(s, "▶ login: ok ") || !strings.Contains(s, "hello, octocat of team 7") {
		t.Errorf("the call answered should show its result:\n%s", s)
	}
	if len(m.call.history) != 2 {
		t.Errorf("the history holds %d calls, want the call and its answer", len(m.call.history))
	}
}

func TestEscLeavesTheServersQuestionUnanswered(t *testing.T) {
	t.Parallel()
	m := openOnServer(t, askingServer(t), Server{}, 120, 40)
	m = inTester(t, m, `{"name": "login", "arguments": {}}`)
	m, cmd := pressCmd(t, m, "ctrl+r")
	m = result(t, m, cmd)
	m = press(t, m, "esc")
	if m.call.asked != nil || !strings.Contains(screen(m), "left unanswered: ctrl+r sends the call anew") {
		t.Fatalf("esc should close the question:\n%s", screen(m))
	}
	// The tester is the call's again: ctrl+r sends it anew.
	m, cmd = pressCmd(t, m, "ctrl+r")
	m = result(t, m, cmd)
	if m.call.asked == nil {
		t.Errorf("the call sent anew should ask again:\n%s", screen(m))
	}
}

func TestAQuestionTheWorkbenchCannotAnswerIsShownWithoutAForm(t *testing.T) {
	t.Parallel()
	m := openOnServer(t, askingServer(t), Server{}, 120, 40)
	m = inTester(t, m, `{"name": "summary", "arguments": {}}`)
	m, cmd := pressCmd(t, m, "ctrl+r")
	m = result(t, m, cmd)
	if m.call.asked != nil {
		t.Fatal("a form for a sampling request")
	}
	s := screen(m) + "\n" + runText(m)
	for _, want := range []string{
		"asks 'gist' (sampling/createMessage): a completion from the client's model, which toolbench does not make",
		"the workbench answers forms, and the server also asks for sampling/createMessage (gist)",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the tester should show %q:\n%s", want, s)
		}
	}
}

// runText is what the tester shows under the head of the last call sent,
// unwrapped and without styles.
func runText(m model) string { return ansi.Strip(strings.Join(m.call.run.lines, "\n")) }

func TestTheWorkbenchOnAServerSaysItsRevisionAndFollowsItsChanges(t *testing.T) {
	t.Parallel()
	s := mcp.NewServer(&mcp.Implementation{Name: "modern", Version: "2.0.0"}, &mcp.ServerOptions{SupportedProtocolVersions: []string{"2026-07-28"}})
	s.AddTool(&mcp.Tool{Name: "alpha", Description: "Find things in the index.", InputSchema: json.RawMessage(`{"type":"object","properties":{"q":{"type":"string","description":"Words."}}}`)},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{}, nil
		})
	hs := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: true}))
	t.Cleanup(hs.Close)
	spec := mcpclient.Spec{Name: "modern", URL: hs.URL, Timeout: 5 * time.Second}

	// No target asked for: the server's revision decides.
	connect := func(ctx context.Context) (*mcpclient.Client, *mcpclient.ToolList, *jsondoc.Document, error) {
		return connectSpec(ctx, spec)
	}
	k := newConnector(clientConnect(connect))
	t.Cleanup(func() { k.closeAll(nil) })
	client, list, doc, err := connectSpec(k.ctx, spec)
	if err != nil {
		t.Fatal(err)
	}
	srv := &Server{Client: client, List: list, Doc: doc, Connect: connect}
	c := k.follow(client, doc, serverFacts(k.ctx, client, list), lint.Options{})
	m := newServerModel(Options{Server: srv}, k, c)
	m = update(t, m, tea.WindowSizeMsg{Width: 160, Height: 40})
	m = result(t, m, waitForEvent(m.src))
	status := lineOf(screen(m), "modern 2.0.0")
	for _, want := range []string{"modern 2.0.0 · MCP 2026-07-28", "target mcp (the server's revision)"} {
		if !strings.Contains(status, want) {
			t.Errorf("the status bar should say %q: %q", want, status)
		}
	}

	// list_changed comes through subscriptions/listen.
	s.AddTool(&mcp.Tool{Name: "beta", Description: "Find other things in the index.", InputSchema: json.RawMessage(`{"type":"object","properties":{"q":{"type":"string","description":"Words."}}}`)},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{}, nil
		})
	m = result(t, m, waitForEvent(m.src))
	if got := len(m.snap.rows); got != 2 || !strings.Contains(lineOf(screen(m), "modern 2.0.0"), "list_changed: the tools were listed again") {
		t.Errorf("%d tools after list_changed, status %q", got, lineOf(screen(m), "modern 2.0.0"))
	}
}
