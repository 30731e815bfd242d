package watch

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/internal/live"
	"toolbench/internal/mcpclient"
)

// ErrEnded is wrapped by the Err of the last Event of a ServerWatcher: the
// session with the server has ended, and no more Events come.
var ErrEnded = errors.New("the session with the server has ended")

// A ToolLister is a session with a live MCP server, as a ServerWatcher
// uses it: *mcpclient.Client is one.
type ToolLister interface {
	// Name is the server's name, the Path of its Events.
	Name() string
	// ListTools lists every tool the server has now.
	ListTools(ctx context.Context) (*mcpclient.ToolList, error)
	// ListChanged delivers a value when the server says its tools changed.
	ListChanged() <-chan struct{}
	// Done is closed when the session has ended, and Err then says why.
	Done() <-chan struct{}
	Err() error
}

// A ServerWatcher lists and lints a live server's tools again every time
// the server says they changed (notifications/tools/list_changed), and
// delivers each result as an Event, as a Watcher does for a file: Path is
// the server's name, Result the lint of the tools as listed, and Err, for
// a listing that failed, why. A failed listing keeps the last good one,
// which SetOptions re-lints; only a listing that works replaces it.
//
// Each listing is linted with its facts (lint.Options.Server: the
// session's revision and what its pages said of themselves), so that the
// rules of live servers run on it and, with no target asked for, the MCP
// target of the session's revision applies. The watcher never lists
// twice for one change: the facts of the listing of the first Event,
// which the caller may have surveyed further (live.Survey), come in
// Options.Lint.Server.
//
// Notices that come within the Debounce of each other give one listing,
// and notices that come while the tools are being listed give one more.
// When the session ends, a last Event says so (its Err wraps ErrEnded
// and the session's error) and Events is closed. The ServerWatcher does
// not own the session: closing it is the caller's.
type ServerWatcher struct {
	src      ToolLister
	debounce time.Duration
	events   chan Event

	mu      sync.Mutex
	lintOpt lint.Options
	accept  func(*lint.Result) *lint.Result

	kick   chan struct{}      // SetOptions wants a re-lint; capacity 1
	done   chan struct{}      // closed by Close
	cancel context.CancelFunc // cancels a listing under way, for Close
	wg     sync.WaitGroup

	closeOnce sync.Once

	good      *jsondoc.Document // the last listing that worked; the loop's own
	goodFacts *lint.ServerFacts // its facts
}

// NewServer starts watching the tools of the server src is a session
// with. first, when not nil, is the document of a listing just made
// (toolbench lists the tools before it watches them), linted for the
// first Event with the facts opts.Lint.Server holds; when nil, the tools
// are listed for it.
func NewServer(src ToolLister, first *jsondoc.Document, opts Options) *ServerWatcher {
	ctx, cancel := context.WithCancel(context.Background())
	w := &ServerWatcher{
		src:       src,
		debounce:  opts.Debounce,
		events:    make(chan Event),
		lintOpt:   opts.Lint.Clone(),
		accept:    opts.Accept,
		kick:      make(chan struct{}, 1),
		done:      make(chan struct{}),
		cancel:    cancel,
		good:      first,
		goodFacts: opts.Lint.Server,
	}
	if w.debounce <= 0 {
		w.debounce = Debounce
	}
	w.wg.Add(1)
	go w.loop(ctx)
	return w
}

// Events returns the channel of listings. It is closed by Close, or after
// the Event that says the session has ended.
func (w *ServerWatcher) Events() <-chan Event { return w.events }

// SetOptions replaces the lint options and re-lints the last good listing
// with them (or lists the tools, if none has worked yet), emitting an
// Event as for a change of the tools.
func (w *ServerWatcher) SetOptions(o lint.Options) {
	w.mu.Lock()
	w.lintOpt = o.Clone() // the facts stay the listing's: lintEvent sets them
	w.mu.Unlock()
	select {
	case w.kick <- struct{}{}:
	default: // a re-lint is pending already, and will use these options
	}
}

// Close stops watching: a listing under way is cancelled, the goroutine
// ends, and Events is closed. An Event not yet received is dropped. The
// session stays open. Close may be called more than once.
func (w *ServerWatcher) Close() error {
	w.closeOnce.Do(func() {
		close(w.done)
		w.cancel()
		w.wg.Wait()
	})
	return nil
}

// loop lists and lints on every notice, SetOptions and the end of the
// session, and hands the newest Event to the consumer; while the consumer
// is not reading, a newer Event replaces the one waiting.
func (w *ServerWatcher) loop(ctx context.Context) {
	defer w.wg.Done()
	defer close(w.events)
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	defer timer.Stop()

	pending, final := w.relint(ctx)
	out := w.events
	changed, ended, kick := w.src.ListChanged(), w.src.Done(), w.kick
	var burst time.Time // first notice of the pending burst; zero when none
	for {
		select {
		case <-w.done:
			return
		case out <- pending:
			if final {
				return
			}
			pending, out = Event{}, nil
		case <-changed:
			now := time.Now()
			if burst.IsZero() {
				burst = now
			}
			// As for a file: the wait extends while the notices go on,
			// but not past maxDelay windows.
			if now.Sub(burst) < maxDelay*w.debounce {
				timer.Reset(w.debounce)
			}
		case <-timer.C:
			burst = time.Time{}
			pending, final = w.list(ctx)
			out = w.events
		case <-kick:
			pending, final = w.relint(ctx)
			out = w.events
		case <-ended:
			pending, final = w.endEvent(), true
			out = w.events
		}
		if final {
			// Nothing can come after the end but Close.
			changed, ended, kick = nil, nil, nil
			timer.Stop()
		}
	}
}

// relint lints the last good listing again, or lists the tools when none
// has worked yet.
func (w *ServerWatcher) relint(ctx context.Context) (ev Event, final bool) {
	if w.good == nil {
		return w.list(ctx)
	}
	return w.lintEvent(w.good, w.goodFacts), false
}

// list lists the tools and lints them. A listing that fails because the
// session ended gives the Event of the end, which is final.
func (w *ServerWatcher) list(ctx context.Context) (ev Event, final bool) {
	tl, err := w.src.ListTools(ctx)
	if err != nil {
		select {
		case <-w.src.Done():
			return w.endEvent(), true
		default:
		}
		return Event{Time: time.Now(), Path: w.src.Name(), Err: fmt.Errorf("%s: %w", w.src.Name(), err)}, false
	}
	doc, err := jsondoc.Parse(tl.Name, tl.Document)
	if err != nil {
		return Event{Time: time.Now(), Path: w.src.Name(), Err: err}, false
	}
	w.good, w.goodFacts = doc, live.Facts(tl)
	return w.lintEvent(doc, w.goodFacts), false
}

// lintEvent lints doc, a listing, with its facts.
func (w *ServerWatcher) lintEvent(doc *jsondoc.Document, facts *lint.ServerFacts) Event {
	w.mu.Lock()
	opt := w.lintOpt
	w.mu.Unlock()
	opt.Server = facts
	res := lint.Lint(doc, opt)
	if w.accept != nil {
		res = w.accept(res)
	}
	return Event{Time: time.Now(), Path: w.src.Name(), Result: res}
}

// endEvent says the session has ended, and why when the server did it.
func (w *ServerWatcher) endEvent() Event {
	err := fmt.Errorf("%s: %w", w.src.Name(), ErrEnded)
	if cause := w.src.Err(); cause != nil {
		err = fmt.Errorf("%s: %w: %w", w.src.Name(), ErrEnded, cause)
	}
	return Event{Time: time.Now(), Path: w.src.Name(), Err: err}
}
