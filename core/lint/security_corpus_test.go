package lint

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"toolbench/core/jsondoc"
	"toolbench/internal/golden"
)

// The security rules are measured on a labeled corpus (testdata/security,
// described in its README): poisoned tools written from published
// attacks, one file a class; tools of real servers, which are benign;
// tools that say legitimate things poisoned ones say too. Part of it,
// under heldout/, was written or captured after the rules were frozen.
// TestSecurityCorpus prints the table docs/security.md publishes and
// fails when the two differ (go test ./core/lint -run SecurityCorpus
// -update rewrites it) or when the table misses the goals.

const (
	securityDoc        = "../../docs/security.md"
	securityTableBegin = "<!-- security corpus table: made by go test ./core/lint -run SecurityCorpus -update -->"
	securityTableEnd   = "<!-- end of the security corpus table -->"
)

// heldOutLabel starts the rows of heldout/'s poisoned and tricky tools:
// the twenty-eighth round, written blind, on which no model was trained
// and no rule widened.
const heldOutLabel = "held out (round 28)"

// corpusRow is one line of the table: a set of tools and how many of
// them the security rules flag.
type corpusRow struct {
	set     string
	tools   int
	flagged int
	own     int // poisoned sets: flagged by the rule of the set's class
	poison  bool
	misses  []string // the tools of a poisoned set not flagged, the flagged ones of a benign set
}

// securityFlags lints a file as toolbench lint does and returns, for
// each tool, the security codes it is flagged with.
func securityFlags(t *testing.T, file string) (tools []string, flags map[string][]string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsondoc.Parse(filepath.ToSlash(file), data)
	if err != nil {
		t.Fatal(err)
	}
	res := Lint(doc, Options{})
	for i := range res.Tools.Tools {
		tools = append(tools, res.Tools.Tools[i].Name)
	}
	flags = map[string][]string{}
	for _, is := range res.Issues {
		if strings.HasPrefix(is.Code, SecurityPrefix) && !slices.Contains(flags[is.Tool], is.Code) {
			flags[is.Tool] = append(flags[is.Tool], is.Code)
		}
	}
	return tools, flags
}

// poisonedRows measures each file of dir, a class each.
func poisonedRows(t *testing.T, dir string) []corpusRow {
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	var rows []corpusRow
	for _, f := range files {
		class := strings.TrimSuffix(filepath.Base(f), ".json")
		if LookupRule(SecurityPrefix+class) == nil {
			t.Errorf("%s: no rule %s%s: a poisoned file is named for its class", f, SecurityPrefix, class)
		}
		tools, flags := securityFlags(t, f)
		row := corpusRow{set: class, tools: len(tools), poison: true}
		for _, name := range tools {
			switch {
			case len(flags[name]) == 0:
				row.misses = append(row.misses, name)
				continue
			case slices.Contains(flags[name], SecurityPrefix+class):
				row.own++
			}
			row.flagged++
		}
		rows = append(rows, row)
	}
	return rows
}

// benignRow measures the files of a benign set together.
func benignRow(t *testing.T, set string, files []string) corpusRow {
	row := corpusRow{set: set}
	for _, f := range files {
		tools, flags := securityFlags(t, f)
		row.tools += len(tools)
		for _, name := range tools {
			if len(flags[name]) > 0 {
				row.flagged++
				row.misses = append(row.misses, filepath.Base(f)+": "+name+" "+strings.Join(flags[name], ","))
			}
		}
	}
	return row
}

func percent(n, d int) string {
	if d == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(d))
}

