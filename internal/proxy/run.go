package proxy

import (
	"context"
	"fmt"
	"os"
	"time"

	"toolbench/core/termtext"
	"toolbench/internal/brokenpipe"
	"toolbench/internal/mcpclient"
)

// Run relays between the client and the server until the client goes,
// ctx is done, or (with a client on stdio) the server does. It checks the
// traffic as the package doc says. When it returns, a spawned server and
// everything it started have ended, and the record holds every event
// queued, but for a listing still being linted 2 s after the session
// began to end (its line is counted as dropped, said on stderr): such a
// lint is left to end on its own (opt.Accept may yet be called), and
// says nothing more, on opt.Stderr, in the record or to opt.Events.
//
// It returns nil when the client went or ctx was done, and the reason
// when the server went first (an *mcpclient.ExitError for a spawned
// server that exited) or could not be started or reached: with a client
// on stdio, a server that sent nothing back to the requests the client
// passed on before it went (one by URL that refused the connection, one
// spawned that never answered) is one.
func Run(ctx context.Context, opt Options) error {
	if err := opt.validate(); err != nil {
		return err
	}
	if opt.Stderr == nil {
		opt.Stderr = os.Stderr
	}
	// A write to standard output or error that a reader closed is an
	// error (a client on stdio gone), not SIGPIPE, which would leave
	// servers running; a server spawned meanwhile still gets SIGPIPE.
	defer brokenpipe.Catch()()
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
	log.close()
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
		if err == nil {
			// The input ended; the client may still read the answers
			// to what it sent (a file piped in).
			if why, went := s.awaitAnswers(ctx, down.gone, serverDone); went {
				return s.serverWent(why)
			}
		}
		if cerr := s.stopUp(); err == nil {
			err = cerr
		}
		if err == nil {
			err = s.servedNot(serverDone)
		}
		return err
	case <-down.gone:
		log.printf("the client no longer reads what the proxy writes to it: the session ends")
		if err := s.stopUp(); err != nil {
			return err
		}
		return s.servedNot(serverDone)
	case why := <-serverDone: // never nil: only Run stops the server
		return s.serverWent(why)
	}
}

// serverWent ends the session of a server that went first, why saying
// how, once the calls queued behind the proxy's own listing have been
// answered with the error every request now gets and the last listing
// linted (each within readEndWait).
func (s *session) serverWent(why error) error {
	s.up.close()
	s.awaitQueued(readEndWait)
	s.awaitLint(readEndWait)
	return why
}

// servedNot says, once the client of a session on stdio has gone,
// whether the server failed it all the same: it exited on its own before
// the proxy stopped it (why, its end read as the client went), or it
// answered none of the client's requests (see unanswered).
func (s *session) servedNot(serverDone <-chan error) error {
	select {
	case why := <-serverDone:
		if why != nil {
			return why
		}
	default:
	}
	return s.unanswered()
}

// awaitQueued waits until nothing waits for the server, within d: the
// calls queued, answered at once since the server is gone.
func (s *session) awaitQueued(d time.Duration) {
	deadline := time.Now().Add(d)
	for !s.answered() && time.Now().Before(deadline) {
		time.Sleep(answeredPoll)
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
		why := proc.Ended(err)
		if exit, ok := why.(*mcpclient.ExitError); ok && exit.AtStop && s.heard.Load() {
			// A server that took part and fails as its input closes,
			// as some do, has served its session: --help's exit 2 is
			// for one that could not be started, answered nothing or
			// went first.
			why = nil
		}
		if why != nil { // else stopped, as the proxy asked
			why = fmt.Errorf("%s: %w", u.DisplayName(), why)
			s.serverGone(why)
		}
		// The server's output ended: so do the runs of what it sent
		// that were dropped, summed up before the record closes.
		s.endRuns()
		// Sent before the reading is said to have ended, so that stopUp,
		// which waits for that, finds why the server ended.
		serverDone <- why
		close(s.upRead)
	}()
	return nil
}

// answersWait bounds how long the proxy, once the client's input has
// ended, goes on relaying for the answers to what the client sent before
// it ends the server: a client that pipes its requests in closes its
// input before a server that starts slowly (npx, about 0.8 s) has
// answered, and reads the answers still. Stopping the server then sends
// SIGKILL at most 0.5 s later (its input closed, SIGTERM after 0.2 s,
// SIGKILL 0.3 s after that), so that the server's process tree is ended
// within 2 s of the client going. A variable, for the tests.
var answersWait = 1300 * time.Millisecond

// answeredPoll is how often awaitAnswers looks whether every answer is
// in.
const answeredPoll = 5 * time.Millisecond

// awaitAnswers waits, once the client's input has ended, until the
// server has answered every request waiting for it (the client's, those
// of the client's calls queued and the proxy's own listing), within
// answersWait; what is still waiting then is answered with an error, and
// the session ends as its client went. It returns at once when nothing
// waits, when ctx is done or the client stops reading (gone), and, with
// went set, when the server goes first: why it went.
func (s *session) awaitAnswers(ctx context.Context, gone <-chan struct{}, serverDone <-chan error) (why error, went bool) {
	if s.answered() {
		return nil, false
	}
	tick := time.NewTicker(answeredPoll)
	defer tick.Stop()
	bound := time.NewTimer(answersWait)
	defer bound.Stop()
	for {
		select {
		case <-tick.C:
			if s.answered() {
				return nil, false
			}
		case <-bound.C:
			s.giveUpAnswers()
			return nil, false
		case <-ctx.Done():
			return nil, false
		case <-gone:
			return nil, false
		case why := <-serverDone: // never nil: only Run stops the server
			return why, true
		}
	}
}

// answered reports whether nothing waits for the server: no request of
// the client's or the proxy's own, no call queued.
func (s *session) answered() bool {
	s.mu.Lock()
	n := s.pending.len()
	s.mu.Unlock()
	s.callsMu.Lock()
	defer s.callsMu.Unlock()
	return n == 0 && len(s.calls) == 0
}

// giveUpAnswers answers what still waits for the server, answersWait
// after the client's input ended, with an error, off the caller's
// goroutine: the client may not read them, and the server must be ended
// all the same. stopUp waits for it, as for the server's last messages.
func (s *session) giveUpAnswers() {
	why := fmt.Errorf("the client's input ended, and the server had not answered within %s of it", answersWait)
	s.failed(why)
	s.givingUp = make(chan struct{})
	go func() {
		defer close(s.givingUp)
		if n, _ := s.answerAll(why); n > 0 {
			s.log.printf("%s: %s answered with an error", why, termtext.Plural(n, "request"))
		}
		// The calls queued are answered as the server is gone.
		s.awaitQueued(readEndWait)
	}()
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
	// The runs of what was dropped end with the session, summed up
	// before the record closes; those of a spawned server end as its
	// reading does.
	defer s.endRuns()
	err := s.up.close()
	deadline := time.Now().Add(readEndWait)
	for _, done := range []chan struct{}{s.upRead, s.givingUp} {
		if done == nil {
			continue
		}
		select {
		case <-done:
		case <-time.After(time.Until(deadline)):
			return err
		}
	}
	// The last listing's lint, which the reading may have begun last.
	s.awaitLint(time.Until(deadline))
	return err
}
