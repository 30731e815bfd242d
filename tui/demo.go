package tui

import (
	_ "embed"
	"sync"
	"time"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/watch"
)

// demoJSON is the document the workbench opens when there is no file: a
// few tools in OpenAI's shape with a few deliberate mistakes, so every
// pane has something to show.
//
//go:embed demo/tools.json
var demoJSON []byte

// demoName is the demo's name in issues.
const demoName = "demo/tools.json"

// demoSource serves the embedded demo the way a watch.Watcher serves a
// file: the first event is the load, and SetOptions re-lints.
type demoSource struct {
	mu     sync.Mutex // one lint at a time, so events leave in order
	events chan watch.Event
}

func newDemoSource(opts lint.Options) *demoSource {
	s := &demoSource{events: make(chan watch.Event, 1)}
	s.SetOptions(opts)
	return s
}

func (s *demoSource) Events() <-chan watch.Event { return s.events }

// SetOptions lints the demo with opts. Only the newest event waits to be
// read: one not yet read is replaced.
func (s *demoSource) SetOptions(opts lint.Options) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ev := watch.Event{Time: time.Now(), Path: demoName}
	doc, err := jsondoc.Parse(demoName, demoJSON)
	if err != nil {
		ev.Err = err
	} else {
		ev.Result = lint.Lint(doc, opts)
	}
	select {
	case <-s.events:
	default:
	}
	s.events <- ev
}
