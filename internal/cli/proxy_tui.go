package cli

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"strings"
	"sync"

	"toolbench/core/termtext"
	"toolbench/internal/proxy"
	"toolbench/tui"
)

// toolbench proxy --tui: the workbench on this terminal, on the server
// the proxy relays to (a session of its own), with the proxy's traffic in
// its Traffic pane as it happens; the proxy's client reaches it on
// --listen. The proxy's own lines are kept while the screen is open and
// written once it closes.

// errTUINeedsListen is the command line of --tui without --listen.
var errTUINeedsListen = errors.New("--tui puts the workbench on this terminal: the client reaches the proxy on Streamable HTTP, --listen ADDR")

// maxProxyLog bounds the proxy's lines kept while the screen is open.
const maxProxyLog = 64 << 10

// runProxyTUI runs the proxy po on --listen and the workbench beside it,
// until the workbench is quit.
func runProxyTUI(e *env, opts *proxyOptions, po proxy.Options, failed func(error) error) error {
	if !e.isTerminal(e.stdout) {
		fmt.Fprintln(e.stderr, "toolbench proxy: --tui needs a terminal; without it the proxy's lines go to standard error and its record to --record")
		return exit(exitFailure)
	}
	l, err := net.Listen("tcp", loopbackUnlessNamed(opts.listen))
	if err != nil {
		return failed(err)
	}
	po.Downstream.Listen, po.Downstream.Listener = "", l
	feed := tui.NewTrafficFeed(0)
	po.Events = feed.Send
	// The proxy's lines, its "serving MCP at" among them, are written
	// once the screen closes, which would hide them.
	log := &boundedLog{max: maxProxyLog}
	po.Stderr = log
	ctx, cancel := context.WithCancel(context.Background())
	ran := make(chan error, 1)
	go func() {
		ran <- proxy.Run(ctx, po)
		feed.Close()
	}()
	wopts := &workbenchOptions{servers: serverOptions{server: &opts.server}, rules: opts.rules}
	code := exitFailure
	to, _, err := e.tuiOptions(wopts)
	if err == nil {
		if f, ok := e.stdout.(*os.File); ok {
			to.Output = f
		}
		to.Traffic = feed
		code = runWorkbenchOnServer(e, to, &opts.server, wopts)
	} else {
		fmt.Fprintf(e.stderr, "toolbench proxy: %s\n", termtext.EscapeLine(err.Error()))
	}
	cancel()
	err = <-ran
	e.stderr.Write([]byte(log.String()))
	if err != nil {
		fmt.Fprintf(e.stderr, "toolbench proxy: %s\n", termtext.EscapeLine(err.Error()))
		code = exitFailure
	}
	return exit(code)
}

// loopbackUnlessNamed is addr with loopback's host when it names none
// (":7777"), as the proxy listens on Downstream.Listen.
func loopbackUnlessNamed(addr string) string {
	if host, port, err := net.SplitHostPort(addr); err == nil && host == "" {
		return net.JoinHostPort("127.0.0.1", port)
	}
	return addr
}

// boundedLog keeps the lines written to it, up to max bytes; past them
// it keeps the first and counts the rest.
type boundedLog struct {
	max     int
	mu      sync.Mutex
	b       strings.Builder
	dropped int
}

func (l *boundedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.b.Len()+len(p) > l.max {
		l.dropped += len(p)
		return len(p), nil
	}
	l.b.Write(p)
	return len(p), nil
}

func (l *boundedLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := l.b.String()
	if l.dropped > 0 {
		s += fmt.Sprintf("toolbench proxy: %d more bytes of its lines were not kept while the workbench was open\n", l.dropped)
	}
	return s
}
