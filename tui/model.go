// Package tui is toolbench's workbench: a terminal screen with the tools
// of a tools.json, their lint issues and a call tester, kept current as
// the file is saved; or with the tools of a live MCP server, kept current
// as it says they changed, and a tester that sends them calls.
//
// The root model owns focus, layout and the loaded document, and routes
// messages to three pane models (tools, issues, call), a fourth beside a
// proxy (its traffic), and to the views that cover them when asked (a
// tool in detail, the source around an issue, a message of the traffic,
// every key). Panes and views embed one paneBase, with the one set
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

	"toolbench/core/compat"
	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/lock"
	"toolbench/watch"
)

// pane names one of the panes; focus is a pane.
type pane int

// The panes, in the order tab visits them. Traffic is there only beside
// a proxy (Options.Traffic).
const (
	paneTools pane = iota
	paneIssues
	paneCall
	paneTraffic
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
	case paneTraffic:
		return "Traffic"
	}
	return fmt.Sprintf("pane(%d)", int(p))
}

// nextPane is the pane step panes after the focused one, in the order
// tab visits them, forward or (step -1) back: the panes on screen.
func (m model) nextPane(step int) pane {
	n := int(paneTraffic)
	if m.feed != nil {
		n = int(paneCount)
	}
	return pane(((int(m.focus)+step)%n + n) % n)
}

// view names what covers the panes, when anything does.
type view int

const (
	viewNone    view = iota
	viewDetail       // the selected tool in full
	viewSource       // the text around the selected issue
	viewHelp         // every key
	viewFix          // a fix's diff
	viewStderr       // a server's standard error
	viewMessage      // a message of the proxy's traffic
)

// Options are what the workbench opens and how.
type Options struct {
	// File is the tools file to watch. Empty opens the embedded demo,
	// unless Server is set.
	File string
	// Server, when not nil, is the live MCP server whose tools the
	// workbench opens on, in place of a file.
	Server *Server
	// Servers, when it holds more than one, are the servers the
	// workbench opens on together (--all-servers), in place of Server:
	// each one's tools are a group, ] and [ move between them.
	Servers []*Server
	// Lint holds the provider targets and ignored rules to start with.
	Lint lint.Options
	// Deep starts with deep call validation (the full JSON Schema) on.
	Deep bool
	// Editor is the editor command, as $EDITOR holds it; "" means vi.
	Editor string
	// Output is the terminal to draw on; nil means standard output.
	Output io.Writer
	// Dir is the working directory File is from, where the editor runs
	// and fixes are written; "" is the process's.
	Dir string

	// ConfigFile names the configuration in force (toolbench.toml) in
	// the status bar; "" when there is none.
	ConfigFile string
	// Accept, when set, takes out of every load what the configuration
	// and the baseline accept, as toolbench lint and watch do.
	Accept func(*lint.Result) *lint.Result
	// ServersFile is the servers file of Servers, which the issues of
	// all of them together name, as lint --all-servers places them.
	ServersFile string
	// TokenBudget is the configuration's token-budget, the most tokens
	// the tool definitions of all Servers may cost together; 0 for none.
	TokenBudget int
	// Verify, when set, holds each load to the lock in force, as
	// toolbench verify does: the tools that changed since they were
	// pinned are marked.
	Verify func(*jsondoc.Document) (*lock.Drift, error)

	// Traffic, when set, is a proxy's traffic (toolbench proxy --tui):
	// the workbench shows it in a Traffic pane as it happens, and marks
	// in Tools the tools the proxy withheld or passed on drifted. Its
	// Send is the proxy's Options.Events. Server is then the server the
	// proxy relays to, which the tester sends calls to.
	Traffic *TrafficFeed
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
	keys  *keyMap   // the one key map, shared with the panes
	table *keyTable // what each of its bindings does, and when
	st    *styles
	help  help.Model

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
	fixes   fixView
	stderr  stderrView
	traffic trafficPane
	message messageView

	src    source // nil once it has closed, or in tests that feed messages
	file   string // as the user named it; "" for the demo
	dir    string // the working directory file is from; "" for the process's
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

	configFile string                                       // the configuration in force, "" for none
	verify     func(*jsondoc.Document) (*lock.Drift, error) // nil without a lock
	drift      *driftMsg                                    // the lock's verdict on the load shown, nil until given

	compat       *compat.Matrix // which targets accept each tool of snap, nil until counted
	compatFor    *jsondoc.Document
	compatIgnore []string
	fixing       bool // a fix is being made in a command

	// What the source's loads have been since it began: how many, and
	// when the last on a server's list_changed listed the tools again.
	loads     int
	changedAt time.Time

	// groups are the servers of the workbench on several (--all-servers),
	// group the one shown, whose session the tester holds and whose
	// loads are the ones above (its group is empty); nil for one.
	groups      []serverGroup
	group       int
	crossServer crossServerCheck

	// feed is the proxy's traffic, nil when the workbench is not beside
	// a proxy; proxyMarks what the proxy did with the tools of a locked
	// server that are not as the lock pins them, by name, the last
	// listing saying it of each.
	feed       *TrafficFeed
	proxyMarks map[string]proxyMark
}

