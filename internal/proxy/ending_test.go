package proxy

import (
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"toolbench/internal/jsonrpc"
	"toolbench/internal/mcpclient"
	"toolbench/internal/proctest"
)

// What the proxy does when the client's input ends while the server still
// has requests to answer, and when the server is gone before the calls
// queued behind the proxy's own listing are checked.

// TestAClientThatClosesItsInputEarlyGetsEveryAnswer pipes its requests in
// and closes its input at once, before a server that starts slowly has
// read them, as `cat requests.jsonl | toolbench proxy -- npx ...` does: the
// answers still reach it, the call's among them, queued behind the
// proxy's own listing.
func TestAClientThatClosesItsInputEarlyGetsEveryAnswer(t *testing.T) {
	// The wait for answers is long here: what it waits for, not its
	// bound, is this test's (the bound has tests of its own), and a
	// loaded machine takes longer than 1.3 s to start the server.
	defer func(d time.Duration) { answersWait = d }(answersWait)
	answersWait = time.Minute
	up, _ := testServer(t, "tools")
	up.Env = append(up.Env, startEnv+"=600ms")
	r := start(t, Options{Upstream: up})
	p := r.peer(t)
	for _, msg := range []string{
		`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search","arguments":{"query":"q"}}}`,
	} {
		p.send(msg)
	}
	r.in.Close()
	for _, id := range []string{"0", "1", "2"} {
		if m := jsonrpc.Parse(p.answer(id)); m.Result == nil || id == "2" && !strings.Contains(string(m.Result), "found: q") {
			t.Errorf("request %s got %s; want the server's result", id, m.Raw)
		}
	}
	if err := r.stop(t); err != nil {
		t.Errorf("Run returned %v, want nil when the client goes", err)
	}
}

func TestAClientThatLeavesWithNothingWaitingEndsTheServerAtOnce(t *testing.T) {
	defer func(d time.Duration) { answersWait = d }(answersWait)
	answersWait = time.Hour
	r, p := initialized(t, "tools", Options{})
	p.call("1", "tools/list", `{}`)
	if err := r.stop(t); err != nil {
		t.Errorf("Run returned %v, want nil when the client goes", err)
	}
}

