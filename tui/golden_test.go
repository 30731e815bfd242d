package tui

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"
)

// screenOnly is the workbench without its start-up commands: a golden
// screen must not depend on when the terminal answers the background
// color query. Init itself is tested on its own.
type screenOnly struct{ model }

func (screenOnly) Init() tea.Cmd { return nil }

// goldenEnv is the terminal the golden tests run in: one Bubble Tea sends
// no capability queries to (it does to most), because a query is written
// whenever its goroutine gets to it, before or after the first frame.
var goldenEnv = []string{"TERM=xterm-256color", "TERM_PROGRAM=Apple_Terminal"}

// testProgram is the loaded workbench at w x h running in a real program
// with a fixed color profile and terminal, and all it has written.
type testProgram struct {
	tm  *teatest.TestModel
	out bytes.Buffer
}

func startProgram(t *testing.T, w, h int) *testProgram {
	t.Helper()
	return startProgramOn(t, newLoadedModel(t, testTools, w, h))
}

// startProgramOn runs m, sized as it is, in a program as startProgram
// does.
func startProgramOn(t *testing.T, m model) *testProgram {
	t.Helper()
	p := &testProgram{tm: teatest.NewTestModel(t, screenOnly{m},
		teatest.WithInitialTermSize(m.width, m.height),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.Ascii), tea.WithEnvironment(goldenEnv)))}
	p.waitForPaints(t, 1)
	return p
}

// paintDone are the ends of the help line, the last line of a paint:
// one of them ends every complete frame.
var paintDone = [][]byte{[]byte("q quit"), []byte("ctrl+c quit")}

