package live

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"toolbench/internal/mcpclient"
)

// askingServer asks, on the first call of login, for a GitHub login by
// a form, and for a completion the client cannot give; answered, it
// greets the login.
type askingServer struct {
	answers map[string]mcpclient.InputResponse
	state   string
}

var loginRequests = &mcpclient.InputRequired{
	Requests: []mcpclient.InputRequest{
		{Key: "github_login", Method: mcpclient.MethodElicit, Mode: "form", Message: "Please provide your GitHub username",
			Schema: json.RawMessage(`{"type":"object","properties":{"name":{"type":"string","description":"Your login."},"org":{"type":"string"}},"required":["name"]}`)},
		{Key: "docs", Method: mcpclient.MethodElicit, Mode: "url", Message: "Sign in\x1b[31m", URL: "https://example.com/sign-in"},
		{Key: "summary", Method: mcpclient.MethodCreateMessage},
		{Key: "where", Method: mcpclient.MethodListRoots},
	},
	State: "s1", HasState: true,
}

func (a *askingServer) Call(ctx context.Context, name string, args json.RawMessage) (*mcpclient.CallResult, error) {
	return &mcpclient.CallResult{Result: json.RawMessage(`{"resultType": "input_required", "inputRequests": {}}`), InputRequired: loginRequests, Elapsed: 3 * time.Millisecond}, nil
}

func (a *askingServer) Answer(ctx context.Context, name string, args json.RawMessage, in *mcpclient.InputRequired, answers map[string]mcpclient.InputResponse) (*mcpclient.CallResult, error) {
	a.answers, a.state = answers, in.State
	var content struct{ Name string }
	json.Unmarshal(answers["github_login"].Content, &content)
	return &mcpclient.CallResult{Result: json.RawMessage(`{"content": [{"type": "text", "text": "hello, ` + content.Name + `"}]}`), Elapsed: 5 * time.Millisecond}, nil
}

func TestAnOutcomeThatAsksForInputSaysWhatItAsks(t *testing.T) {
	t.Parallel()
	srv := &askingServer{}
	s := schemasOf(t, `{"tools": [{"name": "login", "inputSchema": {"type": "object"}}]}`)
	o := Run(context.Background(), srv, s, callOf(t, `{"name": "login", "arguments": {}}`), Options{})
	if !o.AsksForInput() || o.Failed() {
		t.Fatalf("AsksForInput %v, Failed %v: %+v", o.AsksForInput(), o.Failed(), o)
	}
	if want := "input required 3 ms: the server asks for 4 answers before it completes the call"; o.Status() != want {
		t.Errorf("Status = %q, want %q", o.Status(), want)
	}
	want := []string{
		"asks 'github_login' (elicitation/create, a form): Please provide your GitHub username",
		"  name* string: Your login.",
		"  org string",
		"asks 'docs' (elicitation/create, a URL to open): Sign in\\x1b[31m",
		"  https://example.com/sign-in",
		"asks 'summary' (sampling/createMessage): a completion from the client's model, which toolbench does not make",
		"asks 'where' (roots/list): the client's roots, which toolbench does not have",
	}
	if diff := cmp.Diff(want, o.Details()); diff != "" {
		t.Errorf("Details (-want +got):\n%s", diff)
	}

	answered := Answer(context.Background(), srv, s, o, map[string]mcpclient.InputResponse{"github_login": {Action: "accept", Content: json.RawMessage(`{"name": "octocat"}`)}})
	if answered.AsksForInput() || answered.Status() != "ok 5 ms" || !strings.Contains(strings.Join(answered.Details(), "\n"), "hello, octocat") {
		t.Errorf("answered: %s %q", answered.Status(), answered.Details())
	}
	if srv.state != "s1" || answered.Tool != "login" || string(answered.Arguments) != "{}" {
		t.Errorf("sent again with state %q, tool %q, arguments %s", srv.state, answered.Tool, answered.Arguments)
	}
}

func TestAnOutcomeThatOnlyAsksToBeCalledAgainSaysSo(t *testing.T) {
	t.Parallel()
	o := Outcome{Tool: "busy", Sent: time.Now(), Elapsed: 2 * time.Millisecond, Input: &mcpclient.InputRequired{State: "later", HasState: true}}
	if want := "input required 2 ms: the server asks to be called again, with the state it gave"; o.Status() != want {
		t.Errorf("Status = %q, want %q", o.Status(), want)
	}
	if len(o.Details()) != 0 {
		t.Errorf("Details = %q", o.Details())
	}
}
