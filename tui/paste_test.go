package tui

import (
	"io"
	"os"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// pasteRecorder is a program that records the pastes and keys it gets,
// as the workbench reads them, and quits on ctrl+c.
type pasteRecorder struct {
	pastes *[]string
	keys   *[]string
}

func (r pasteRecorder) Init() tea.Cmd { return nil }

func (r pasteRecorder) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.PasteMsg:
		*r.pastes = append(*r.pastes, pastedText(msg.Content))
	case tea.KeyPressMsg:
		if msg.String() == "ctrl+c" {
			return r, tea.Quit
		}
		*r.keys = append(*r.keys, msg.String())
	}
	return r, nil
}

func (r pasteRecorder) View() tea.View { return tea.NewView("") }

// readThroughBubbleTea writes each of chunks, gap apart, to a program
// reading the pipe through pasteReader, and returns the pastes and keys
// it got.
func readThroughBubbleTea(t *testing.T, gap time.Duration, chunks ...string) (pastes, keys []string) {
	t.Helper()
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	rec := pasteRecorder{pastes: &pastes, keys: &keys}
	p := tea.NewProgram(rec, tea.WithInput(newPasteReader(pr)), tea.WithOutput(io.Discard),
		tea.WithEnvironment([]string{"TERM=xterm-256color", "TERM_PROGRAM=Apple_Terminal"}))
	done := make(chan error, 1)
	go func() { _, err := p.Run(); done <- err }()
	for _, c := range chunks {
		if _, err := pw.WriteString(c); err != nil {
			t.Fatal(err)
		}
		time.Sleep(gap)
	}
	pw.WriteString("\x03") // ctrl+c
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		p.Kill()
		t.Fatal("the program did not quit")
	}
	pw.Close()
	return pastes, keys
}

func TestAPasteKeepsEveryByteThroughBubbleTea(t *testing.T) {
	t.Parallel()
	const pasted = "A\x07B\x1bxC\x1b[31mD\x1b]0;title\x07E\xff\n{}"
	cases := []struct {
		name   string
		chunks []string
	}{
		{"in one read", []string{"a" + pasteStart + pasted + pasteEnd + "b"}},
		{"markers cut in two", []string{"a\x1b[200", "~A\x07B\x1bxC\x1b[31mD\x1b]0;title\x07E\xff\n{}\x1b[2", "01~b"}},
		{"a long paste", []string{"a" + pasteStart + strings.Repeat(pasted, 400) + pasteEnd + "b"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			want := pasted
			if tc.name == "a long paste" {
				want = strings.Repeat(pasted, 400)
			}
			pastes, keys := readThroughBubbleTea(t, 20*time.Millisecond, tc.chunks...)
			if len(pastes) != 1 || pastes[0] != want {
				t.Errorf("pastes %q, want the bytes pasted", pastes)
			}
			if strings.Join(keys, " ") != "a b" {
				t.Errorf("keys %q, want a and b around the paste", keys)
			}
		})
	}
}

// A lone escape is the start of a paste marker too, but the reader does
// not hold it: Bubble Tea gets it and, once its wait for more is over,
// takes it for the esc key.
func TestAnEscapeKeyStillArrivesAtOnce(t *testing.T) {
	t.Parallel()
	_, keys := readThroughBubbleTea(t, 300*time.Millisecond, "\x1b", "x")
	if strings.Join(keys, " ") != "esc x" {
		t.Errorf("keys %q, want esc then x", keys)
	}
}

func TestPastedEscapesAreShownAndCheckedAsJSONEscapes(t *testing.T) {
	t.Parallel()
	m := press(t, newLoadedModel(t, testTools, 100, 30), "tab", "tab")
	m = update(t, m, tea.PasteMsg{Content: pasteTag + encodeForTest("A\x07B\x1bxC\x1b[31mD\x1b]0;title\x07E")})
	if got, want := m.call.text(), `A\u0007B\u001bxC\u001b[31mD\u001b]0;title\u0007E`; got != want {
		t.Errorf("the tester holds %q, want %q", got, want)
	}
	if strings.ContainsAny(m.View().Content, "\x07") || strings.Contains(m.View().Content, "\x1b]0;") {
		t.Error("the screen holds the pasted controls raw")
	}
}

func TestPastedTextIsTheTextOfAPasteThatDidNotComeThroughTheReader(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"plain", pasteTag + "not base64!"} {
		if got := pastedText(s); got != s {
			t.Errorf("pastedText(%q) = %q", s, got)
		}
	}
}

// encodeForTest encodes s as pasteReader does.
func encodeForTest(s string) string {
	r := &pasteReader{}
	r.scan([]byte(pasteStart + s + pasteEnd))
	out := string(r.out)
	return strings.TrimSuffix(strings.TrimPrefix(out, pasteStart+pasteTag), pasteEnd)
}
