// Package watch reloads and re-lints one tools file every time it is saved,
// or a live MCP server's tools every time the server says they changed
// ([ServerWatcher]), and delivers each result as a value on a channel.
//
// It watches the file's directory rather than the file, because editors
// save in three ways and a watch on the file itself survives only the
// last: by writing a temporary file and renaming it over the original
// (atomic save), by renaming the original away and writing a new file (vim
// without backupcopy), and by truncating and rewriting in place. Events for
// other files in the directory are ignored. When the file is a symbolic
// link, the directory of the link and the directory of its target are both
// watched, and the link is resolved again after each change seen, so
// editing the target and pointing the link elsewhere both reload (links in
// a chain other than the first and the last are not watched).
//
// Events that arrive within Debounce of each other give one reload of the
// final content; a file written without a pause still reloads once ten
// Debounce windows have passed since the first change. Loading and
// linting run on the watcher's own goroutines, never on the caller's. A
// consumer that falls behind does not hold up the file system watch: only
// the newest pending Event is kept.
//
// What it does not do: a directory on the path that is itself renamed away
// or removed is not followed (the watch stays on the old directory, and
// re-creating the directory does not resume it); only one file is watched
// per Watcher; and files that are not regular files (devices, pipes) are
// reported as errors rather than read.
package watch

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"

	"toolbench/core/lint"
	"toolbench/core/registry"
	"toolbench/internal/source"
)

// Debounce is how long the file must stay quiet after a change before it is
// reloaded, so that a burst of writes from one save gives one reload.
const Debounce = 50 * time.Millisecond

// maxDelay bounds how long a reload waits under a file that never stops
// changing: at most this many Debounce windows after the first change.
const maxDelay = 10

// ErrRemoved is wrapped by the Err of an Event for a file that is absent.
var ErrRemoved = errors.New("removed")

// Event is the outcome of one load of the file: either it was read and
// linted (Result), or it could not be (Err).
type Event struct {
	Time   time.Time
	Path   string       // the file as the caller named it
	Result *lint.Result // set when the file was read and linted
	// Err is set when Result is not: a *jsondoc.SyntaxError (file:line:col:
	// msg) for content that does not parse, "FILE: removed" (wrapping
	// ErrRemoved) for a file that is gone, or "FILE: why" when it could not
	// be read ("FILE: does not exist" when it never did).
	Err error
	// Removed reports that the file does not exist. The Watcher keeps
	// watching, and creating the file again loads it.
	Removed bool
}

// Options configures a Watcher.
type Options struct {
	Lint     lint.Options  // passed to lint.Lint on every load
	Debounce time.Duration // quiet time before a reload; zero means Debounce
	// Accept, when set, takes out of every load's lint the issues a
	// team accepts (a configuration's [[ignore]] entries, a baseline),
	// as toolbench lint does.
	Accept func(*lint.Result) *lint.Result
	// Dir is the working directory a relative path is from; "" is the
	// process's. Events name the file as New was given it.
	Dir string
}

// Watcher watches one file. Create it with New; it emits the initial load
// and then one Event per reload on Events until Close.
type Watcher struct {
	path     string // as the caller named it
	dir      string // the working directory path is from; "" for the process's
	abs      string // cleaned absolute path
	debounce time.Duration
	fsw      *fsnotify.Watcher
	events   chan Event

	mu      sync.Mutex
	lintOpt lint.Options
	accept  func(*lint.Result) *lint.Result

	kick chan struct{} // a reload is wanted; capacity 1, so kicks coalesce
	done chan struct{} // closed by Close
	wg   sync.WaitGroup

	closeOnce sync.Once
	closeErr  error

	// Owned by the loop goroutine once New returns.
	names map[string]bool // cleaned absolute names that are the file
	dirs  map[string]bool // directories under watch
	seen  bool            // the file has existed at some load
}

// New starts watching the file at path. The first Event, the initial load,
// arrives on Events without any change to the file. A file that does not
// exist yet is not an error: the first Event says it is absent, and
// creating it loads it. New fails when the file's directory cannot be
// watched.
func New(path string, opts Options) (*Watcher, error) {
	abs := path
	if opts.Dir != "" && !filepath.IsAbs(path) {
		abs = filepath.Join(opts.Dir, path)
	}
	abs, err := filepath.Abs(abs)
	if err != nil {
		return nil, fmt.Errorf("watch %s: %w", path, err)
	}
	fsw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, fmt.Errorf("watch %s: %w", path, err)
	}
	w := &Watcher{
		path:     path,
		dir:      opts.Dir,
		abs:      filepath.Clean(abs),
		debounce: opts.Debounce,
		fsw:      fsw,
		events:   make(chan Event),
		lintOpt:  opts.Lint.Clone(),
		accept:   opts.Accept,
		kick:     make(chan struct{}, 1),
		done:     make(chan struct{}),
		names:    map[string]bool{},
		dirs:     map[string]bool{},
	}
	if w.debounce <= 0 {
		w.debounce = Debounce
	}
	if err := w.fsw.Add(filepath.Dir(w.abs)); err != nil {
		fsw.Close()
		return nil, fmt.Errorf("watch %s: %w", path, err)
	}
	w.dirs[filepath.Dir(w.abs)] = true
	w.names[w.abs] = true
	w.follow()
	w.wg.Add(2)
	go w.loop()
	go w.load()
	w.wake()
	return w, nil
}

// Events returns the channel of loads. It is closed by Close.
func (w *Watcher) Events() <-chan Event { return w.events }

