package tui

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

func TestATooSmallScreenSaysSoInFullAtEverySize(t *testing.T) {
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

func TestWrapWordsKeepsHyphenatedNamesWhole(t *testing.T) {
	tests := []struct {
		name string
		s    string
		w    int
		want []string
	}{
		{"fits", "run echo?", 20, []string{"run echo?"}},
		{"at a space", "? run toggle-simulated-logging on mcp-servers/everything?", 32, []string{"? run toggle-simulated-logging", "on mcp-servers/everything?"}},
		{"a word too long stays whole", "a very-long-hyphenated-name b", 10, []string{"a", "very-long-hyphenated-name", "b"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := wrapWords(tc.s, tc.w); !slices.Equal(got, tc.want) {
				t.Errorf("wrapWords(%q, %d) = %q, want %q", tc.s, tc.w, got, tc.want)
			}
		})
	}
}
