package tui

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/google/go-cmp/cmp"

	"toolbench/core/lint"
)

func TestATooSmallScreenSaysSoInFullAtEverySize(t *testing.T) {
	t.Parallel()
	m := newLoadedModel(t, testTools, 80, 24)
	for w := 1; w <= minWidth+5; w++ {
		for h := 1; h <= minHeight+1; h++ {
			if w >= minWidth && h >= minHeight {
				continue
			}
			t.Run(fmt.Sprintf("%dx%d", w, h), func(t *testing.T) {
				m := update(t, m, tea.WindowSizeMsg{Width: w, Height: h})
				lines := strings.Split(m.View().Content, "\n")
				if len(lines) > h || widest(lines) > w {
					t.Fatalf("the screen is %d lines, %d wide:\n%s", len(lines), widest(lines), m.View().Content)
				}
				words := strings.Join(strings.Fields(ansi.Strip(m.View().Content)), " ")
				if !slices.Contains(tooSmallTexts, words) {
					t.Errorf("the screen says %q, which is none of the messages whole", words)
				}
			})
		}
	}
	if got := strings.Join(strings.Fields(tooSmallText(20, 6)), " "); got != tooSmallTexts[0] {
		t.Errorf("at 20x6 the full message fits, wrapped; got %q", got)
	}
}

func TestATooSmallScreenTakesNoKeysButCtrlC(t *testing.T) {
	t.Parallel()
	want := screen(newLoadedModel(t, testTools, 120, 40))
	m := newLoadedModel(t, testTools, 30, 10)
	m = press(t, m, "tab", "enter", "a", "j", "?", "q")
	m = update(t, m, tea.PasteMsg{Content: `{"name": "search"}`})
	m = update(t, m, tea.MouseClickMsg{X: 100, Y: 30, Button: tea.MouseLeft})
	m = update(t, m, tea.MouseWheelMsg{X: 5, Y: 5, Button: tea.MouseWheelDown})
	if _, cmd := pressCmd(t, m, "q"); cmd != nil {
		t.Error("q should do nothing on a screen that offers only ctrl+c")
	}
	if _, cmd := pressCmd(t, m, "ctrl+c"); !isQuit(cmd) {
		t.Error("ctrl+c should quit on a screen too small")
	}
	m = update(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	if got := screen(m); got != want {
		t.Errorf("keys and the mouse on a screen too small changed the workbench:\n%s\nwant:\n%s", got, want)
	}
}

// statusBar is the status bar of m's screen, unstyled.
func statusBar(m model) string {
	lines := strings.Split(screen(m), "\n")
	return lines[len(lines)-2]
}

func TestTheStatusBarShowsTheTargetsTheLintApplied(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		src     string
		targets []string
		want    string // the status bar at 120 columns
		short   string // at 80, "" for the same
	}{
		{"none asked, OpenAI shape", testTools, nil, "", ""},
		{"none asked, MCP shape", inspectToolsText, nil, "target mcp (from the shape)", "target mcp"},
		{"one asked", testTools, []string{"openai"}, "target openai", ""},
		{"mcp asked for an MCP shape", inspectToolsText, []string{"mcp"}, "target mcp", ""},
		{"two asked", testTools, []string{"openai", "anthropic"}, "target openai,anthropic", ""},
	}
	for _, tc := range cases {
		for _, w := range []int{120, 80} {
			t.Run(fmt.Sprintf("%s/%d", tc.name, w), func(t *testing.T) {
				src := tc.src
				if src == inspectToolsText {
					src = inspectTools(t)
				}
				opts := lint.Options{Targets: tc.targets}
				m := newModel(Options{File: "tools.json", Lint: opts}, nil)
				m.watching = true
				m = update(t, m, tea.WindowSizeMsg{Width: w, Height: 30})
				m = update(t, m, docLoadedMsg{snap: lintSnapshot(t, "tools.json", src, opts)})
				bar := statusBar(m)
				want := tc.want
				if w == 80 && tc.short != "" {
					want = tc.short
				}
				switch {
				case want == "" && strings.Contains(bar, "target"):
					t.Errorf("the status bar names a target, but the lint applied none: %q", bar)
				case want != "" && !strings.Contains(bar, want+" · "):
					t.Errorf("the status bar lacks %q: %q", want, bar)
				case want != tc.want && strings.Contains(bar, tc.want):
					t.Errorf("at %d columns the status bar should shorten %q to %q: %q", w, tc.want, want, bar)
				}
				if ansi.StringWidth(bar) > w {
					t.Errorf("the status bar is %d cells wide, more than the screen's %d: %q", ansi.StringWidth(bar), w, bar)
				}
			})
		}
	}
}

