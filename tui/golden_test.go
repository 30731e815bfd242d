package tui

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"
)

// screenOnly is the workbench without its start-up commands: a golden
// screen must not depend on when the terminal answers the background
// colour query. Init itself is tested on its own.
type screenOnly struct{ model }

func (screenOnly) Init() tea.Cmd { return nil }

// goldenEnv is the terminal the golden tests run in: one Bubble Tea sends
// no capability queries to (it does to most), because a query is written
// whenever its goroutine gets to it, before or after the first frame.
var goldenEnv = []string{"TERM=xterm-256color", "TERM_PROGRAM=Apple_Terminal"}

// testProgram is the loaded workbench at w x h running in a real program
// with a fixed colour profile and terminal, and all it has written.
type testProgram struct {
	tm  *teatest.TestModel
	out bytes.Buffer
}

func startProgram(t *testing.T, w, h int) *testProgram {
	t.Helper()
	m := newLoadedModel(t, testTools, w, h)
	p := &testProgram{tm: teatest.NewTestModel(t, screenOnly{m},
		teatest.WithInitialTermSize(w, h),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.Ascii), tea.WithEnvironment(goldenEnv)))}
	p.waitForPaints(t, 1)
	return p
}

// waitForPaints reads the output until it holds n full paints and the
// last is complete (the status line is its last full line), keeping what
// it read.
func (p *testProgram) waitForPaints(t *testing.T, n int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		b := p.out.Bytes()
		i := bytes.LastIndex(b, fullPaint)
		if bytes.Count(b, fullPaint) >= n && bytes.Contains(b[i:], []byte("reloaded 15:09:26")) {
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

// TestProgramTypingACall drives the program as a user does: select the
// second tool, move to the tester and type a call. The frames between
// depend on timing, so the state is checked on the final model.
func TestProgramTypingACall(t *testing.T) {
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
	if got := final.call.errs; strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("errors %q, want %q", got, want)
	}
}
