package cli

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mattn/go-runewidth"
)

// The docs show the workbench as its golden files hold it: a golden
// file is what the workbench wrote to a terminal of its size, escape
// sequences and all, and screenMarkdown plays it on a grid of that size
// as a terminal would, keeping the characters and dropping the styles.
// A change to the workbench's screens that updates the golden files
// changes the docs' pictures with the next -update.

// screenMarkdown is the screen of the golden file at arg (whose name
// ends in its size, WxH.golden), as a fenced block.
func screenMarkdown(_, arg string) (string, error) {
	data, err := os.ReadFile(arg)
	if err != nil {
		return "", err
	}
	m := regexp.MustCompile(`(\d+)x(\d+)\.golden$`).FindStringSubmatch(arg)
	if m == nil {
		return "", fmt.Errorf("%s: the name does not end in WxH.golden", arg)
	}
	w, _ := strconv.Atoi(m[1])
	h, _ := strconv.Atoi(m[2])
	return "```\n" + playScreen(string(data), w, h) + "\n```\n", nil
}

// csi is a control sequence: its parameters and its final byte.
var csi = regexp.MustCompile(`^\x1b\[([?>=<]?)([0-9;:]*)([ -/]*)([@-~])`)

// playScreen writes out on a w x h grid as a terminal does and returns
// the grid's lines, trailing spaces cut. It knows the sequences Bubble
// Tea's renderer moves and clears with (cursor position, column,
// forward, erase characters, line and screen); the others (styles,
// modes, titles) change no character and are skipped. A line feed
// returns to the first column, as a terminal's output does by default.
func playScreen(out string, w, h int) string {
	grid := make([][]rune, h)
	clear := func() {
		for i := range grid {
			grid[i] = []rune(strings.Repeat(" ", w))
		}
	}
	clear()
	row, col := 0, 0
	num := func(params string, i, def int) int {
		ps := strings.Split(params, ";")
		if i < len(ps) {
			if n, err := strconv.Atoi(ps[i]); err == nil && n > 0 {
				return n
			}
		}
		return def
	}
	put := func(r rune) {
		if row < h && col < w {
			grid[row][col] = r
			for k := 1; k < runewidth.RuneWidth(r) && col+k < w; k++ {
				grid[row][col+k] = 0 // the right half of a wide character
			}
		}
		col += runewidth.RuneWidth(r)
	}
	for i := 0; i < len(out); {
		switch c := out[i]; {
		case c == '\x1b' && strings.HasPrefix(out[i:], "\x1b]"): // OSC, to BEL or ST
			end := strings.IndexAny(out[i:], "\a")
			if st := strings.Index(out[i:], "\x1b\\"); st >= 0 && (end < 0 || st < end) {
				end = st + 1
			}
			if end < 0 {
				end = len(out) - i - 1
			}
			i += end + 1
		case c == '\x1b':
			m := csi.FindStringSubmatch(out[i:])
			if m == nil {
				i += 2
				continue
			}
			i += len(m[0])
			if m[1] != "" {
				continue // a private mode
			}
			switch params := m[2]; m[4] {
			case "H":
				row, col = num(params, 0, 1)-1, num(params, 1, 1)-1
			case "G":
				col = num(params, 0, 1) - 1
			case "C":
				col += num(params, 0, 1)
			case "X":
				for k := 0; k < num(params, 0, 1) && col+k < w; k++ {
					grid[row][col+k] = ' '
				}
			case "K":
				for k := col; k < w && row < h; k++ {
					grid[row][k] = ' '
				}
			case "J":
				clear()
			}
		case c == '\r':
			col = 0
			i++
		case c == '\n':
			row, col = row+1, 0
			i++
		default:
			r, size := utf8.DecodeRuneInString(out[i:])
			put(r)
			i += size
		}
	}
	lines := make([]string, h)
	for i, l := range grid {
		lines[i] = strings.TrimRight(strings.ReplaceAll(string(l), "\x00", ""), " ")
	}
	return strings.Join(lines, "\n")
}

func TestPlayScreenDrawsWhatATerminalWould(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, out, want string }{
		{"text and a line feed", "ab\r\ncd", "ab\ncd\n"},
		{"a position", "\x1b[2;3Hx", "\n  x\n"},
		{"a column and a move forward", "ab\x1b[4Gc\x1b[1Cd", "ab c d\n\n"},
		{"erased characters", "abcdef\x1b[1;2H\x1b[3X", "a   ef\n\n"},
		{"an erased line", "abcdef\x1b[1;3H\x1b[K", "ab\n\n"},
		{"styles and modes draw nothing", "\x1b[1ma\x1b[m\x1b[?25lb\x1b]2;title\a", "ab\n\n"},
		{"a wide character takes two cells", "界x", "界x\n\n"},
		{"past the edge is cut", "abcdefghij", "abcdef\n\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := playScreen(tc.out, 6, 3); got != tc.want {
				t.Errorf("playScreen(%q) =\n%q, want\n%q", tc.out, got, tc.want)
			}
		})
	}
}
