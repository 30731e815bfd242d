package proxy

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolbench/internal/jsonrpc"
	"toolbench/internal/mcpclient"
	"toolbench/internal/proctest"
)

// testServer is the Upstream of this test binary run as the server of a
// behaviour, and the file that server logs the calls it receives to.
func testServer(t testing.TB, behaviour string) (mcpclient.Spec, string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	calls := filepath.Join(t.TempDir(), "calls")
	return mcpclient.Spec{Name: "test", Command: []string{exe}, Env: []string{serverEnv + "=" + behaviour, callsEnv + "=" + calls}}, calls
}

// callsReceived is what the server logged of the calls it received.
func callsReceived(t testing.TB, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Fields(string(data))
}

// answers is a downstream that keeps what the client is sent.
type answers struct{ sent [][]byte }

func (a *answers) send(msg []byte, _, _ *request, _ *delivery) error {
	a.sent = append(a.sent, append([]byte(nil), msg...))
	return nil
}

// linesOf gives the lines written to b so far, each time it is called.
func linesOf(b *proctest.Buffer) func() []string {
	return func() []string { return strings.Fields(b.String()) }
}

// A peer speaks raw JSON-RPC lines to a server, directly or through the
// proxy, so that what comes back can be compared byte for byte.
type peer struct {
	t     testing.TB
	w     io.Writer
	r     *jsonrpc.Reader
	lines chan []byte
	// notes are the messages read that were not the answers waited for.
	notes [][]byte
	// said, when set, says what the other end said on stderr, for a
	// failure to show.
	said func() string
	// out, when set, closes the end the peer reads: a client that no
	// longer reads.
	out io.Closer
}

func newPeer(t testing.TB, w io.Writer, r io.Reader) *peer {
	p := &peer{t: t, w: w, r: jsonrpc.NewReader(r, 0), lines: make(chan []byte, 64)}
	go func() {
		defer close(p.lines)
		for {
			line, err := p.r.Next()
			if err != nil {
				return
			}
			p.lines <- bytes.Clone(line)
		}
	}()
	return p
}

func (p *peer) send(msg string) {
	p.t.Helper()
	if _, err := io.WriteString(p.w, msg+"\n"); err != nil {
		p.t.Fatalf("send %s: %v", msg, err)
	}
}

// next is the next message read, within a generous bound.
func (p *peer) next() []byte {
	p.t.Helper()
	select {
	case line, ok := <-p.lines:
		if !ok {
			p.t.Fatalf("the stream ended%s", p.stderr())
		}
		return line
	case <-time.After(20 * time.Second):
		p.t.Fatalf("no message in 20 s%s", p.stderr())
	}
	return nil
}

func (p *peer) stderr() string {
	if p.said == nil {
		return ""
	}
	return "; stderr:\n" + p.said()
}

// answer reads until the response with the id, keeping what else came;
// it looks first among what was kept.
func (p *peer) answer(id string) []byte {
	p.t.Helper()
	for i, line := range p.notes {
		if m := jsonrpc.Parse(line); m.Kind == jsonrpc.Response && string(m.ID) == id {
			p.notes = append(p.notes[:i], p.notes[i+1:]...)
			return line
		}
	}
	for {
		line := p.next()
		m := jsonrpc.Parse(line)
		if m.Kind == jsonrpc.Response && string(m.ID) == id {
			return line
		}
		p.notes = append(p.notes, line)
	}
}

// call sends a request and returns its answer.
func (p *peer) call(id, method, params string) []byte {
	p.t.Helper()
	msg := `{"jsonrpc":"2.0","id":` + id + `,"method":"` + method + `"`
	if params != "" {
		msg += `,"params":` + params
	}
	p.send(msg + "}")
	return p.answer(id)
}

// initialize runs the handshake of MCP 2025-11-25.
func (p *peer) initialize() []byte {
	p.t.Helper()
	resp := p.call("0", "initialize", `{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}`)
	p.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return resp
}

