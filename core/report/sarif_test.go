package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/call"
	"toolbench/core/diff"
	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/registry"
	"toolbench/core/servers"
	"toolbench/internal/golden"
)

// lintFixture lints a file under ../testdata with the given targets.
func lintFixture(t *testing.T, name string, targets ...string) []lint.Issue {
	t.Helper()
	doc, err := jsondoc.LoadFile(filepath.Join("..", "..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	doc.Name = name // the golden output must not depend on where the tests run
	return lint.Lint(doc, lint.Options{Targets: targets}).Issues
}

func TestWriteSARIFMatchesGolden(t *testing.T) {
	issues := lintFixture(t, "sarif/tools.json", "mcp")
	var buf bytes.Buffer
	if err := writeSARIF(&buf, &Report{Issues: issues}); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, filepath.Join("..", "..", "testdata", "sarif", "tools.sarif"), buf.Bytes())
}

// TestSARIFRegionsAreTheOffendingTokens lints the seed's invalid example,
// a file of several lines, and reads back the text of each result's
// region: unknown-type's is exactly "str", required-not-in-properties's
// the missing name's entry of "required".
func TestSARIFRegionsAreTheOffendingTokens(t *testing.T) {
	path := filepath.Join("..", "..", "testdata", "lint", "examples", "invalid.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	log := readSARIF(t, lintFixture(t, "lint/examples/invalid.json"))
	got := map[string]string{}
	for _, res := range log.Runs[0].Results {
		r := res.Locations[0].PhysicalLocation.Region
		if r == nil || r.EndLine != r.StartLine {
			t.Errorf("%s: region %+v, want one on one line", res.RuleID, r)
			continue
		}
		// The file is ASCII: UTF-16 columns are byte columns.
		got[res.RuleID] = lines[r.StartLine-1][r.StartColumn-1 : r.EndColumn-1]
	}
	want := map[string]string{
		"invalid-name":               `"get weather!"`,
		"unknown-type":               `"str"`,
		"array-without-items":        `{"type": "array"}`,
		"required-not-in-properties": `"state"`,
		"short-description":          `"Get weather"`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the text of the regions (-want +got):\n%s", diff)
	}
}

// TestSARIFEndColumnsCountUTF16 checks the end of a region after and
// inside text of characters beyond ASCII.
func TestSARIFEndColumnsCountUTF16(t *testing.T) {
	doc, err := jsondoc.Parse("t.json", []byte(`[{"description": "é😀 Looks things up in the index.", "name": "é 😀", "parameters": {"type": "object", "properties": {"q": {}}}}]`))
	if err != nil {
		t.Fatal(err)
	}
	log := readSARIF(t, lint.Lint(doc, lint.Options{}).Issues)
	r := log.Runs[0].Results[0].Locations[0].PhysicalLocation.Region
	// The name starts after 65 bytes, 62 units; it is 9 bytes, 6 units.
	if r.StartLine != 1 || r.StartColumn != 63 || r.EndLine != 1 || r.EndColumn != 69 {
		t.Errorf("region %+v, want 1:63 to 1:69", *r)
	}
}

// sarifDoc is the part of a SARIF log the tests read back.
type sarifDoc struct {
	Version string `json:"version"`
	Runs    []struct {
		Tool struct {
			Driver struct {
				Name  string `json:"name"`
				Rules []struct {
					ID               string `json:"id"`
					ShortDescription struct {
						Text string `json:"text"`
					} `json:"shortDescription"`
					Help struct {
						Text string `json:"text"`
					} `json:"help"`
					DefaultConfiguration struct {
						Level string `json:"level"`
					} `json:"defaultConfiguration"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		Results []struct {
			RuleID    string `json:"ruleId"`
			RuleIndex *int   `json:"ruleIndex"`
			Level     string `json:"level"`
			Message   struct {
				Text string `json:"text"`
			} `json:"message"`
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct {
						URI string `json:"uri"`
					} `json:"artifactLocation"`
					Region *struct {
						StartLine   int `json:"startLine"`
						StartColumn int `json:"startColumn"`
						EndLine     int `json:"endLine"`
						EndColumn   int `json:"endColumn"`
					} `json:"region"`
				} `json:"physicalLocation"`
			} `json:"locations"`
		} `json:"results"`
	} `json:"runs"`
}

func readSARIF(t *testing.T, issues []lint.Issue) sarifDoc {
	t.Helper()
	var buf bytes.Buffer
	if err := writeSARIF(&buf, &Report{Issues: issues}); err != nil {
		t.Fatal(err)
	}
	var doc sarifDoc
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatalf("SARIF output is not JSON: %v", err)
	}
	return doc
}

func TestWriteSARIFListsEveryRuleAndPointsResultsAtThem(t *testing.T) {
	issues := lintFixture(t, "sarif/tools.json", "openai-strict", "mcp")
	doc := readSARIF(t, issues)
	if doc.Version != "2.1.0" || len(doc.Runs) != 1 || doc.Runs[0].Tool.Driver.Name != "toolbench" {
		t.Fatalf("log = version %q, %d runs, want 2.1.0 with one run of toolbench", doc.Version, len(doc.Runs))
	}
	run := doc.Runs[0]
	rules := slices.Concat(lint.Rules(), servers.Rules(), registry.Rules()) // the checks of several servers and of a server.json are results too
	if len(run.Tool.Driver.Rules) != len(rules) {
		t.Fatalf("driver lists %d rules, want %d", len(run.Tool.Driver.Rules), len(rules))
	}
	for i, r := range run.Tool.Driver.Rules {
		want := rules[i]
		if r.ID != want.Code || r.ShortDescription.Text != want.Summary || r.Help.Text != want.Doc || r.DefaultConfiguration.Level != want.Severity.String() {
			t.Errorf("rule %d = %s %q level %s, want %s %q level %s", i, r.ID, r.ShortDescription.Text, r.DefaultConfiguration.Level, want.Code, want.Summary, want.Severity)
		}
	}
	if len(run.Results) != len(issues) || len(issues) == 0 {
		t.Fatalf("%d results for %d issues", len(run.Results), len(issues))
	}
	for i, res := range run.Results {
		is := issues[i]
		if res.RuleIndex == nil || run.Tool.Driver.Rules[*res.RuleIndex].ID != res.RuleID || res.RuleID != is.Code {
			t.Errorf("result %d: ruleId %s does not match its ruleIndex", i, res.RuleID)
		}
		loc := res.Locations[0].PhysicalLocation
		if res.Level != is.Severity.String() || res.Message.Text != is.Message || loc.ArtifactLocation.URI != "sarif/tools.json" ||
			loc.Region == nil || loc.Region.StartLine != is.Line || loc.Region.StartColumn != is.Column {
			t.Errorf("result %d = %+v, want the issue %+v", i, res, is)
		}
	}
}

func TestWriteSARIFWithoutIssuesHasAnEmptyResultList(t *testing.T) {
	var buf bytes.Buffer
	if err := writeSARIF(&buf, &Report{Issues: nil}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(buf.Bytes(), []byte(`"results": []`)) {
		t.Errorf("output has no empty results list:\n%s", buf.String())
	}
}

func TestSARIFURIs(t *testing.T) {
	tests := []struct{ name, file, want string }{
		{"relative", "tools.json", "tools.json"},
		{"directory", "dir/tools.json", "dir/tools.json"},
		{"space", "my tools.json", "my%20tools.json"},
		{"stdin", "<stdin>", "%3Cstdin%3E"},
		{"absolute", "/srv/tools.json", "file:///srv/tools.json"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := sarifURI(tc.file); got != tc.want {
				t.Errorf("sarifURI(%q) = %q, want %q", tc.file, got, tc.want)
			}
		})
	}
}

func TestSARIFCountsColumnsInUTF16CodeUnitsAndSaysSo(t *testing.T) {
	// Before each name: a description with characters of two, three and
	// four bytes, which are one, one and two UTF-16 code units.
	src := `[{"description": "Café ☕ 😀 lookup of records.", "name": "a b", "parameters": {"type": "object", "properties": {"q": {"type": "str"}}}}]`
	doc, err := jsondoc.Parse("t.json", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	issues := lint.Lint(doc, lint.Options{}).Issues
	if len(issues) != 2 {
		t.Fatalf("%d issues, want the name and the type", len(issues))
	}
	var buf bytes.Buffer
	if err := writeSARIF(&buf, &Report{Issues: issues, Failed: []Failure{FailureOf("b.json", badJSONError(t))}}); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			ColumnKind string `json:"columnKind"`
			Results    []struct {
				Locations []struct {
					PhysicalLocation struct {
						Region struct{ StartColumn int } `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
			Invocations []struct {
				ToolExecutionNotifications []struct {
					Locations []struct {
						PhysicalLocation struct {
							Region struct{ StartColumn int } `json:"region"`
						} `json:"physicalLocation"`
					} `json:"locations"`
				} `json:"toolExecutionNotifications"`
			} `json:"invocations"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if run.ColumnKind != "utf16CodeUnits" {
		t.Errorf("columnKind %q, want utf16CodeUnits", run.ColumnKind)
	}
	// Before both, "é" is one unit less than its bytes, "☕" two and "😀"
	// two.
	for i, want := range []int{issues[0].Column - 5, issues[1].Column - 5} {
		if got := run.Results[i].Locations[0].PhysicalLocation.Region.StartColumn; got != want {
			t.Errorf("result %d at column %d (byte column %d), want %d", i, got, issues[i].Column, want)
		}
	}
	// The syntax error is at the x, byte column 7.
	if got := run.Invocations[0].ToolExecutionNotifications[0].Locations[0].PhysicalLocation.Region.StartColumn; got != 6 {
		t.Errorf("the syntax error is at column %d, want 6, \"é\" counted as one", got)
	}
}

// badJSONError is the syntax error of a text with "é" before the error.
func badJSONError(t *testing.T) error {
	t.Helper()
	_, err := jsondoc.Parse("b.json", []byte(`["é" x]`))
	if err == nil {
		t.Fatal("the text parsed")
	}
	return err
}

func TestSARIFNamesTheToolsVersionWhenKnown(t *testing.T) {
	for _, tc := range []struct{ version, uri, want, absent string }{
		{"v1.2.3", "https://example.org/toolbench", `"version": "1.2.3"`, `"v1.2.3"`},
		{"devel 83e6ebc0e1d2", "", `"version": "devel 83e6ebc0e1d2"`, `"informationUri"`},
		{"v1.2.3", "https://example.org/toolbench", `"informationUri": "https://example.org/toolbench"`, ""},
		{"", "", `"name": "toolbench"`, `"informationUri"`},
	} {
		var buf bytes.Buffer
		if err := writeSARIF(&buf, &Report{Version: tc.version, InformationURI: tc.uri}); err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(buf.Bytes(), []byte(tc.want)) || tc.absent != "" && bytes.Contains(buf.Bytes(), []byte(tc.absent)) {
			t.Errorf("version %q, URI %q: the log should hold %s and not %q:\n%.400s", tc.version, tc.uri, tc.want, tc.absent, buf.String())
		}
	}
}

// TestSARIFRulesLinkTheirPagesWhenTheBuildKnowsWhere holds every SARIF
// writer to one rule: with an InformationURI, each rule's helpUri is its
// page under docs/rules/ in that repository, at the revision the address
// names or on main; without one, no rule has a helpUri, as the driver
// has no informationUri.
func TestSARIFRulesLinkTheirPagesWhenTheBuildKnowsWhere(t *testing.T) {
	sarif, _ := LookupFormat("sarif")
	writers := []struct {
		name  string
		write func(uri string) ([]byte, error)
	}{
		{"lint", func(uri string) ([]byte, error) {
			var b bytes.Buffer
			err := sarif.Write(&b, &Report{InformationURI: uri})
			return b.Bytes(), err
		}},
		{"diff", func(uri string) ([]byte, error) {
			var b bytes.Buffer
			err := sarif.Changes(&b, &ChangeReport{Result: &diff.Result{}, InformationURI: uri})
			return b.Bytes(), err
		}},
		{"verify", func(uri string) ([]byte, error) {
			var b bytes.Buffer
			err := sarif.Verify(&b, &VerifyReport{InformationURI: uri})
			return b.Bytes(), err
		}},
		{"call", func(uri string) ([]byte, error) {
			var b bytes.Buffer
			err := sarif.Calls(&b, &CallReport{File: "calls.jsonl", InformationURI: uri}).Close(call.CallSummary{}, nil)
			return b.Bytes(), err
		}},
		{"call --run", func(uri string) ([]byte, error) {
			var b bytes.Buffer
			err := sarif.Runs(&b, &RunReport{File: "calls.jsonl", InformationURI: uri}).Close(RunSummary{}, nil)
			return b.Bytes(), err
		}},
	}
	for _, tc := range []struct {
		uri, prefix string // prefix of every helpUri, "" for none
	}{
		{"https://github.com/example/toolbench", "https://github.com/example/toolbench/blob/main/docs/rules/"},
		{"https://github.com/example/toolbench/tree/v1.2.0", "https://github.com/example/toolbench/blob/v1.2.0/docs/rules/"},
		{"", ""},
	} {
		for _, w := range writers {
			t.Run(w.name+" "+tc.uri, func(t *testing.T) {
				data, err := w.write(tc.uri)
				if err != nil {
					t.Fatal(err)
				}
				var log struct {
					Runs []struct {
						Tool struct {
							Driver struct {
								Rules []struct {
									ID      string  `json:"id"`
									HelpURI *string `json:"helpUri"`
								} `json:"rules"`
							} `json:"driver"`
						} `json:"tool"`
					} `json:"runs"`
				}
				if err := json.Unmarshal(data, &log); err != nil {
					t.Fatalf("%v\n%s", err, data)
				}
				rules := log.Runs[0].Tool.Driver.Rules
				if len(rules) == 0 {
					t.Fatal("the log lists no rules")
				}
				for _, r := range rules {
					switch {
					case tc.prefix == "" && r.HelpURI != nil:
						t.Errorf("rule %s has helpUri %q with no InformationURI", r.ID, *r.HelpURI)
					case tc.prefix != "" && r.HelpURI == nil:
						t.Errorf("rule %s has no helpUri", r.ID)
					case tc.prefix != "" && *r.HelpURI != tc.prefix+strings.ReplaceAll(r.ID, "/", "-")+".md":
						t.Errorf("rule %s: helpUri %q, want %s<code, / as ->.md", r.ID, *r.HelpURI, tc.prefix)
					}
				}
			})
		}
	}
}
