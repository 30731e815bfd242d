package mcpserve

import (
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolbench/core/diff"
	"toolbench/core/report"
)

// diffInput is diff_tools' arguments.
type diffInput struct {
	Old     *string `json:"old"`
	OldPath *string `json:"old_path"`
	New     *string `json:"new"`
	NewPath *string `json:"new_path"`
}

var diffInputDocs = map[string]string{
	"old":      "The old version of the tools document as JSON text, named <old> in changes. null when old_path names a file.",
	"old_path": pathDoc("the old version", "old"),
	"new":      "The new version of the tools document as JSON text, named <new> in changes. null when new_path names a file.",
	"new_path": pathDoc("the new version", "new"),
}

// diffOutput is diff_tools' answer: the changes, as `toolbench diff
// --format json` writes them, and their counts.
type diffOutput struct {
	Changes       []diff.Change `json:"changes"`
	Breaking      int           `json:"breaking"`
	Notes         int           `json:"notes"`
	BreaksCallers bool          `json:"breaks_callers"`
	Omitted       int           `json:"omitted"`
}

var diffOutputDocs = map[string]string{
	"changes":            "The changes, breaking ones first, then notes, each in the order of the tools.",
	"changes.severity":   "error: the change breaks calls that were valid; note: it breaks none.",
	"changes.code":       "The change's code, for explain_code.",
	"changes.tool":       "The tool's name: in the new version, or in the old one for a tool that is gone.",
	"changes.old_tool":   "For possibly-renamed-tool, the tool's name in the old version.",
	"changes.path":       "Where, as a JSON path: in the new version, or in the old one for what is gone.",
	"changes.message":    "What changed.",
	"changes.file":       "The version the path is in: its path, or <old> or <new> for JSON text.",
	"changes.line":       "The line the change is on, from 1.",
	"changes.column":     "The column, in bytes from 1.",
	"changes.end_line":   "The line the changed text ends on.",
	"changes.end_column": "The column just past the changed text, in bytes from 1.",
	"breaking":           "How many changes break callers.",
	"notes":              "How many changes break none.",
	"breaks_callers":     "Whether any change breaks callers.",
	"omitted":            "How many changes are left out of the list, past the most one answer holds; 0 normally.",
}

// diff compares the two versions given.
func (s *server) diff(_ context.Context, _ *mcp.CallToolRequest, in diffInput) (*mcp.CallToolResult, diffOutput, error) {
	old, err := s.document("old", in.Old, "old_path", in.OldPath)
	if err != nil {
		return nil, diffOutput{}, err
	}
	new, err := s.document("new", in.New, "new_path", in.NewPath)
	if err != nil {
		return nil, diffOutput{}, err
	}
	res, err := diff.Compare(old, new)
	if err != nil {
		return nil, diffOutput{}, err
	}
	shown := *res
	shown.Changes = res.Changes[:min(len(res.Changes), s.maxResults)]
	out := diffOutput{Changes: orEmpty(shown.Changes), Breaking: res.Breaking, Notes: res.Notes, BreaksCallers: res.Breaking > 0, Omitted: len(res.Changes) - len(shown.Changes)}
	var b strings.Builder
	if err := textFormat.Changes(&b, &report.ChangeReport{Result: &shown, Old: old.Name, New: new.Name}); err != nil {
		return nil, diffOutput{}, err
	}
	if out.Omitted > 0 {
		fmt.Fprintf(&b, "(%d of %d changes listed)\n", len(shown.Changes), len(res.Changes))
	}
	return textResult(b.String()), out, nil
}
