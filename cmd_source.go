package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"toolbench/core/jsondoc"
	"toolbench/core/termtext"
	"toolbench/internal/mcpclient"
)

// A source is the tools a command reads: a file's, or those a live MCP
// server lists.
type source struct {
	// doc is the tools document. A server's is its tools/list results as
	// toolbench dump writes them, {"tools": [...]} with each tool as the
	// server sent it, named after the server, so that issues and errors
	// point into it.
	doc *jsondoc.Document
	// client is the session with the server, open until close; nil for a
	// file.
	client *mcpclient.Client
	// list is the server's listing the document is of; nil for a file.
	list *mcpclient.ToolList
}

// close ends the session with the server, if there is one, and with it
// the server's process group.
func (s *source) close() {
	if s != nil && s.client != nil {
		s.client.Close()
	}
}

// openSource reads the tools a command line names: when server is not
// nil, those of the server its flags name, with the session left open for
// calls and list_changed; else those of file, "-" being standard input.
// Every command reads its source here, so that a server is a source
// wherever a file is. Its errors are one line each: for a server, what
// went wrong and the end of the server's standard error.
func openSource(ctx context.Context, e *env, server *sourceFlags, file string) (*source, error) {
	if server == nil {
		doc, err := loadLintFile(e, file)
		if err != nil {
			return nil, err
		}
		return &source{doc: doc}, nil
	}
	spec, err := server.spec(lookupEnv(e.getenv))
	if err != nil {
		return nil, err
	}
	spec.Progress = startProgress(e)
	return openServer(ctx, spec)
}

// startProgress shows, on a terminal, the line that says a spawned server
// is slow to start (npx may be installing it); off a terminal, where a
// log would keep it, it is nil.
func startProgress(e *env) func(string) {
	if !e.isTerminal(e.stderr) {
		return nil
	}
	return func(line string) {
		if line != "" {
			fmt.Fprintf(e.stderr, "toolbench: %s\n", termtext.EscapeLine(line))
		}
	}
}

// openServer connects to the server of spec and lists its tools. The
// session lasts until the source is closed or ctx is done. A command
// that reads servers some other way than by the source flags (one for
// each side of a diff, say) calls it with a Spec of its own.
func openServer(ctx context.Context, spec mcpclient.Spec) (*source, error) {
	c, err := mcpclient.Connect(ctx, spec)
	if err != nil {
		return nil, err // a *ConnectError names the server and quotes its stderr
	}
	list, err := c.ListTools(ctx)
	if err != nil {
		err = serverError(c, err)
		c.Close()
		return nil, err
	}
	doc, err := jsondoc.Parse(list.Name, list.Document)
	if err != nil {
		c.Close()
		return nil, fmt.Errorf("%s: %w", c.Name(), err)
	}
	return &source{doc: doc, client: c, list: list}, nil
}

// serverError is err, from the session with c's server, as one line that
// names the server and ends with the server's standard error, unless err
// quotes it already (an *ExitError does).
func serverError(c *mcpclient.Client, err error) error {
	var exit *mcpclient.ExitError
	if errors.As(err, &exit) {
		return fmt.Errorf("%s: %w", c.Name(), err)
	}
	return fmt.Errorf("%s: %w%s", c.Name(), err, mcpclient.StderrNote(c.StderrTail()))
}

// interruptContext returns a context that is done on SIGINT (ctrl+c) or
// SIGTERM, and the function that stops listening for them. A session
// connected with it ends, and the server's process group with it, as soon
// as one comes.
func interruptContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// sourceFailed reports a source that could not be read, on one line, and
// returns the exit status for it. prog is the command, "toolbench lint".
func sourceFailed(ctx context.Context, e *env, prog string, err error) int {
	if ctx.Err() != nil {
		fmt.Fprintf(e.stderr, "%s: interrupted\n", prog)
		return exitFailure
	}
	fmt.Fprintf(e.stderr, "%s: %s\n", prog, termtext.EscapeLine(err.Error()))
	return exitFailure
}
