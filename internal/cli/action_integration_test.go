//go:build integration

package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// action.yml is a composite GitHub Action: its shell steps run here as a
// runner runs them, with bash, the inputs and expressions put in place,
// GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and RUNNER_TEMP files of their own,
// in a workspace that stands for the repository being checked. The steps
// that use other actions (setup-go, upload-sarif) are the runner's
// business and are skipped; Go is already here.

// action is the part of action.yml the runner reads.
type action struct {
	Inputs map[string]struct {
		Default string `yaml:"default"`
	} `yaml:"inputs"`
	Outputs map[string]struct {
		Value string `yaml:"value"`
	} `yaml:"outputs"`
	Runs struct {
		Using string       `yaml:"using"`
		Steps []actionStep `yaml:"steps"`
	} `yaml:"runs"`
}

type actionStep struct {
	Name             string            `yaml:"name"`
	ID               string            `yaml:"id"`
	If               string            `yaml:"if"`
	Uses             string            `yaml:"uses"`
	With             map[string]string `yaml:"with"`
	Shell            string            `yaml:"shell"`
	WorkingDirectory string            `yaml:"working-directory"`
	Env              map[string]string `yaml:"env"`
	Run              string            `yaml:"run"`
}

func readAction(t *testing.T) *action {
	t.Helper()
	data, err := os.ReadFile(inWork(t, "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var a action
	if err := yaml.Unmarshal(data, &a); err != nil {
		t.Fatalf("action.yml: %v", err)
	}
	if a.Runs.Using != "composite" {
		t.Fatalf("action.yml runs using %q, want composite", a.Runs.Using)
	}
	return &a
}

// actionRun is one run of the action's steps in a workspace.
type actionRun struct {
	t         *testing.T
	a         *action
	inputs    map[string]string
	workspace string
	temp      string
	summary   string
	outputs   map[string]map[string]string // step id -> its outputs
	// built is the build step's outputs, from an earlier run, so that
	// toolbench is built once for all the runs of a test.
	built map[string]string
}

// stepResult is what one shell step did.
type stepResult struct {
	name   string
	status int
	stdout string
	stderr string
}

var expression = regexp.MustCompile(`\$\{\{\s*(.*?)\s*\}\}`)

// eval is an expression of the action as the runner evaluates it, for
// the few kinds the action uses; any other fails the test, so that the
// test grows with the action.
func (r *actionRun) eval(expr string) string {
	root, _ := os.Getwd()
	parts := strings.Split(expr, ".")
	switch {
	case len(parts) == 2 && parts[0] == "inputs":
		in, ok := r.a.Inputs[parts[1]]
		if !ok {
			r.t.Fatalf("action.yml reads inputs.%s, which it does not declare", parts[1])
		}
		if v, ok := r.inputs[parts[1]]; ok {
			return v
		}
		return in.Default
	case expr == "github.action_path":
		return root
	case expr == "github.server_url":
		return "https://github.com"
	case expr == "github.action_repository":
		return "example/toolbench"
	case expr == "github.action_ref":
		return "v1"
	case len(parts) == 4 && parts[0] == "steps" && parts[2] == "outputs":
		return r.outputs[parts[1]][parts[3]]
	}
	r.t.Fatalf("action.yml has an expression this test cannot evaluate: %s", expr)
	return ""
}

func (r *actionRun) expand(s string) string {
	return expression.ReplaceAllStringFunc(s, func(m string) string {
		return r.eval(expression.FindStringSubmatch(m)[1])
	})
}

// run runs every shell step in order, as the runner does until one
// fails, and returns what each did.
func (r *actionRun) run() []stepResult {
	r.t.Helper()
	if r.outputs == nil {
		r.outputs = map[string]map[string]string{}
	}
	var results []stepResult
	for _, s := range r.a.Runs.Steps {
		if s.Uses != "" {
			for _, v := range s.With {
				r.expand(v) // its expressions are ones the runner knows
			}
			continue
		}
		if s.ID == "build" && r.built != nil {
			r.outputs["build"] = r.built
			continue
		}
		res := r.step(s)
		results = append(results, res)
		if s.ID == "build" {
			r.built = r.outputs["build"]
		}
		if res.status != 0 {
			break
		}
	}
	return results
}

// step runs one shell step with bash as the runner does: bash --noprofile
// --norc -eo pipefail on a file holding the step's script.
func (r *actionRun) step(s actionStep) stepResult {
	r.t.Helper()
	if s.Shell != "bash" {
		r.t.Fatalf("step %q runs in %q; the action's steps use bash", s.Name, s.Shell)
	}
	if strings.Contains(s.Run, "${{") {
		r.t.Errorf("step %q puts an expression in its script; pass it through env, where no input can become code", s.Name)
	}
	dir := mkdirTemp(r.t, r.temp, "step")
	script := filepath.Join(dir, "script.sh")
	output := filepath.Join(dir, "output")
	for _, f := range []string{script, output} {
		content := ""
		if f == script {
			content = s.Run
		}
		if err := os.WriteFile(f, []byte(content), 0o644); err != nil {
			r.t.Fatal(err)
		}
	}
	cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", script)
	cmd.Dir = r.workspace
	if s.WorkingDirectory != "" {
		cmd.Dir = r.expand(s.WorkingDirectory)
	}
	cmd.Env = append(os.Environ(),
		"RUNNER_TEMP="+r.temp,
		"GITHUB_OUTPUT="+output,
		"GITHUB_STEP_SUMMARY="+r.summary,
		"GITHUB_PATH="+filepath.Join(dir, "path"),
		"NO_COLOR=1",
	)
	for k, v := range s.Env {
		cmd.Env = append(cmd.Env, k+"="+r.expand(v))
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	status := 0
	if ee, ok := err.(*exec.ExitError); ok {
		status = ee.ExitCode()
	} else if err != nil {
		r.t.Fatal(err)
	}
	outputs := map[string]string{}
	data, _ := os.ReadFile(output)
	for _, line := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			outputs[k] = v
		}
	}
	if s.ID != "" {
		r.outputs[s.ID] = outputs
	}
	return stepResult{name: s.Name, status: status, stdout: stdout.String(), stderr: stderr.String()}
}

func mkdirTemp(t *testing.T, parent, prefix string) string {
	t.Helper()
	dir, err := os.MkdirTemp(parent, prefix)
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestActionStepsLintAndFailAsTheirInputsSay runs the action on a
// workspace of tool files under each input that changes what it does.
func TestActionStepsLintAndFailAsTheirInputsSay(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds toolbench as the action does; skipped with -short")
	}
	a := readAction(t)
	workspace := t.TempDir()
	files := map[string]string{
		"tools/bad.json":   readTestFile(t, "examples/invalid.json"),
		"tools/good.json":  readTestFile(t, "examples/valid.json"),
		"tools/short.json": `[{"type": "function", "function": {"name": "ping", "description": "Ping.", "parameters": {"type": "object", "properties": {"host": {"type": "string", "description": "The host to ping."}}, "required": ["host"]}}}]`,
	}
	for name, content := range files {
		path := filepath.Join(workspace, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// One RUNNER_TEMP for every run, as one job has: the build step's
	// toolbench stays there for the runs after the first.
	temp := t.TempDir()
	var built map[string]string
	type want struct {
		failedStep string // the step that fails, "" for none
		status     int    // its exit status
		exitCode   string // the lint step's exit-code output
		results    int    // results in the SARIF report, -1 for no report
	}
	for _, tc := range []struct {
		name   string
		inputs map[string]string
		want   want
	}{
		{"errors fail the job by default", map[string]string{"files": "tools/**/*.json"}, want{"Fail per fail-on", 1, "1", 6}},
		{"a clean file passes", map[string]string{"files": "tools/good.json"}, want{"", 0, "0", 0}},
		{"fail-on never reports and passes", map[string]string{"files": "tools/bad.json", "fail-on": "never"}, want{"", 0, "1", 5}},
		{"a warning passes by default", map[string]string{"files": "tools/short.json"}, want{"", 0, "0", 1}},
		{"a warning fails with fail-on warning", map[string]string{"files": "tools/short.json", "fail-on": "warning"}, want{"Fail per fail-on", 1, "1", 1}},
		{"targets reach toolbench", map[string]string{"files": "tools/good.json", "targets": "openai,cohere"}, want{"Fail per fail-on", 2, "2", -1}},
		{"args reach toolbench", map[string]string{"files": "tools/short.json", "fail-on": "warning", "args": "--ignore short-description"}, want{"", 0, "0", 0}},
		{"a pattern that matches nothing fails", map[string]string{"files": "tools/missing-*.json tools/good.json"}, want{"Fail per fail-on", 2, "2", 0}},
		{"files and a server in one step fail", map[string]string{"files": "tools/good.json", "server": "everything"}, want{"Lint", 2, "", -1}},
		{"an unknown fail-on fails", map[string]string{"files": "tools/good.json", "fail-on": "sometimes"}, want{"Lint", 2, "", -1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &actionRun{t: t, a: a, inputs: tc.inputs, workspace: workspace, temp: temp, built: built}
			r.summary = filepath.Join(mkdirTemp(t, temp, "run"), "summary.md")
			results := r.run()
			built = r.built
			last := results[len(results)-1]
			if tc.want.failedStep == "" && last.status != 0 || tc.want.failedStep != "" && (last.name != tc.want.failedStep || last.status != tc.want.status) {
				t.Fatalf("the last step run, %q, ended %d; want %q to end %d\nstdout:\n%s\nstderr:\n%s", last.name, last.status, tc.want.failedStep, tc.want.status, last.stdout, last.stderr)
			}
			if got := r.outputs["lint"]["exit-code"]; got != tc.want.exitCode {
				t.Errorf("exit-code output %q, want %q", got, tc.want.exitCode)
			}
			if tc.want.results < 0 {
				return
			}
			sarif := filepath.Join(workspace, r.outputs["lint"]["sarif-file"])
			if got := sarifResults(t, sarif); got != tc.want.results {
				t.Errorf("%s holds %d results, want %d", sarif, got, tc.want.results)
			}
			// The rules link their pages in the action's repository at the
			// ref the workflow uses.
			if data, want := readTestFile(t, sarif), `"helpUri": "https://github.com/example/toolbench/blob/v1/docs/rules/invalid-name.md"`; !strings.Contains(data, want) {
				t.Errorf("%s lacks %s", sarif, want)
			}
			summary, _ := os.ReadFile(r.summary)
			if !strings.Contains(string(summary), "toolbench lint") {
				t.Errorf("the job summary has no report:\n%s", summary)
			}
			if tc.want.results > 0 {
				var lint stepResult
				for _, res := range results {
					if res.name == "Lint" {
						lint = res
					}
				}
				if !strings.Contains(lint.stdout, "::error file=tools/") && !strings.Contains(lint.stdout, "::warning file=tools/") {
					t.Errorf("the lint step wrote no annotation on the tool files:\n%s", lint.stdout)
				}
			}
		})
	}
}

// sarifResults is the number of results in the SARIF report at path,
// which must be one run of toolbench's.
func sarifResults(t *testing.T, path string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name string `json:"name"`
				} `json:"driver"`
			} `json:"tool"`
			Results []json.RawMessage `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 || log.Runs[0].Tool.Driver.Name != "toolbench" {
		t.Fatalf("%s is not one SARIF 2.1.0 run of toolbench: %s", path, fmt.Sprint(log))
	}
	return len(log.Runs[0].Results)
}

func readTestFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