// inspectToolsText stands for testdata/inspect.json in a table.
const inspectToolsText = "testdata/inspect.json"

func TestOnlyALoadLintedWithTheTargetsAskedForEndsTheirWait(t *testing.T) {
	t.Parallel()
	src := newFakeSource()
	m := newModel(Options{File: "tools.json"}, src)
	m.watching = true
	m = update(t, m, tea.WindowSizeMsg{Width: 120, Height: 30})
	// Update alone: the command after a load waits for the next one.
	load := func(m model, opts lint.Options) (model, *snapshot) {
		s := lintSnapshot(t, "tools.json", inspectTools(t), opts)
		next, _ := m.Update(docLoadedMsg{snap: s, from: src})
		return next.(model), s
	}
	m, _ = load(m, lint.Options{})
	m = press(t, m, "t") // to openai
	// A save that was linted before t arrives after it, with no targets.
	m, old := load(m, lint.Options{})
	if m.snap != old {
		t.Fatal("the load linted with the old targets should still be shown")
	}
	if bar := statusBar(m); !strings.Contains(bar, "target openai…") || strings.Contains(bar, "target mcp") {
		t.Errorf("a load linted with the old targets should leave openai pending: %q", bar)
	}
	// A save that did not parse, and the next, both read before the
	// source took openai: the failure was linted with no targets at all.
	next, _ := m.Update(docFailedMsg{err: errors.New("tools.json:1:1: unexpected end of input"), from: src})
	m, _ = load(next.(model), lint.Options{})
	if bar := statusBar(m); !strings.Contains(bar, "target openai…") || strings.Contains(bar, "target mcp") {
		t.Errorf("neither a failed load nor one linted with the old targets should end openai's wait: %q", bar)
	}
	m, _ = load(m, lint.Options{Targets: []string{"openai"}})
	if bar := statusBar(m); !strings.Contains(bar, "target openai · ") || strings.Contains(bar, "…") {
		t.Errorf("the load linted with openai should end the wait: %q", bar)
	}
	m = press(t, m, "t") // to the next target, which the source never lints with
	next, _ = m.Update(sourceClosedMsg{from: src})
	m = next.(model)
	if bar := statusBar(m); !strings.Contains(bar, "target openai · ") || strings.Contains(bar, "…") {
		t.Errorf("with no more loads to come the bar should show the targets of the load shown: %q", bar)
	}
}

func TestTheStatusBarShowsTargetsAskedForUntilTheReLintArrives(t *testing.T) {
	t.Parallel()
	src := newFakeSource()
	m := newModel(Options{File: "tools.json"}, src)
	m.watching = true
	m = update(t, m, tea.WindowSizeMsg{Width: 120, Height: 30})
	// Update alone: the command after a load waits for the next one.
	load := func(m model, opts lint.Options) model {
		next, _ := m.Update(docLoadedMsg{snap: lintSnapshot(t, "tools.json", inspectTools(t), opts), from: src})
		return next.(model)
	}
	m = load(m, lint.Options{})
	m = press(t, m, "t") // to openai
	if bar := statusBar(m); !strings.Contains(bar, "target openai…") || strings.Contains(bar, "target mcp") {
		t.Errorf("while the re-lint runs the status bar should show the target asked for: %q", bar)
	}
	if diff := cmp.Diff([]lint.Options{{Targets: []string{"openai"}}}, src.asked()); diff != "" {
		t.Fatalf("options asked for (-want +got):\n%s", diff)
	}
	m = load(m, lint.Options{Targets: []string{"openai"}})
	if bar := statusBar(m); !strings.Contains(bar, "target openai · ") {
		t.Errorf("once re-linted the status bar should show the target applied: %q", bar)
	}
}

func TestTheShapesTargetIsSaidToBeImpliedByTheLoadShown(t *testing.T) {
	t.Parallel()
	src := newFakeSource()
	m := newModel(Options{File: "tools.json"}, src)
	m.watching = true
	m = update(t, m, tea.WindowSizeMsg{Width: 120, Height: 30})
	next, _ := m.Update(docLoadedMsg{snap: lintSnapshot(t, "tools.json", inspectTools(t), lint.Options{}), from: src})
	m = press(t, next.(model), "t") // to openai, which never arrives
	next, _ = m.Update(sourceClosedMsg{from: src})
	m = next.(model)
	if bar := statusBar(m); !strings.Contains(bar, "target mcp (from the shape) · ") {
		t.Errorf("the load shown was linted with none asked for, so its mcp is the shape's: %q", bar)
	}
}