// securityTable writes the rows as docs/security.md publishes them.
func securityTable(rows []corpusRow) string {
	var b strings.Builder
	b.WriteString("| Set | Tools | Flagged | Rate | Flagged by the class's own rule |\n| --- | ---: | ---: | ---: | ---: |\n")
	for _, r := range rows {
		own := ""
		if r.poison {
			own = fmt.Sprint(r.own)
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %s | %s |\n", r.set, r.tools, r.flagged, percent(r.flagged, r.tools), own)
	}
	return b.String()
}

func TestSecurityCorpus(t *testing.T) {
	const dir = "testdata/security"
	var rows []corpusRow
	tune := poisonedRows(t, filepath.Join(dir, "poisoned"))
	held := poisonedRows(t, filepath.Join(dir, "heldout", "poisoned"))
	for i := range tune {
		tune[i].set = "poisoned: `" + SecurityPrefix + tune[i].set + "`"
	}
	for i := range held {
		held[i].set = heldOutLabel + ", poisoned: `" + SecurityPrefix + held[i].set + "`"
	}
	benign, _ := filepath.Glob(filepath.Join(dir, "benign", "*.json"))
	rows = append(rows, tune...)
	realRow := benignRow(t, fmt.Sprintf("real servers' tools (%d servers)", len(benign)), benign)
	trickyRow := benignRow(t, "tricky benign tools", []string{filepath.Join(dir, "tricky.json")})
	rows = append(rows, realRow, trickyRow)
	rows = append(rows, held...)
	heldTricky := filepath.Join(dir, "heldout", "tricky.json")
	if _, err := os.Stat(heldTricky); err == nil {
		rows = append(rows, benignRow(t, heldOutLabel+", tricky benign tools", []string{heldTricky}))
	}
	table := securityTable(rows)
	t.Logf("the security rules on the corpus:\n%s", table)
	for _, r := range rows {
		if len(r.misses) > 0 {
			what := "not flagged"
			if !r.poison {
				what = "flagged"
			}
			t.Logf("%s, %s: %s", r.set, what, strings.Join(r.misses, "; "))
		}
	}

	// The goals, on the tools the rules were written with.
	for _, r := range tune {
		if r.flagged*100 < r.tools*80 {
			t.Errorf("%s: %d of %d poisoned tools flagged, want at least 80%%", r.set, r.flagged, r.tools)
		}
	}
	if realRow.tools < 500 || len(benign) < 30 {
		t.Errorf("the benign corpus has %d tools of %d servers, want at least 500 of 30", realRow.tools, len(benign))
	}
	if realRow.flagged*100 > realRow.tools {
		t.Errorf("%d of %d real servers' tools flagged, want at most 1%%", realRow.flagged, realRow.tools)
	}
	// The goal is a ratio, 2 in 8: the tricky tools are those of many
	// rounds, and the model trained on them still misreads a few.
	if trickyRow.tools < 8 || trickyRow.flagged*8 > trickyRow.tools*2 {
		t.Errorf("%d of %d tricky benign tools flagged, want at most 2 in 8 of at least 8", trickyRow.flagged, trickyRow.tools)
	}

	checkSecurityTable(t, table)
	checkHeldOutRound(t, held)
}

// checkHeldOutRound holds the last row of docs/security.md's table of
// held-out rounds, the one it marks "(the table above)", to the
// held-out rows measured: its cell of each class and its total.
func checkHeldOutRound(t *testing.T, held []corpusRow) {
	t.Helper()
	data, err := os.ReadFile(securityDoc)
	if err != nil {
		t.Fatal(err)
	}
	var header, row []string
	for _, line := range strings.Split(string(data), "\n") {
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		switch {
		case strings.HasPrefix(line, "| Round |"):
			header = cells
		case header != nil && strings.HasPrefix(line, "| ") && strings.Contains(cells[0], "(the table above)"):
			row = cells
		}
	}
	if row == nil || len(row) != len(header) {
		t.Fatalf("%s has no round marked \"(the table above)\" under a \"| Round |\" header", securityDoc)
	}
	flagged, tools := 0, 0
	for _, r := range held {
		class := strings.TrimSuffix(strings.TrimPrefix(r.set, heldOutLabel+", poisoned: `"+SecurityPrefix), "`")
		i := slices.Index(header, class)
		if i < 0 {
			t.Errorf("the table of rounds has no column %q", class)
			continue
		}
		if want := fmt.Sprintf("%d/%d", r.flagged, r.tools); row[i] != want {
			t.Errorf("the table of rounds says %s for %s, measured %s", row[i], class, want)
		}
		flagged, tools = flagged+r.flagged, tools+r.tools
	}
	if want := fmt.Sprintf("%d/%d (%.0f%%)", flagged, tools, 100*float64(flagged)/float64(tools)); row[len(row)-1] != want {
		t.Errorf("the table of rounds says %s in all, measured %s", row[len(row)-1], want)
	}
}

// checkSecurityTable holds docs/security.md's table to table.
func checkSecurityTable(t *testing.T, table string) {
	golden.CheckSection(t, securityDoc, securityTableBegin, securityTableEnd, table, "run go test ./core/lint -run SecurityCorpus -update")
}

// TestReferenceServersHaveNoSecurityFinding holds the tools of MCP's
// reference server-everything and of GitHub's MCP servers to no
// security finding: the reference npm server-github and
// github/github-mcp-server's tool snapshots of the corpus, and the
// snapshots (pkg/github/__toolsnaps__) of another version when
// TOOLBENCH_GITHUB_TOOLSNAPS names their directory.
func TestReferenceServersHaveNoSecurityFinding(t *testing.T) {
	files := []string{"testdata/security/benign/everything.json", "testdata/security/benign/server-github.json", "testdata/security/benign/github-mcp-server.json"}
	for _, f := range files {
		tools, flags := securityFlags(t, f)
		if len(tools) == 0 {
			t.Errorf("%s has no tools", f)
		}
		for name, codes := range flags {
			t.Errorf("%s: %s is flagged %v", f, name, codes)
		}
	}
	dir := os.Getenv("TOOLBENCH_GITHUB_TOOLSNAPS")
	if dir == "" {
		t.Skip("TOOLBENCH_GITHUB_TOOLSNAPS is not set: github-mcp-server's tool snapshots are not checked")
	}
	snaps, _ := filepath.Glob(filepath.Join(dir, "*.snap"))
	if len(snaps) == 0 {
		t.Fatalf("no *.snap in %s", dir)
	}
	var parts []string
	for _, f := range snaps {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, string(data))
	}
	doc, err := jsondoc.Parse("toolsnaps.json", []byte("{\"tools\": [\n"+strings.Join(parts, ",\n")+"\n]}"))
	if err != nil {
		t.Fatal(err)
	}
	for _, is := range Lint(doc, Options{}).Issues {
		if strings.HasPrefix(is.Code, SecurityPrefix) {
			t.Errorf("github-mcp-server %s: %s %s", is.Tool, is.Code, is.Message)
		}
	}
	t.Logf("%d tools of github-mcp-server, no security finding", len(snaps))
}
