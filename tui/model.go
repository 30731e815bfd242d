// Package tui is toolbench's workbench: a terminal screen with the tools
// of a tools.json, their lint issues and a call tester, kept current as
// the file is saved.
//
// The root model owns focus, layout and the loaded document, and routes
// messages to three pane models (tools, issues, call). Loading and linting
// happen in the watch package and in commands; Update only assigns what
// they deliver, so the screen never waits on the disk.
//
// It is not a library for other programs: the command line opens it with
// Run, and the checks themselves live in core.
package tui

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"toolbench/core/lint"
	"toolbench/watch"
)

// pane names one of the three panes; focus is a pane.
type pane int

// The panes, in the order tab visits them.
const (
	paneTools pane = iota
	paneIssues
	paneCall
	paneCount
)

func (p pane) String() string {
	switch p {
	case paneTools:
		return "Tools"
	case paneIssues:
		return "Issues"
	case paneCall:
		return "Call"
	}
	return fmt.Sprintf("pane(%d)", int(p))
}

func (p pane) next() pane { return (p + 1) % paneCount }
func (p pane) prev() pane { return (p + paneCount - 1) % paneCount }

// Config is what the workbench opens and how.
type Config struct {
	// File is the tools file to watch. Empty opens the embedded demo.
	File string
	// Lint holds the provider targets and ignored rules to start with.
	Lint lint.Options
	// Deep starts with deep call validation (the full JSON Schema) on.
	Deep bool
	// Editor is the editor command, as $EDITOR holds it; "" means vi.
	Editor string
	// Output is the terminal to draw on; nil means standard output.
	Output io.Writer
}

// source delivers loads of the document: a watch.Watcher for a file, or
// the demo. The first event is the initial load; SetOptions re-lints and
// delivers another. Neither method may block for long: the workbench
// calls SetOptions from a command, and reads Events from one.
type source interface {
	Events() <-chan watch.Event
	SetOptions(lint.Options)
}

// model is the root model: it owns focus, layout and the loaded document,
// and routes messages to the panes.
type model struct {
	keys *keyMap // the one key map, shared with the panes
	st   *styles
	help help.Model

	focus         pane
	width, height int
	rects         [paneCount]rect // where each pane is, for the mouse
	laidHelp      int             // the help's height when the panes were laid out

	tools  toolsPane
	issues issuesPane
	call   callPane

	src    source // nil once it has closed, or in tests that feed messages
	file   string // as the user named it; "" for the demo
	demo   bool
	editor string
	opts   lint.Options
	deep   bool
	// startTargets are the targets the workbench opened with, a stop of
	// the target cycle.
	startTargets []string

	snap     *snapshot // the last document that loaded, nil before one has
	broken   string    // why the file cannot be used now (escaped), "" when it can
	removed  bool      // the file is gone
	watching bool      // reloads still arrive
	note     string    // a passing message: editor errors, demo hints
}

func newModel(cfg Config, src source) model {
	st := newStyles(true)
	keys := newKeyMap()
	h := help.New()
	h.Styles = st.help
	m := model{
		keys:         keys,
		st:           st,
		help:         h,
		focus:        paneTools,
		tools:        newToolsPane(st, keys),
		issues:       newIssuesPane(st, keys),
		call:         newCallPane(st, keys, cfg.Deep),
		src:          src,
		file:         cfg.File,
		demo:         cfg.File == "",
		editor:       cfg.Editor,
		opts:         cfg.Lint,
		startTargets: slices.Clone(cfg.Lint.Targets),
		deep:         cfg.Deep,
		watching:     src != nil,
	}
	m.setFocus(paneTools)
	return m
}

// Init asks the terminal for its background (to pick light or dark
// colours) and starts reading loads.
func (m model) Init() tea.Cmd {
	return tea.Batch(tea.RequestBackgroundColor, waitForEvent(m.src))
}

// Run opens the workbench and returns when the user quits.
func Run(cfg Config) error {
	var src source
	if cfg.File == "" {
		src = newDemoSource(cfg.Lint)
	} else {
		w, err := watch.New(cfg.File, watch.Options{Lint: cfg.Lint})
		if err != nil {
			return err
		}
		defer w.Close()
		src = w
	}
	var opts []tea.ProgramOption
	if cfg.Output != nil {
		opts = append(opts, tea.WithOutput(cfg.Output))
	}
	_, err := tea.NewProgram(newModel(cfg, src), opts...).Run()
	if errors.Is(err, tea.ErrInterrupted) {
		return nil // a SIGINT is a way to quit, as ctrl+c is
	}
	return err
}

// typing reports whether keys go to a text field: the call tester or the
// tools filter. Single-letter commands are off while they do.
func (m model) typing() bool {
	return m.tools.filtering() || m.call.editing()
}

// keyState is the state that decides which keys apply.
func (m model) keyState() keyState {
	return keyState{focus: m.focus, typing: m.typing(), filtering: m.tools.filtering()}
}

// target is the provider targets as the status bar shows them.
func (m model) target() string {
	if len(m.opts.Targets) == 0 {
		return "none"
	}
	return strings.Join(m.opts.Targets, ",")
}

// reloadedAt is when the shown document was loaded, zero before one was.
func (m model) reloadedAt() time.Time {
	if m.snap == nil {
		return time.Time{}
	}
	return m.snap.loaded
}
