package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestLintFormatSARIFIsOneRunWithRulesAndResults(t *testing.T) {
	t.Parallel()
	code, out, errOut := runLintIn(t, "", lintTerm{}, "--format", "sarif", lintInvalid)
	if code != exitIssues {
		t.Fatalf("exit %d, want %d; stderr %q", code, exitIssues, errOut)
	}
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Rules []struct{ ID string } `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				Level     string `json:"level"`
				Locations []struct {
					PhysicalLocation struct {
						Region struct{ StartLine, StartColumn int } `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("version %q with %d runs, want 2.1.0 with one", log.Version, len(log.Runs))
	}
	run := log.Runs[0]
	if len(run.Tool.Driver.Rules) == 0 || len(run.Results) != 5 {
		t.Fatalf("%d rules and %d results, want rules and the 5 issues", len(run.Tool.Driver.Rules), len(run.Results))
	}
	first := run.Results[0]
	if first.RuleID != "invalid-name" || first.Level != "error" || first.Locations[0].PhysicalLocation.Region.StartLine != 5 || first.Locations[0].PhysicalLocation.Region.StartColumn != 15 {
		t.Errorf("first result = %+v, want invalid-name error at 5:15", first)
	}
}

func TestLintFormatGitHubWritesWorkflowCommands(t *testing.T) {
	t.Parallel()
	code, out, _ := runLintIn(t, "", lintTerm{}, "--format", "github", lintInvalid)
	if code != exitIssues {
		t.Fatalf("exit %d, want %d", code, exitIssues)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d lines, want one command per issue:\n%s", len(lines), out)
	}
	want := "::error file=" + lintInvalid + ",line=5,endLine=5,col=15,endColumn=29,title=invalid-name::"
	if !strings.HasPrefix(lines[0], want) {
		t.Errorf("first line = %q, want prefix %q", lines[0], want)
	}
	if !strings.HasPrefix(lines[4], "::warning ") {
		t.Errorf("last line = %q, want a ::warning", lines[4])
	}
}

// A file that cannot be parsed must not look clean to CI: SARIF marks the
// invocation unsuccessful with the syntax error, GitHub annotates it.
func TestLintCIFormatsReportAFileThatCannotBeParsed(t *testing.T) {
	t.Parallel()
	code, out, _ := runLintIn(t, "", lintTerm{}, "--format", "sarif", lintBadJSON, lintInvalid)
	if code != exitFailure {
		t.Fatalf("exit %d, want %d", code, exitFailure)
	}
	var log struct {
		Runs []struct {
			Invocations []struct {
				ExecutionSuccessful        bool `json:"executionSuccessful"`
				ToolExecutionNotifications []struct {
					Level     string `json:"level"`
					Message   struct{ Text string }
					Locations []struct {
						PhysicalLocation struct {
							ArtifactLocation struct{ URI string }
							Region           struct{ StartLine, StartColumn int }
						}
					}
				} `json:"toolExecutionNotifications"`
			} `json:"invocations"`
			Results []json.RawMessage `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatalf("SARIF is not JSON: %v", err)
	}
	inv := log.Runs[0].Invocations
	if len(inv) != 1 || inv[0].ExecutionSuccessful || len(inv[0].ToolExecutionNotifications) != 1 {
		t.Fatalf("invocations = %+v, want one unsuccessful with one notification", inv)
	}
	n := inv[0].ToolExecutionNotifications[0]
	if n.Level != "error" || n.Locations[0].PhysicalLocation.ArtifactLocation.URI != lintBadJSON || n.Locations[0].PhysicalLocation.Region.StartLine == 0 || n.Message.Text == "" {
		t.Errorf("notification = %+v, want an error at a line of %s", n, lintBadJSON)
	}
	if len(log.Runs[0].Results) != 5 {
		t.Errorf("%d results, want the other file's 5 issues too", len(log.Runs[0].Results))
	}

	_, out, _ = runLintIn(t, "", lintTerm{}, "--format", "github", lintBadJSON)
	if !strings.HasPrefix(out, "::error file="+lintBadJSON+",line=") || !strings.Contains(out, "title=unreadable::") {
		t.Errorf("github output = %q, want an error annotation at the syntax error", out)
	}
	_, out, _ = runLintIn(t, "", lintTerm{}, "--format", "github", "no-such-file.json")
	if want := "::error file=no-such-file.json,title=unreadable::no such file or directory\n"; out != want {
		t.Errorf("github output = %q, want %q", out, want)
	}
}

// Markdown is for a pull request comment or the job summary: its exit
// status is every format's, a clean run is one heading, and a file that
// cannot be parsed is named, never a clean report.
func TestLintFormatMarkdownWritesAHeadingAndATable(t *testing.T) {
	t.Parallel()
	code, out, errOut := runLintIn(t, "", lintTerm{terminal: true}, "--format", "markdown", lintInvalid)
	if code != exitIssues || errOut != "" {
		t.Fatalf("exit %d, stderr %q; want %d and nothing", code, errOut, exitIssues)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 4+5 || lines[0] != "### toolbench lint: 4 errors, 1 warning in 1 file" || lines[2] != "| | Rule | Tool | Where | What |" {
		t.Fatalf("want a heading and a table of the 5 issues:\n%s", out)
	}
	if want := "| **error** | `invalid-name` | `get weather!` | `" + lintInvalid + ":5:15` `$[0].function.name` | invalid tool name 'get weather\\!'"; !strings.HasPrefix(lines[4], want) {
		t.Errorf("first issue = %q, want prefix %q", lines[4], want)
	}
	if strings.Contains(out, "\x1b") {
		t.Errorf("color in Markdown on a terminal:\n%q", out)
	}

	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{lintValid}, exitOK, "### toolbench lint: valid\n"},
		{[]string{lintWarnings}, exitOK, "### toolbench lint: 2 warnings in 1 file\n"},
		{[]string{"--strict", lintWarnings}, exitIssues, "### toolbench lint: 2 warnings in 1 file\n"},
	} {
		code, out, _ := runLintIn(t, "", lintTerm{}, append([]string{"--format", "markdown"}, tc.args...)...)
		if code != tc.code || !strings.HasPrefix(out, tc.want) {
			t.Errorf("lint %v: exit %d, output\n%s\nwant %d and %q first", tc.args, code, out, tc.code, tc.want)
		}
	}

	code, out, errOut = runLintIn(t, "", lintTerm{}, "--format", "markdown", lintValid, lintBadJSON)
	if code != exitFailure {
		t.Errorf("a file that does not parse: exit %d, want %d", code, exitFailure)
	}
	want := "### toolbench lint: no issues in 1 file; 1 file could not be read or parsed\n\n" +
		"**Could not be read or parsed, so not linted:**\n\n" +
		"- `" + lintBadJSON + ":3:35` a trailing comma: JSON allows no ',' before '}'\n"
	if out != want || !strings.Contains(errOut, lintBadJSON+":3:35") {
		t.Errorf("a file that does not parse: stdout\n%s\nstderr %q; want\n%s", out, errOut, want)
	}
}