// waitForPaints reads the output until it holds n full paints and the
// last is complete (it has the help line, its last), keeping what it
// read.
func (p *testProgram) waitForPaints(t *testing.T, n int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		b := p.out.Bytes()
		i := bytes.LastIndex(b, fullPaint)
		if bytes.Count(b, fullPaint) >= n && i >= 0 && slices.ContainsFunc(paintDone, func(d []byte) bool { return bytes.Contains(b[i:], d) }) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("no full paint; output so far:\n%q", p.out.String())
		}
		if _, err := p.out.ReadFrom(p.tm.Output()); err != nil {
			t.Fatal(err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// quit ends the program and returns all it wrote and its final model.
func (p *testProgram) quit(t *testing.T) ([]byte, model) {
	t.Helper()
	if err := p.tm.Quit(); err != nil {
		t.Fatal(err)
	}
	if _, err := p.out.ReadFrom(p.tm.FinalOutput(t, teatest.WithFinalTimeout(5*time.Second))); err != nil {
		t.Fatal(err)
	}
	final, ok := p.tm.FinalModel(t).(model)
	if !ok {
		t.Fatalf("final model is %T", p.tm.FinalModel(t))
	}
	return p.out.Bytes(), final
}

// fullPaint starts a frame drawn whole: cursor home, clear the screen.
var fullPaint = []byte("\x1b[H\x1b[2J")

// lastPaint is out from its last full paint on.
func lastPaint(t *testing.T, out []byte) []byte {
	t.Helper()
	i := bytes.LastIndex(out, fullPaint)
	if i < 0 {
		t.Fatalf("the output never paints the whole screen:\n%q", out)
	}
	return out[i:]
}

func TestGoldenScreens(t *testing.T) {
	t.Parallel()
	for _, size := range []struct{ w, h int }{{80, 24}, {120, 40}} {
		t.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(t *testing.T) {
			// How the first frame reaches the terminal depends on the
			// machine's speed (a slow start flushes an empty frame first,
			// and the renderer then paints by differences), so once it is
			// out the screen is cleared and painted again from nothing:
			// that paint and the terminal's restoration compare with
			// testdata/<test name>.golden (go test -update rewrites it).
			p := startProgram(t, size.w, size.h)
			paints := bytes.Count(p.out.Bytes(), fullPaint)
			p.tm.Send(tea.ClearScreen())
			p.waitForPaints(t, paints+1)
			out, final := p.quit(t)
			teatest.RequireEqualOutput(t, lastPaint(t, out))
			s := screen(final)
			for _, title := range []string{"Tools", "Issues", "Call", "search", "get_weather", "tools.json", "q quit"} {
				if !strings.Contains(s, title) {
					t.Errorf("screen lacks %q:\n%s", title, s)
				}
			}
		})
	}
}

// goldenScreen paints m in a program, clears the screen and paints it
// again from nothing, and compares that paint with the golden file (see
// TestGoldenScreens). It returns the final model.
func goldenScreen(t *testing.T, m model) model {
	t.Helper()
	p := startProgramOn(t, m)
	paints := bytes.Count(p.out.Bytes(), fullPaint)
	p.tm.Send(tea.ClearScreen())
	p.waitForPaints(t, paints+1)
	out, final := p.quit(t)
	teatest.RequireEqualOutput(t, lastPaint(t, out))
	return final
}

// inspectTools is testdata/inspect.json: MCP tools with every kind of
// schema node the detail view draws, and issues in their schemas.
func inspectTools(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile("testdata/inspect.json")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestGoldenViews paints each view of the workbench at two sizes: the
// tool detail, the source around an issue, every key, the issues
// filtered, the form of a call, and a batch of calls. Each golden file
// holds its screen: go test -run Golden -update rewrites them.
func TestGoldenViews(t *testing.T) {
	t.Parallel()
	batch := `{"name": "create_event", "arguments": {"title": "Standup", "start": "2026-03-14T09:00:00Z", "organizer": "me"}}` + "\n" +
		`{"name": "list_rooms", "arguments": {"at": 5}}` + "\n" + `{"name": "nope"}` + "\n" + `{"name": ` + "\n"
	scenes := []struct {
		name  string
		build func(t *testing.T, m model) model
		want  string // on the final screen
	}{
		{"detail", func(t *testing.T, m model) model { return press(t, m, "enter", "ctrl+d") }, "$ref #/$defs/person"},
		{"source", func(t *testing.T, m model) model { return press(t, m, "tab", "v") }, "│"},
		{"help", func(t *testing.T, m model) model { return press(t, m, "?") }, "anywhere"},
		{"filter", func(t *testing.T, m model) model {
			m = press(t, m, "tab", "a", "/")
			return press(t, typeText(t, m, "type"), "enter")
		}, "unknown-type"},
		{"form", func(t *testing.T, m model) model { return press(t, m, "ctrl+s", "ctrl+f", "down", "down") }, "form of create_event"},
		{"batch", func(t *testing.T, m model) model {
			return update(t, press(t, m, "tab", "tab"), tea.PasteMsg{Content: batch})
		}, "4 calls: 1 valid, 3 invalid"},
		{"errors only", func(t *testing.T, m model) model { return press(t, m, "x", "J", "J") }, "errors only"},
	}
	for _, sc := range scenes {
		for _, size := range []struct{ w, h int }{{80, 24}, {120, 40}} {
			t.Run(fmt.Sprintf("%s/%dx%d", sc.name, size.w, size.h), func(t *testing.T) {
				m := sc.build(t, newLoadedModel(t, inspectTools(t), size.w, size.h))
				if s := screen(m); !strings.Contains(s, sc.want) {
					t.Errorf("the screen lacks %q:\n%s", sc.want, s)
				}
				goldenScreen(t, m)
			})
		}
	}
}

// TestProgramTypingACall drives the program as a user does: select the
// second tool, move to the tester and type a call. The frames between
// depend on timing, so the state is checked on the final model.
func TestProgramTypingACall(t *testing.T) {
	t.Parallel()
	msgs := []tea.Msg{keyPress("j"), keyPress("tab"), keyPress("tab")}
	for _, r := range `{"name": "get_weather", "arguments": {"city": 1}}` {
		msgs = append(msgs, tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	p := startProgram(t, 80, 24)
	for _, msg := range msgs {
		p.tm.Send(msg)
	}
	_, final := p.quit(t)
	if final.focus != paneCall || final.tools.SelectedTool().Name != "get_weather" {
		t.Errorf("focus %v on %q, want Call with get_weather selected", final.focus, final.tools.SelectedTool().Name)
	}
	want := []string{"missing:country", "type:city:str"}
	if got := final.call.errs(); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("errors %q, want %q", got, want)
	}
}
