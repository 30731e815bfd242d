// Package tui is toolbench's workbench: a terminal screen with the tools
// of a tools.json, their lint issues and a call tester, kept current as
// the file is saved.
//
// The root model owns focus, layout and the loaded document, and routes
// messages to three pane models (tools, issues, call) and to the views
// that cover them when asked (a tool in detail, the source around an
// issue, every key). Panes and views embed one paneBase, with the one set
// of styles and the one key map. Loading, linting, counting tokens and
// sifting long lists happen in the watch package and in commands; Update
// only assigns what they deliver, so the screen never waits on the disk
// and a keystroke costs what the screen shows.
//
// It is not a library for other programs: the command line opens it with
// Run, and the checks themselves live in core.
package tui

import (
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/term"

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

// view names what covers the panes, when anything does.
type view int

const (
	viewNone   view = iota
	viewDetail      // the selected tool in full
	viewSource      // the text around the selected issue
	viewHelp        // every key
)

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
// and routes messages to the panes and views.
type model struct {
	keys *keyMap // the one key map, shared with the panes
	st   *styles
	help help.Model

	focus         pane
	view          view
	width, height int
	rects         [paneCount]rect // where each pane is, for the mouse

	tools   toolsPane
	issues  issuesPane
	call    callPane
	detail  detailView
	source  sourceView
	keyHelp helpView

	src    source // nil once it has closed, or in tests that feed messages
	file   string // as the user named it; "" for the demo
	demo   bool
	editor string
	tty    *os.File // the terminal the editor gets; nil for Bubble Tea's
	opts   lint.Options
	deep   bool
	// startTargets are the targets the workbench opened with, a stop of
	// the target cycle.
	startTargets []string

	snap      *snapshot // the last document that loaded, nil before one has
	costs     *costs    // what snap's tools cost, nil until counted
	costErr   string    // why they could not be counted
	seed      maphash.Seed
	following bool   // the tools selection follows the call in the tester
	broken    string // why the file cannot be used now (escaped), "" when it can
	removed   bool   // the file is gone
	watching  bool   // reloads still arrive
	note      string // a passing message: editor errors, what was copied
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
		detail:       newDetailView(st, keys),
		source:       newSourceView(st, keys),
		keyHelp:      newHelpView(st, keys),
		src:          src,
		file:         cfg.File,
		demo:         cfg.File == "",
		editor:       cfg.Editor,
		opts:         cfg.Lint,
		deep:         cfg.Deep,
		startTargets: slices.Clone(cfg.Lint.Targets),
		seed:         maphash.MakeSeed(),
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
	m := newModel(cfg, src)
	if runtime.GOOS != "windows" { // Windows reads its console another way
		tty, err := terminalInput()
		if err != nil {
			return err
		}
		m.tty = tty
		opts = append(opts, tea.WithInput(newPasteReader(tty)))
	}
	_, err := tea.NewProgram(m, opts...).Run()
	if errors.Is(err, tea.ErrInterrupted) {
		return nil // a SIGINT is a way to quit, as ctrl+c is
	}
	return err
}

// terminalInput is the terminal to read keys from: standard input, or
// the controlling terminal when standard input is a pipe, as Bubble Tea
// itself would choose.
func terminalInput() (*os.File, error) {
	if term.IsTerminal(os.Stdin.Fd()) {
		return os.Stdin, nil
	}
	in, _, err := tea.OpenTTY()
	return in, err
}

// typing reports whether keys go to a text field: the call tester, a
// filter, or the form. Single-letter commands are off while they do.
func (m model) typing() bool {
	return m.tools.filtering() || m.issues.filtering() || m.call.editing()
}

// keyState is the state that decides which keys apply.
func (m model) keyState() keyState {
	return keyState{
		focus:     m.focus,
		view:      m.view,
		typing:    m.typing(),
		filtering: m.tools.filtering() || m.issues.filtering(),
		form:      m.call.showForm,
	}
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