func newModel(cfg Options, src source) model {
	st := newStyles(true)
	keys := newKeyMap()
	h := help.New()
	h.Styles = st.help
	m := model{
		keys:         keys,
		table:        newKeyTable(keys),
		st:           st,
		help:         h,
		focus:        paneTools,
		tools:        newToolsPane(st, keys),
		issues:       newIssuesPane(st, keys),
		call:         newCallPane(st, keys, cfg.Deep),
		detail:       newDetailView(st, keys),
		source:       newSourceView(st, keys),
		keyHelp:      newHelpView(st, keys),
		fixes:        newFixView(st, keys),
		stderr:       newStderrView(st, keys),
		traffic:      newTrafficPane(st, keys),
		message:      newMessageView(st, keys),
		feed:         cfg.Traffic,
		src:          src,
		file:         cfg.File,
		dir:          cfg.Dir,
		demo:         cfg.File == "",
		editor:       cfg.Editor,
		configFile:   cfg.ConfigFile,
		verify:       cfg.Verify,
		opts:         cfg.Lint,
		deep:         cfg.Deep,
		startTargets: slices.Clone(cfg.Lint.Targets),
		seed:         maphash.MakeSeed(),
		watching:     src != nil,
		crossServer:  crossServerCheck{origin: cfg.ServersFile, budget: cfg.TokenBudget, accept: cfg.Accept},
	}
	m.call.histPos = -1
	m.setFocus(paneTools)
	return m
}

// newServerModel is the workbench on the server of k, whose session c
// has just begun.
func newServerModel(cfg Options, k *connector, c *conn) model {
	m := newModel(cfg, c.watcher)
	m.demo = false
	m.call.callSession = newCallSession(cfg.Server, k, c)
	m.follows(c.watcher)
	return m
}

// follows makes src, a new session's watcher, the source of the loads.
func (m *model) follows(src source) {
	m.src, m.file = src, m.call.srvName
	m.watching = true
	m.loads, m.changedAt = 0, time.Time{}
}

// Init asks the terminal for its background (to pick light or dark
// colors) and starts reading loads, and the traffic beside a proxy.
func (m model) Init() tea.Cmd {
	return tea.Batch(tea.RequestBackgroundColor, waitForEvent(m.src), m.armGroups(), readTraffic(m.feed))
}

// Run opens the workbench and returns when the user quits. On a server,
// every session it opened has ended, and the server's processes with it,
// by the time it returns.
func Run(cfg Options) error {
	m, done, err := openModel(cfg)
	if err != nil {
		return err
	}
	var opts []tea.ProgramOption
	if cfg.Output != nil {
		opts = append(opts, tea.WithOutput(cfg.Output))
	}
	if runtime.GOOS != "windows" { // Windows reads its console another way
		tty, err := terminalInput()
		if err != nil {
			done(m)
			return err
		}
		m.tty = tty
		opts = append(opts, tea.WithInput(newPasteReader(tty)))
	}
	final, err := tea.NewProgram(m, opts...).Run()
	if fm, ok := final.(model); ok {
		m = fm
	}
	done(m)
	if errors.Is(err, tea.ErrInterrupted) {
		return nil // a SIGINT is a way to quit, as ctrl+c is
	}
	return err
}

// openModel is the workbench on what cfg names, and what ends it: the
// file's watcher, or every session with the server.
func openModel(cfg Options) (model, func(model), error) {
	switch {
	case len(cfg.Servers) > 1:
		m, done := openServers(cfg)
		return m, done, nil
	case cfg.Server != nil:
		k := newConnector(clientConnect(cfg.Server.Connect))
		k.accept = cfg.Accept
		c := k.follow(cfg.Server.Client, cfg.Server.Doc, serverFacts(k.ctx, cfg.Server.Client, cfg.Server.List), cfg.Lint)
		return newServerModel(cfg, k, c), func(m model) { k.closeAll(m.call.conn) }, nil
	case cfg.File == "":
		return newModel(cfg, newDemoSource(cfg.Lint)), func(model) {}, nil
	}
	w, err := watch.New(cfg.File, watch.Options{Lint: cfg.Lint, Accept: cfg.Accept, Dir: cfg.Dir})
	if err != nil {
		return model{}, nil, err
	}
	return newModel(cfg, w), func(model) { w.Close() }, nil
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

// targetStatus is the targets as the status bar shows them, in a long
// and a short form: those the shown load was linted with (lint.Result's
// Targets, which hold the one an MCP-shaped document implies when none
// is asked for, or on a server the MCP target of the session's revision,
// and the long form says so), or, before a load and while
// a re-lint with other targets is on its way, those asked for. "" when
// there are none.
func (m model) targetStatus() (long, short string) {
	if relinting := m.relinting(); m.snap == nil || relinting {
		if len(m.opts.Targets) == 0 && !relinting {
			return "", ""
		}
		s := "target " + targetList(m.opts.Targets)
		if relinting {
			s += "…"
		}
		return s, s
	}
	if len(m.snap.result.Targets) == 0 {
		return "", ""
	}
	s := "target " + targetList(m.snap.result.Targets)
	switch {
	case len(m.snap.result.Requested) > 0:
	case m.call.onServer():
		return s + " (the server's revision)", s
	default:
		return s + " (from the shape)", s
	}
	return s, s
}

// relinting reports whether the targets changed and no load linted with
// them has arrived: the load shown, or before the first the targets the
// source started with, are others, and the source is there to lint again.
func (m model) relinting() bool {
	switch {
	case m.src == nil:
		return false
	case m.snap == nil:
		return !slices.Equal(m.opts.Targets, m.startTargets)
	}
	return !m.snap.lintedWith(m.opts.Targets)
}

// targetList is targets as the status bar lists them.
func targetList(targets []string) string {
	if len(targets) == 0 {
		return "none"
	}
	return strings.Join(targets, ",")
}

// reloadedAt is when the shown document was loaded, zero before one was.
func (m model) reloadedAt() time.Time {
	if m.snap == nil {
		return time.Time{}
	}
	return m.snap.loaded
}

// path is the file open, as a path to read and write: from the working
// directory it was named in.
func (m model) path() string {
	return inDir(m.dir, m.file)
}
