package cli

import (
	"bytes"
	"context"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolbench/core/catalog"
	"toolbench/core/diff"
	"toolbench/core/lint"
	"toolbench/core/report"
)

// rulesRun runs toolbench in-process and returns its exit code, stdout
// and stderr.
func rulesRun(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	e := &env{
		dir:        workDir(t),
		stdin:      strings.NewReader(""),
		stdout:     &stdout,
		stderr:     &stderr,
		getenv:     func(string) string { return "" },
		isTerminal: func(io.Writer) bool { return false },
	}
	return run(e, args), stdout.String(), stderr.String()
}

func TestRulesListsEveryCodeWithSeverityTargetAndSummary(t *testing.T) {
	t.Parallel()
	code, out, errOut := rulesRun(t, "rules")
	if code != exitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q; want 0 and nothing", code, errOut)
	}
	lines := strings.Split(out, "\n")
	if !strings.HasPrefix(lines[0], "CODE ") || !strings.Contains(lines[0], "SEVERITY") || !strings.Contains(lines[0], "TARGET") {
		t.Errorf("header = %q", lines[0])
	}
	rules := lint.Rules()
	for i, r := range rules {
		fields := strings.Fields(lines[i+1])
		target := r.Target
		if target == "" {
			target = "always"
		}
		if len(fields) < 4 || fields[0] != r.Code || fields[1] != r.Severity.String() || fields[2] != target ||
			!strings.HasSuffix(lines[i+1], "  "+r.Summary) {
			t.Errorf("line %d = %q, want %s %s %s %s", i+1, lines[i+1], r.Code, r.Severity, target, r.Summary)
		}
	}
	if !strings.Contains(out, `toolbench explain CODE`) {
		t.Errorf("the list does not point at explain:\n%s", out)
	}
}

func TestExplainPrintsTheRuleDoc(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		args    []string
		heading string
		doc     string
	}{
		{"a rule always on", []string{"explain", "unresolved-ref"}, "unresolved-ref (error, always on)", lint.LookupRule("unresolved-ref").Doc},
		{"a target's rule", []string{"explain", "mcp/invalid-name"}, "mcp/invalid-name (warning, target mcp)", lint.LookupRule("mcp/invalid-name").Doc},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := rulesRun(t, tc.args...)
			if code != exitOK || errOut != "" {
				t.Fatalf("exit %d, stderr %q; want 0 and nothing", code, errOut)
			}
			if !strings.HasPrefix(out, tc.heading+"\n") {
				t.Errorf("output starts %q, want %q", rulesFirstLine(out), tc.heading)
			}
			// The doc may be rewrapped, but every word is there in order.
			if got, want := strings.Fields(out), strings.Fields(tc.doc); !rulesHoldRun(got, want) {
				t.Errorf("output does not hold the rule's doc:\n%s", out)
			}
			if !strings.Contains(out, "Source: ") {
				t.Errorf("output has no source:\n%s", out)
			}
			for _, line := range strings.Split(out, "\n") {
				if w := ansi.StringWidth(line); w > 78 && strings.Contains(line, " ") {
					t.Errorf("line of %d cells: %q", w, line)
				}
			}
		})
	}
}

func rulesFirstLine(s string) string { line, _, _ := strings.Cut(s, "\n"); return line }

// rulesHoldRun reports whether words holds want as a contiguous run.
func rulesHoldRun(words, want []string) bool {
	for i := 0; i+len(want) <= len(words); i++ {
		if slices.Equal(words[i:i+len(want)], want) {
			return true
		}
	}
	return false
}

func TestRulesListsDiffsChecksUnderTheirOwnHeading(t *testing.T) {
	t.Parallel()
	_, out, _ := rulesRun(t, "rules")
	_, checks, ok := strings.Cut(out, "\nThe changes toolbench diff and verify report:\n")
	if !ok {
		t.Fatalf("no heading for diff's checks:\n%s", out)
	}
	lines := strings.Split(checks, "\n")
	for i, c := range diff.Checks() {
		if fields := strings.Fields(lines[i+1]); len(fields) < 3 || fields[0] != c.Code || fields[1] != report.Catalog().Lookup(c.Code).Level() || !strings.HasSuffix(lines[i+1], "  "+c.Summary) {
			t.Errorf("line %d = %q, want %s %s %s", i+1, lines[i+1], c.Code, report.Catalog().Lookup(c.Code).Level(), c.Summary)
		}
	}
}

