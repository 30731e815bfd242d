package proxy

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"toolbench/internal/mcpclient"
)

// Run relays between the client and the server until the client goes,
// ctx is done, or (with a client on stdio) the server does. It checks the
// traffic as the package doc says. When it returns, a spawned server and
// everything it started have ended, and the record holds every event
// queued.
//
// It returns nil when the client went or ctx was done, and the reason
// when the server went first (an *mcpclient.ExitError for a spawned
// server that exited) or could not be started or reached.
func Run(ctx context.Context, opt Options) error {
	if err := opt.validate(); err != nil {
		return err
	}
	if opt.Stderr == nil {
		opt.Stderr = os.Stderr
	}
	// A write to standard output or error that a reader closed would end
	// the process with SIGPIPE, and leave servers running: it is an
	// error instead (a client on stdio gone). Notify, not Ignore: a
	// server does not inherit it.
	pipe := make(chan os.Signal, 1)
	signal.Notify(pipe, syscall.SIGPIPE)
	defer signal.Stop(pipe)
	log := &logger{w: opt.Stderr}
	rec := newRecorder(&opt, log)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var err error
	if opt.Downstream.Listen != "" || opt.Downstream.Listener != nil {
		err = serveHTTP(ctx, &opt, rec, log)
	} else {
		err = runStdio(ctx, &opt, rec, log)
	}
	if rec != nil {
		dropped, werr := rec.close()
		if dropped > 0 {
			log.printf("%d messages were not recorded: the record could not keep up, and its queue was full", dropped)
		}
		if werr != nil {
			log.printf("%d messages are not in the record, which could not be written: %v", rec.unwritten, werr)
		}
	}
	return err
}

// runStdio relays a client on standard input and output.
func runStdio(ctx context.Context, opt *Options, rec *recorder, log *logger) error {
	in, out := opt.Downstream.In, opt.Downstream.Out
	if in == nil {
		in = os.Stdin
	}
	if out == nil {
		out = os.Stdout
	}
	s := newSession(ctx, opt, rec, log)
	down := &stdioDown{out: &lineWriter{w: out}, gone: make(chan struct{})}
	s.down = down
	serverDone := make(chan error, 1)
	if err := s.connect(serverDone); err != nil {
		return err
	}
	clientDone := make(chan error, 1)
	go func() { clientDone <- s.readClient(in, nil) }()
	select {
	case <-ctx.Done():
		return s.stopUp()
	case err := <-clientDone:
		if cerr := s.stopUp(); err == nil {
			err = cerr
		}
		return err
	case <-down.gone:
		log.printf("the client no longer reads what the proxy writes to it: the session ends")
		return s.stopUp()
	case why := <-serverDone: // never nil: only Run stops the server
		s.up.close()
		return why
	}
}

// connect starts the upstream of the session: it spawns the server, or
// prepares to reach it by URL. A spawned server's end is sent on
// serverDone, once: why it went, or nil when the proxy stopped it. A
// server reached by URL sends nothing.
func (s *session) connect(serverDone chan<- error) error {
	u := s.opt.Upstream
	if u.URL != "" {
		up, err := newHTTPUp(s)
		if err != nil {
			return err
		}
		s.up = up
		s.byKey = true
		return nil
	}
	proc, err := mcpclient.Spawn(u.Command, u.Env, u.Dir)
	if err != nil {
		return fmt.Errorf("%s: %w", u.DisplayName(), err)
	}
	s.up = &stdioUp{proc: proc, in: &lineWriter{w: proc.Input()}}
	s.upRead = make(chan struct{})
	go func() {
		err := s.readServer(proc.Output())
		close(s.upRead)
		why := proc.Ended(err)
		if why != nil { // else stopped, as the proxy asked
			why = fmt.Errorf("%s: %w", u.DisplayName(), why)
			s.serverGone(why)
		}
		serverDone <- why
	}()
	return nil
}

// readEndWait bounds how long stopUp waits for the reading of a stopped
// server's output to end: a client that no longer reads can hold the
// last message's write for ever.
const readEndWait = 2 * time.Second

// stopUp stops the upstream and, for a spawned server, waits for the end
// of the reading of its output (which stopping it ends), so that every
// message the server wrote has been passed on and queued for the record
// before Run closes the record; within readEndWait, after which what is
// still being passed on is not recorded.
func (s *session) stopUp() error {
	err := s.up.close()
	if s.upRead != nil {
		select {
		case <-s.upRead:
		case <-time.After(readEndWait):
		}
	}
	return err
}
