package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
)

// TestSARIFFixesApplyToTheFile reads the fixes back from a SARIF log and
// makes each one on the file by its byte regions: the text must parse.
func TestSARIFFixesApplyToTheFile(t *testing.T) {
	path := filepath.Join("..", "..", "testdata", "fix", "tabs.json")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsondoc.Parse("fix/tabs.json", src)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := writeSARIF(&buf, &Report{Issues: lint.Lint(doc, lint.Options{Targets: []string{"openai-strict"}}).Issues}); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID string `json:"ruleId"`
				Fixes  []struct {
					Description struct {
						Text string `json:"text"`
					} `json:"description"`
					ArtifactChanges []struct {
						ArtifactLocation struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
						Replacements []struct {
							DeletedRegion struct {
								ByteOffset int `json:"byteOffset"`
								ByteLength int `json:"byteLength"`
							} `json:"deletedRegion"`
							InsertedContent *struct {
								Text string `json:"text"`
							} `json:"insertedContent"`
						} `json:"replacements"`
					} `json:"artifactChanges"`
				} `json:"fixes"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	fixes := 0
	for _, res := range log.Runs[0].Results {
		for _, f := range res.Fixes {
			fixes++
			if f.Description.Text == "" || len(f.ArtifactChanges) != 1 || f.ArtifactChanges[0].ArtifactLocation.URI != "fix/tabs.json" {
				t.Errorf("%s: fix %+v", res.RuleID, f)
				continue
			}
			reps := f.ArtifactChanges[0].Replacements
			sort.Slice(reps, func(i, j int) bool { return reps[i].DeletedRegion.ByteOffset > reps[j].DeletedRegion.ByteOffset })
			text := string(src)
			for _, r := range reps {
				ins := ""
				if r.InsertedContent != nil {
					ins = r.InsertedContent.Text
				}
				at := r.DeletedRegion.ByteOffset
				text = text[:at] + ins + text[at+r.DeletedRegion.ByteLength:]
			}
			if _, err := jsondoc.Parse("fixed.json", []byte(text)); err != nil {
				t.Errorf("%s: %q leaves text that does not parse: %v", res.RuleID, f.Description.Text, err)
			}
		}
	}
	if fixes < 8 {
		t.Errorf("%d fixes in the log, want at least 8", fixes)
	}
}