func TestExplainPrintsADiffChecksDoc(t *testing.T) {
	t.Parallel()
	tests := []struct {
		code, heading string
	}{
		{"removed-tool", "removed-tool (breaking, a change toolbench diff reports)"},
		{"type-widened", "type-widened (note, a change toolbench diff reports)"},
	}
	for _, tc := range tests {
		t.Run(tc.code, func(t *testing.T) {
			code, out, errOut := rulesRun(t, "explain", tc.code)
			if code != exitOK || errOut != "" || !strings.HasPrefix(out, tc.heading+"\n") {
				t.Fatalf("exit %d, stderr %q, output:\n%s\nwant 0 and the heading %q", code, errOut, out, tc.heading)
			}
			if got, want := strings.Fields(out), strings.Fields(diff.LookupCheck(tc.code).Doc); !rulesHoldRun(got, want) {
				t.Errorf("output does not hold the check's doc:\n%s", out)
			}
		})
	}
	code, _, errOut := rulesRun(t, "explain", "removed-tol")
	if code != exitFailure || !strings.Contains(errOut, "(did you mean removed-tool?)") {
		t.Errorf("a misspelt check: exit %d, stderr %q", code, errOut)
	}
}

func TestExplainPrintsACallCodesDoc(t *testing.T) {
	t.Parallel()
	tests := []struct {
		code, heading string
	}{
		{"missing", "missing (error, a code toolbench call reports)"},
		{"unchecked", "unchecked (note, a code toolbench call reports)"},
		{"tool_error", "tool_error (an outcome toolbench call --run reports)"},
	}
	for _, tc := range tests {
		t.Run(tc.code, func(t *testing.T) {
			code, out, errOut := rulesRun(t, "explain", tc.code)
			if code != exitOK || errOut != "" || !strings.HasPrefix(out, tc.heading+"\n") || !strings.Contains(out, "docs/rules/"+tc.code+".md") {
				t.Fatalf("exit %d, stderr %q, output:\n%s\nwant 0, the heading %q and the page", code, errOut, out, tc.heading)
			}
		})
	}
	_, out, _ := rulesRun(t, "rules")
	if !strings.Contains(out, "\nThe codes toolbench call and call --run report:\n") || !strings.Contains(out, "\nunknown_tool    error     ") {
		t.Errorf("rules does not list the call codes:\n%s", out)
	}
}

// TestRuleAndCheckCodesDiffer keeps explain's answer to a code one thing.
func TestRuleAndCheckCodesDiffer(t *testing.T) {
	t.Parallel()
	for _, c := range diff.Checks() {
		if lint.LookupRule(c.Code) != nil || lint.LookupTarget(c.Code) != nil {
			t.Errorf("%s is both diff's check and a rule or target", c.Code)
		}
	}
	for _, c := range report.Catalog().Codes(catalog.KindCall, catalog.KindRun) {
		if lint.LookupRule(c.Code) != nil || lint.LookupTarget(c.Code) != nil || diff.LookupCheck(c.Code) != nil {
			t.Errorf("%s is both a call code and a rule, target or change", c.Code)
		}
	}
}

func TestExplainSeveralCodes(t *testing.T) {
	t.Parallel()
	code, out, _ := rulesRun(t, "explain", "invalid-schema", "hidden-characters")
	if code != exitOK || !strings.HasPrefix(out, "invalid-schema (") || !strings.Contains(out, "\n\nhidden-characters (error, always on)\n") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
}

func TestExplainUnknownCodeExits2AndSuggestsCloseCodes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, code string
		want       string // in stderr
	}{
		{"underscore for dash", "invalid_name", `(did you mean invalid-name?)`},
		{"missing letter under a target", "gemini/invalid-nam", "did you mean gemini/invalid-name"},
		{"a rule of another target", "anthropic/too-many-tools", "openai/too-many-tools, gemini/too-many-tools"},
		{"nothing close", "zzz", `unknown code "zzz": no rule, target, change or call check has it` + "\n"},
		{"control characters are escaped", "x\x1b[2J", `unknown code "x\\x1b[2J"`},
		{"a call code misspelt", "unknown_tol", "(did you mean unknown_tool?)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := rulesRun(t, "explain", tc.code)
			if code != exitFailure || out != "" {
				t.Errorf("exit %d, stdout %q; want 2 and nothing", code, out)
			}
			if !strings.Contains(errOut, tc.want) || strings.ContainsRune(errOut, 0x1b) {
				t.Errorf("stderr = %q, want it to hold %q and no raw escape", errOut, tc.want)
			}
		})
	}
}