// SetOptions replaces the lint options and re-lints the file with them,
// emitting an Event as for a change of the file.
func (w *Watcher) SetOptions(o lint.Options) {
	w.mu.Lock()
	w.lintOpt = o.Clone()
	w.mu.Unlock()
	w.wake()
}

// Close stops watching: it ends the Watcher's goroutines, closes the file
// system watch and then the Events channel. An Event not yet received is
// dropped. Close may be called more than once; later calls return the
// first call's result.
func (w *Watcher) Close() error {
	w.closeOnce.Do(func() {
		close(w.done)
		w.wg.Wait()
		w.closeErr = w.fsw.Close()
		close(w.events)
	})
	return w.closeErr
}

// wake asks the loader for a reload without waiting for it.
func (w *Watcher) wake() {
	select {
	case w.kick <- struct{}{}:
	default: // a reload is already pending; it will read the newest state
	}
}

// loop receives file system events, keeps those about the file and turns a
// burst of them into one reload once the file has been quiet for the
// debounce time. It never waits on the consumer.
func (w *Watcher) loop() {
	defer w.wg.Done()
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	defer timer.Stop()
	var burst time.Time // first change of the pending burst; zero when none
	for {
		select {
		case <-w.done:
			return
		case ev, ok := <-w.fsw.Events:
			if !ok {
				return
			}
			if !w.names[filepath.Clean(ev.Name)] {
				continue
			}
			now := time.Now()
			if burst.IsZero() {
				burst = now
			}
			// Keep extending the wait while the burst goes on, but not
			// past maxDelay windows, so a file written without pause still
			// reloads now and then.
			if now.Sub(burst) < maxDelay*w.debounce {
				timer.Reset(w.debounce)
			}
		case _, ok := <-w.fsw.Errors:
			if !ok {
				return
			}
			// The watch lost events (an overflow, for one): the file may
			// have changed unseen, so reload it.
			if burst.IsZero() {
				burst = time.Now()
			}
			timer.Reset(w.debounce)
		case <-timer.C:
			burst = time.Time{}
			w.follow()
			w.wake()
		}
	}
}

// follow resolves the file's symbolic links, if any, and adds the
// directory of the final target to the watch, so that writes to the target
// count as changes of the file. A target that moved away is dropped.
func (w *Watcher) follow() {
	linkDir := filepath.Dir(w.abs)
	want := map[string]bool{w.abs: true}
	wantDirs := map[string]bool{linkDir: true}
	if real, err := filepath.EvalSymlinks(w.abs); err == nil && real != w.abs {
		dir := w.sameDir(filepath.Dir(real), linkDir)
		want[filepath.Join(dir, filepath.Base(real))] = true
		wantDirs[dir] = true
	}
	for d := range wantDirs {
		if !w.dirs[d] && w.fsw.Add(d) == nil {
			w.dirs[d] = true
		}
	}
	for d := range w.dirs {
		if !wantDirs[d] {
			w.fsw.Remove(d) // the directory may be gone already; nothing to undo then
			delete(w.dirs, d)
		}
	}
	w.names = want
}

// sameDir returns linkDir when dir is the same directory under another
// name, else dir: two watches on one directory would report its events
// under one of the names only.
func (w *Watcher) sameDir(dir, linkDir string) string {
	fi, err := os.Stat(dir)
	if err != nil {
		return dir
	}
	if li, err := os.Stat(linkDir); err == nil && os.SameFile(fi, li) {
		return linkDir
	}
	return dir
}

// load runs the reloads the loop and SetOptions ask for, and hands the
// newest result to the consumer. While the consumer is not reading, a new
// reload replaces the Event waiting to be sent.
func (w *Watcher) load() {
	defer w.wg.Done()
	var pending Event
	var out chan<- Event // nil while nothing is pending
	for {
		select {
		case <-w.done:
			return
		case <-w.kick:
			pending = w.read()
			out = w.events
		case out <- pending:
			pending, out = Event{}, nil
		}
	}
}

// read loads and lints the file once.
func (w *Watcher) read() Event {
	w.mu.Lock()
	opt := w.lintOpt
	w.mu.Unlock()
	ev := Event{Path: w.path}
	res, err := lintFile(w.path, w.dir, opt)
	if err == nil && w.accept != nil {
		res = w.accept(res)
	}
	ev.Time = time.Now()
	switch {
	case errors.Is(err, fs.ErrNotExist):
		ev.Removed = true
		if w.seen {
			ev.Err = fmt.Errorf("%s: %w", w.path, ErrRemoved)
		} else {
			ev.Err = fmt.Errorf("%s: does not exist", w.path)
		}
	case err != nil:
		w.seen = true
		ev.Err = err
	default:
		w.seen = true
		ev.Result = res
	}
	return ev
}

// lintFile reads the file at path and lints it. Errors name the file the
// way the caller did.
// path is from the working directory dir.
func lintFile(path, dir string, opt lint.Options) (*lint.Result, error) {
	abs := path
	if dir != "" && !filepath.IsAbs(path) {
		abs = filepath.Join(dir, path)
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return nil, fileError(path, err)
	}
	if !fi.Mode().IsRegular() {
		// Opening a pipe would block until a writer came, and a device may
		// never end: neither is a file an editor saves.
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	src, err := source.Open(context.Background(), source.Input{Path: path}, source.Options{Dir: dir})
	if err != nil {
		return nil, fileError(path, err)
	}
	defer src.Close()
	return registry.Lint(src.Doc, opt), nil
}

// fileError turns an *fs.PathError into "FILE: why" with the path as the
// caller named it; other errors (a *jsondoc.SyntaxError) already say where.
func fileError(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", path, pe.Err)
	}
	return err
}