// newDirect is a peer spawned on the server, no proxy between.
func newDirect(t testing.TB, up mcpclient.Spec) *peer {
	t.Helper()
	proc, err := mcpclient.Spawn(up.Command, up.Env, "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { proc.Stop() })
	return newPeer(t, proc.Input(), proc.Output())
}

// A running proxy, its client on pipes.
type running struct {
	in     *io.PipeWriter // the client's end of the proxy's input
	out    *io.PipeReader // the client's end of the proxy's output
	done   chan error
	stderr *proctest.Buffer
	record *proctest.Buffer
}

// start runs the proxy in the test, with opt's downstream on pipes and
// its stderr and record kept. It stops when the test ends, as a client
// that goes.
func start(t testing.TB, opt Options) *running {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	r := &running{in: inW, out: outR, done: make(chan error, 1), stderr: &proctest.Buffer{}, record: &proctest.Buffer{}}
	opt.Downstream.In, opt.Downstream.Out = inR, outW
	if opt.Stderr == nil {
		opt.Stderr = r.stderr
	}
	if opt.Record == nil {
		opt.Record = r.record
	}
	go func() {
		err := Run(context.Background(), opt)
		outW.Close()
		r.done <- err
	}()
	t.Cleanup(func() { r.stop(t) })
	return r
}

// stop closes the client's end, as a client that goes, and waits for
// the proxy to return.
func (r *running) stop(t testing.TB) error {
	t.Helper()
	r.in.Close()
	select {
	case err, ok := <-r.done:
		if ok {
			close(r.done)
		}
		return err
	case <-time.After(10 * time.Second):
		t.Fatal("the proxy did not stop within 10 s of its client going")
	}
	return nil
}

// initialized runs the proxy in front of the test server of behaviour,
// with opt (its Upstream set to that server), and returns it with a peer
// whose session is initialized.
func initialized(t testing.TB, behaviour string, opt Options) (*running, *peer) {
	t.Helper()
	opt.Upstream, _ = testServer(t, behaviour)
	r := start(t, opt)
	p := r.peer(t)
	p.initialize()
	return r, p
}

// peer is a raw client of the proxy.
func (r *running) peer(t testing.TB) *peer {
	p := newPeer(t, r.in, r.out)
	p.said = r.stderr.String
	return p
}

// sdkClient connects the Go SDK's client to the proxy.
func (r *running) sdkClient(t testing.TB, opt *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	c := mcp.NewClient(&mcp.Implementation{Name: "sdk-client", Version: "1"}, opt)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	s, err := c.Connect(ctx, &mcp.IOTransport{Reader: io.NopCloser(r.out), Writer: nopCloser{r.in}}, nil)
	if err != nil {
		t.Fatalf("connect through the proxy: %v\nstderr: %s", err, r.stderr)
	}
	return s
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// waitFor waits, within a generous bound, for cond to hold: for what a
// goroutine of the proxy does after it answers, such as a record line.
func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("no %s within 10 s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// recordLines are the record's lines, each parsed.
func recordLines(t testing.TB, record string) []jsonrpc.Message {
	t.Helper()
	var out []jsonrpc.Message
	for line := range strings.SplitSeq(strings.TrimSpace(record), "\n") {
		if line == "" {
			continue
		}
		if !jsonrpc.Valid([]byte(line)) {
			t.Fatalf("a record line that is not JSON: %s", line)
		}
		out = append(out, jsonrpc.Message{Raw: []byte(line)})
	}
	return out
}

// field is a member of a record line, decoded when it is a string.
func field(line []byte, name string) string {
	v := jsonrpc.Member(line, name)
	if s, ok := jsonrpc.Unquote(v); ok {
		return s
	}
	return string(v)
}

func describe(lines []jsonrpc.Message) string {
	var b strings.Builder
	for _, l := range lines {
		fmt.Fprintf(&b, "  %s\n", l.Raw)
	}
	return b.String()
}

// killPid kills process pid, where it still runs.
func killPid(pid int) {
	if p, err := os.FindProcess(pid); err == nil {
		p.Kill()
	}
}