func TestRulesAndExplainUsage(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		args     []string
		code     int
		inStdout string
		inStderr string
	}{
		{"rules help", []string{"rules", "-h"}, exitOK, "USAGE  \n         \n    toolbench rules [--flags]", ""},
		{"explain help", []string{"explain", "--help"}, exitOK, "toolbench explain CODE|TARGET... [--flags]", ""},
		{"explain without a code", []string{"explain"}, exitFailure, "", "name a rule code"},
		{"rules with an argument", []string{"rules", "extra"}, exitFailure, "", `unexpected argument "extra"`},
		{"unknown flag", []string{"rules", "--nope"}, exitFailure, "", "toolbench rules: unknown flag: --nope\nRun 'toolbench rules -h' for usage.\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := rulesRun(t, tc.args...)
			if code != tc.code || !strings.Contains(out, tc.inStdout) || !strings.Contains(errOut, tc.inStderr) {
				t.Errorf("exit %d (want %d)\nstdout %q (want %q in it)\nstderr %q (want %q in it)", code, tc.code, out, tc.inStdout, errOut, tc.inStderr)
			}
		})
	}
}

func TestRulesAndExplainAreListedInTheHelp(t *testing.T) {
	t.Parallel()
	_, out, _ := rulesRun(t, "--help")
	for _, want := range []string{"\n    rules ", "\n    explain "} {
		if !strings.Contains(out, want) {
			t.Errorf("help has no %q line:\n%s", strings.TrimSpace(want), out)
		}
	}
	if strings.Index(out, "\n    rules ") > strings.Index(out, "\n    explain ") {
		t.Errorf("rules should come before explain:\n%s", out)
	}
}

func TestExplainATargetGivesItsDocumentationAndRules(t *testing.T) {
	t.Parallel()
	code, stdout, stderr := runIn(t, "explain", "openai-strict")
	if code != exitOK || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{"openai-strict (target)", "What it adds: everything `openai` checks", "Source: OpenAI structured outputs",
		"It turns on openai too.", `"strict": true`, "openai-strict/all-required"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("explain openai-strict does not say %q:\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "anthropic/") {
		t.Errorf("explain openai-strict lists another target's rules:\n%s", stdout)
	}
}

// TestExplainAndExplainCodeSayTheSameOfEveryCode holds toolbench explain
// and the explain_code of toolbench mcp, both of a build that knows
// where its repository is, to one text for every code and target the
// catalog has.
func TestExplainAndExplainCodeSayTheSameOfEveryCode(t *testing.T) {
	t.Parallel()
	build := Build{InformationURI: "https://github.com/o/toolbench", DocsRef: "v1.2.0"}
	newEnv := func(stdin io.Reader, stdout, stderr io.Writer) *env {
		return &env{dir: workDir(t), stdin: stdin, stdout: stdout, stderr: stderr, build: build,
			getenv: func(string) string { return "" }, isTerminal: func(io.Writer) bool { return false }}
	}

	cs := mcpSession(t, newEnv)

	codes := report.Catalog().Codes()
	if len(codes) < 100 {
		t.Fatalf("the catalog has %d codes", len(codes))
	}
	for _, c := range codes {
		var stdout, stderr bytes.Buffer
		if code := run(newEnv(strings.NewReader(""), &stdout, &stderr), []string{"explain", c.Code}); code != exitOK || stderr.Len() > 0 {
			t.Fatalf("explain %s: exit %d, stderr %q", c.Code, code, stderr.String())
		}
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "explain_code", Arguments: map[string]any{"code": c.Code}})
		if err != nil || res.IsError || len(res.Content) != 1 {
			t.Fatalf("explain_code %s: %v, %+v", c.Code, err, res)
		}
		text, _ := res.Content[0].(*mcp.TextContent)
		if text == nil {
			t.Fatalf("explain_code %s answers with %T, not text", c.Code, res.Content[0])
		}
		if diff := cmp.Diff(stdout.String(), text.Text); diff != "" {
			t.Errorf("%s (-explain +explain_code):\n%s", c.Code, diff)
		}
		if want := "/blob/v1.2.0/" + c.Page(); !strings.Contains(text.Text, want) {
			t.Errorf("%s: the page is not at its address %s:\n%s", c.Code, want, text.Text)
		}
	}
}