func TestWhatTheServerHasNotAnsweredWhenTheBoundPassesIsAnsweredWithAnError(t *testing.T) {
	defer func(d time.Duration) { answersWait = d }(answersWait)
	answersWait = 200 * time.Millisecond
	r, p := initialized(t, "silent", Options{})
	p.call("1", "tools/list", `{}`)
	p.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"text":"x"}}}`)
	r.in.Close()
	m := jsonrpc.Parse(p.answer("2"))
	code := jsonrpc.Member(m.Error, "code")
	msg, _ := jsonrpc.Unquote(jsonrpc.Member(m.Error, "message"))
	if string(code) != strconv.Itoa(codeServerGone) || !strings.Contains(msg, "the client's input ended, and the server had not answered within 200ms") {
		t.Errorf("the call left waiting got %s; want the error %d saying the client's input ended", m.Raw, codeServerGone)
	}
	if err := r.stop(t); err != nil {
		t.Errorf("Run returned %v, want nil when the client goes", err)
	}
	if want := "1 request answered with an error"; !strings.Contains(r.stderr.String(), want) {
		t.Errorf("stderr does not say %q:\n%s", want, r.stderr)
	}
}

// TestAClientThatLeavesWithACallWaitingEndsAStubbornServersProcessTreeWithin2s
// holds the wait for answers to the bound on ending the server's process
// tree once its client is gone: the call is never answered, and the
// server ignores its input closing and SIGTERM.
func TestAClientThatLeavesWithACallWaitingEndsAStubbornServersProcessTreeWithin2s(t *testing.T) {
	proctest.SkipUnsupported(t)
	// The wait is short here, so that the bound keeps its slack on a
	// loaded machine; that the wait's own bound fits is
	// TestTheWaitForAnswersLeavesTheServersStopRoomWithin2s's.
	defer func(d time.Duration) { answersWait = d }(answersWait)
	answersWait = 200 * time.Millisecond
	up, mark := stubbornBehindAShell(t)
	r := start(t, Options{Upstream: up})
	p := r.peer(t)
	p.initialize()
	p.call("1", "tools/list", `{}`)
	p.send(`{"jsonrpc":"2.0","id":"h","method":"tools/call","params":{"name":"hang","arguments":{}}}`)
	// The server reads its input in order: once it answers a request
	// sent after the call, the call has reached it.
	p.call(`"after"`, "tools/list", `{}`)
	r.in.Close()
	if left := waitNoneWith(mark, endBound); len(left) > 0 {
		t.Errorf("processes %v still run %s after the client went", left, endBound)
	}
	if m := jsonrpc.Parse(p.answer(`"h"`)); m.Error == nil {
		t.Errorf("the call left waiting got %s; want an error", m.Raw)
	}
	r.stop(t)
}

// TestTheWaitForAnswersLeavesTheServersStopRoomWithin2s holds the wait
// for answers, and the grace a server then gets before SIGKILL, to the
// bound on ending its process tree once its client is gone.
func TestTheWaitForAnswersLeavesTheServersStopRoomWithin2s(t *testing.T) {
	if total := answersWait + mcpclient.StopGrace; total >= endBound {
		t.Errorf("the wait for answers (%s) and the server's stop (%s) take %s; want less than %s", answersWait, mcpclient.StopGrace, total, endBound)
	}
}

func TestCallsQueuedBehindTheProxysListingAreAnsweredAsTheServerGoneWhenItDies(t *testing.T) {
	r, p := initialized(t, "dies-listing", Options{})
	p.send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":"a"}}}`)
	p.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"text":"b"}}}`)
	for _, id := range []string{"1", "2"} {
		m := jsonrpc.Parse(p.answer(id))
		msg, _ := jsonrpc.Unquote(jsonrpc.Member(m.Error, "message"))
		if code := string(jsonrpc.Member(m.Error, "code")); code != strconv.Itoa(codeServerGone) ||
			!strings.Contains(msg, "exited with status 3") || !strings.Contains(msg, "fatal: the tools could not be loaded") {
			t.Errorf("the call %s got %s; want the error %d saying the server exited, with its stderr", id, m.Raw, codeServerGone)
		}
	}
	<-r.done
	r.done <- nil
	for _, l := range recordLines(t, r.record.String()) {
		if strings.Contains(string(l.Raw), "unknown_tool") {
			t.Errorf("a call is recorded as of an unknown tool: %s", l.Raw)
		}
	}
}

func TestAnAnswerThatComesAfterItsRequestWasAnsweredWithAnErrorIsDropped(t *testing.T) {
	var stderr proctest.Buffer
	var record proctest.Buffer
	opt := &Options{Upstream: mcpclient.Spec{Name: "test", Command: []string{"none"}}, Record: &record}
	rec := newRecorder(opt, &logger{w: &stderr})
	s := newSession(t.Context(), opt, rec, &logger{w: &stderr})
	down := &answers{}
	s.up, s.down = discard{}, down
	s.fromClient([]byte(`{"jsonrpc":"2.0","id":1,"method":"ping"}`), nil, nil)
	s.answerAll(errors.New("the client's input ended"))
	s.fromServer([]byte(`{"jsonrpc":"2.0","id":1,"result":{}}`), nil)
	rec.close()
	if len(down.sent) != 1 || jsonrpc.Parse(down.sent[0]).Error == nil {
		t.Errorf("the client got %q; want the error alone", down.sent)
	}
	if !strings.Contains(record.String(), `"from":"server","to":"client","kind":"response","method":"ping","id":1,"bytes":36,"verdict":"dropped"`) {
		t.Errorf("the record does not hold the late answer as dropped:\n%s", record.String())
	}
}

// goingUp is an upstream whose server goes as a request is sent to it:
// every request waiting is answered as the server gone, and the send
// fails.
type goingUp struct{ s *session }

func (u goingUp) send([]byte, *request, http.Header) error {
	u.s.answerAll(errors.New("the server exited"))
	return errors.New("write |1: broken pipe")
}

func (goingUp) close() error { return nil }

// TestARequestTheServerGoesAsItIsSentIsAnsweredOnce has the server go
// between a request's waiting and its send, which then fails: the
// request is answered as the server gone, and not again as not sent.
func TestARequestTheServerGoesAsItIsSentIsAnsweredOnce(t *testing.T) {
	opt := &Options{Upstream: mcpclient.Spec{Name: "test", Command: []string{"none"}}}
	s := newSession(t.Context(), opt, nil, &logger{w: io.Discard})
	down := &answers{}
	s.up, s.down = goingUp{s}, down
	s.fromClient([]byte(`{"jsonrpc":"2.0","id":1,"method":"ping"}`), nil, nil)
	if len(down.sent) != 1 || jsonrpc.Parse(down.sent[0]).Error == nil {
		t.Errorf("the client got %q; want one error", down.sent)
	}
}
