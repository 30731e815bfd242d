package report

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// TestSARIFTagsTheSecurityRulesWithTheirClass holds every security rule
// of the driver, lint's and the checks of servers together, to the tags
// "security" and its attack class, and the other rules to none.
func TestSARIFTagsTheSecurityRulesWithTheirClass(t *testing.T) {
	var buf bytes.Buffer
	if err := writeSARIF(&buf, &Report{}); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID         string
						Properties struct{ Tags []string }
					}
				}
			}
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"security/concealment":            "concealment",
		"security/tool-shadowing":         "tool-shadowing",
		"security/cross-server-reference": "tool-shadowing",
		"security/confusable-tool-name":   "tool-shadowing",
	}
	n := 0
	for _, r := range log.Runs[0].Tool.Driver.Rules {
		tags := r.Properties.Tags
		if !strings.HasPrefix(r.ID, "security/") {
			if tags != nil {
				t.Errorf("%s has tags %v", r.ID, tags)
			}
			continue
		}
		n++
		if len(tags) != 2 || tags[0] != "security" || want[r.ID] != "" && tags[1] != want[r.ID] {
			t.Errorf("%s has tags %v, want security and its class", r.ID, tags)
		}
		if !slices.Contains(tags, strings.TrimPrefix(r.ID, "security/")) && want[r.ID] == "" {
			t.Errorf("%s's class tag %v is not its code's", r.ID, tags)
		}
	}
	if n < len(want) {
		t.Errorf("%d security rules in the driver, want at least %d", n, len(want))
	}
}
