package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"toolbench/core/catalog"
)

// The tools and issues lists are sifted by what the user asks for: a
// text, errors only, a severity. Sifting a long list takes time in
// proportion to the document, so past syncSift candidates it runs in a
// command and the result comes back as a siftedMsg; a keystroke then
// costs what the screen costs, however large the document.

// syncSift is the most candidates sifted in Update itself: some ten
// microseconds of work.
const syncSift = 512

// siftedMsg is a sifted list for the pane that asked, for its request
// seq.
type siftedMsg struct {
	pane pane
	seq  int
	list []int
}

// sift runs fn, which sifts n candidates, at once when n is small and
// then returns its list; otherwise it returns nil and a command that
// sends the list to pane p.
func sift(p pane, seq, n int, fn func() []int) ([]int, tea.Cmd) {
	if n <= syncSift {
		return fn(), nil
	}
	return nil, func() tea.Msg { return siftedMsg{pane: p, seq: seq, list: fn()} }
}

// toolsSift is what the tools list shows.
type toolsSift struct {
	text       string // lower case; "" for every name
	errorsOnly bool
}

// siftTools is the rows of s that pass c, in order.
func siftTools(s *snapshot, c toolsSift) []int {
	list := make([]int, 0, len(s.rows))
	for i := range s.rows {
		r := &s.rows[i]
		if c.errorsOnly && r.errors == 0 {
			continue
		}
		if c.text != "" && !strings.Contains(r.lower, c.text) {
			continue
		}
		list = append(list, i)
	}
	return list
}

// severityFilter is the severities the issues list shows.
type severityFilter int

const (
	allSeverities severityFilter = iota
	errorsOnly
	warningsOnly
	severityFilters
)

func (f severityFilter) String() string {
	switch f {
	case errorsOnly:
		return "errors"
	case warningsOnly:
		return "warnings"
	}
	return "all"
}

func (f severityFilter) admits(s catalog.Severity) bool {
	switch f {
	case errorsOnly:
		return s == catalog.Error
	case warningsOnly:
		return s != catalog.Error
	}
	return true
}

// issuesSift is what the issues list shows.
type issuesSift struct {
	all      bool  // every issue of the document, else those of from
	from     []int // the candidates
	severity severityFilter
	text     string // lower case; "" for any
}

// count is how many candidates c has in s.
func (c issuesSift) count(s *snapshot) int {
	if c.all {
		return len(s.result.Issues)
	}
	return len(c.from)
}

// siftIssues is the issues of s that pass c, in order: indexes into
// s.result.Issues.
func siftIssues(s *snapshot, c issuesSift) []int {
	issues := s.result.Issues
	n := c.count(s)
	list := make([]int, 0, n)
	for j := range n {
		i := j
		if !c.all {
			i = c.from[j]
		}
		if !c.severity.admits(issues[i].Severity) {
			continue
		}
		if c.text != "" && !strings.Contains(s.issueText[i], c.text) {
			continue
		}
		list = append(list, i)
	}
	return list
}
