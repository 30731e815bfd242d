package cli

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"toolbench/core/termtext"
	"toolbench/internal/source"
)

// sourceOptions are what reading a source may use of e: its standard
// input, its working directory, and its environment for the servers file
// and headers.
func (e *env) sourceOptions() source.Options {
	return source.Options{
		Stdin: e.stdin,
		Dir:   e.dir,
		LookupEnv: func(key string) (string, bool) {
			v := e.getenv(key)
			return v, v != "" // an empty token in a header is the same mistake as none
		},
		Progress: startProgress(e),
	}
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

// openSource reads the tools of in for the command prog ("lint"), saying
// first, to someone at a terminal, that it waits for standard input.
func openSource(ctx context.Context, e *env, prog string, in source.Input) (*source.Source, error) {
	if in.Server == nil && in.Path == "-" {
		e.readingStdin(prog, "tool definitions")
	}
	return source.Open(ctx, in, e.sourceOptions())
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

// sourceContext is the context to read in with: for a server, done on
// ctrl+c or SIGTERM (interruptContext), so that its session and process
// group end at once; for a file, one that is never done, so that ctrl+c
// stops toolbench as it stops any program.
func sourceContext(in source.Input) (context.Context, context.CancelFunc) {
	if in.Server != nil {
		return interruptContext()
	}
	return context.WithCancel(context.Background())
}
