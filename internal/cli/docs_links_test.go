package cli

import (
	"os"
	"path"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"toolbench/core/config"
)

// Every link of README and the docs to a file of the repository leads to
// one that exists, and a link to a heading (#anchor) to a heading that
// exists, named as GitHub names its anchors. Links to other sites are
// not followed: the tests run offline.

// mdLink is a link in Markdown's inline form, [text](target), not after
// a backslash (mdText escapes brackets that are text).
var mdLink = regexp.MustCompile(`(^|[^\\])\[([^\]]*)\]\(([^)\s]+)\)`)

// docLinks are the links of a Markdown text, outside code blocks and
// code spans, with their lines.
func docLinks(text string) (links []string, lines []int) {
	for i, l := range proseLines(text) {
		for _, m := range mdLink.FindAllStringSubmatch(withoutCodeSpans(l), -1) {
			links, lines = append(links, m[3]), append(lines, i+1)
		}
	}
	return links, lines
}

// proseLines are the lines of a Markdown text, those of fenced code
// blocks blank.
func proseLines(text string) []string {
	lines := strings.Split(text, "\n")
	fenced := false
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			fenced = !fenced
			lines[i] = ""
		} else if fenced {
			lines[i] = ""
		}
	}
	return lines
}

var codeSpan = regexp.MustCompile("`[^`]*`")

// withoutCodeSpans is a line with its code spans emptied, so that what
// they hold is not read as a link (a code span as a link's text stays).
func withoutCodeSpans(l string) string {
	return codeSpan.ReplaceAllString(l, "``")
}

// anchors are the anchors GitHub gives the headings of a Markdown text:
// the heading's text in lower case, its markup and punctuation dropped
// but for '-' and '_', spaces as '-'; a repeated one gets -1, -2, ....
func anchors(text string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	for _, l := range proseLines(text) {
		t := strings.TrimLeft(l, "#")
		if t == l || !strings.HasPrefix(t, " ") {
			continue
		}
		t = mdLink.ReplaceAllString(strings.TrimSpace(t), "$1$2")
		var b strings.Builder
		for _, r := range strings.ToLower(t) {
			switch {
			case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
				b.WriteRune(r)
			case r == ' ':
				b.WriteByte('-')
			}
		}
		a := b.String()
		if n := seen[a]; n > 0 {
			out[a+"-"+strconv.Itoa(n)] = true
		} else {
			out[a] = true
		}
		seen[a]++
	}
	return out
}

func TestDocsLinksLeadToFilesAndHeadingsThatExist(t *testing.T) {
	t.Parallel()
	texts := map[string]string{}
	read := func(file string) (string, bool) {
		if s, ok := texts[file]; ok {
			return s, true
		}
		data, err := os.ReadFile(file)
		if err != nil {
			return "", false
		}
		texts[file] = string(data)
		return string(data), true
	}
	checked := 0
	for _, file := range docFiles(t) {
		text, _ := read(file)
		links, lines := docLinks(text)
		for i, link := range links {
			if strings.Contains(link, "://") || strings.HasPrefix(link, "mailto:") {
				continue
			}
			checked++
			target, anchor, _ := strings.Cut(link, "#")
			resolved := file
			if target != "" {
				resolved = path.Join(path.Dir(file), target)
			}
			if strings.HasPrefix(resolved, "../") || path.IsAbs(target) {
				t.Errorf("%s:%d: %s leads out of the repository", file, lines[i], link)
				continue
			}
			if _, err := os.Stat(resolved); err != nil {
				t.Errorf("%s:%d: %s: %v", file, lines[i], link, err)
				continue
			}
			if anchor == "" {
				continue
			}
			if !strings.HasSuffix(resolved, ".md") {
				t.Errorf("%s:%d: %s: an anchor in a file that is not Markdown", file, lines[i], link)
				continue
			}
			if s, _ := read(resolved); !anchors(s)[anchor] {
				t.Errorf("%s:%d: %s: %s has no heading #%s", file, lines[i], link, resolved, anchor)
			}
		}
	}
	if checked < 50 {
		t.Errorf("checked %d links, want the fifty or more the docs have", checked)
	}
}

func TestAnchorsAreGitHubs(t *testing.T) {
	t.Parallel()
	got := anchors("# Live MCP servers\n## `toolbench call --run`: sending calls\n## From Go\n## From Go\n```\n# not a heading\n```\n#nota heading\n")
	for _, want := range []string{"live-mcp-servers", "toolbench-call---run-sending-calls", "from-go", "from-go-1"} {
		if !got[want] {
			t.Errorf("anchors lack %q: %v", want, got)
		}
	}
	if len(got) != 4 {
		t.Errorf("anchors = %v, want 4", got)
	}
}

// TestDocsTOMLIsAConfigurationToolbenchReads parses every toml block of
// README and the docs as toolbench.toml is parsed: an example of the
// configuration with a key or a code toolbench does not know fails.
func TestDocsTOMLIsAConfigurationToolbenchReads(t *testing.T) {
	t.Parallel()
	blocks := 0
	for _, file := range docFiles(t) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		for i := 0; i < len(lines); i++ {
			if lines[i] != "```toml" {
				continue
			}
			start := i + 1
			for i++; i < len(lines) && lines[i] != "```"; i++ {
			}
			blocks++
			block := strings.Join(lines[start:i], "\n")
			if _, err := config.Parse("the block", []byte(block)); err != nil {
				t.Errorf("%s:%d: the toml block is no configuration toolbench reads: %v", file, start+1, err)
			}
		}
	}
	if blocks < 2 {
		t.Errorf("found %d toml blocks, want README's and configuration.md's", blocks)
	}
}
