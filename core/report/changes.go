package report

import (
	"bufio"
	"encoding/json"
	"io"
	"strings"

	"toolbench/core/catalog"
	"toolbench/core/diff"
	"toolbench/core/termtext"
)

// ChangeReport is what a format renders of a diff: the changes, and the
// names of the two documents compared.
type ChangeReport struct {
	Result   *diff.Result
	Old, New string
	// AtRevision maps a document read from git, REV:PATH, to PATH, the
	// file in the work tree that workflow annotations can be put on.
	AtRevision map[string]string
	// Servers are the live servers either side was read from, by the
	// name their document has: SARIF and GitHub place a change of their
	// tools at their entries in the servers file, as Report.Servers does.
	Servers Servers
	Color   bool // as Report.Color
	// Version and InformationURI are as Report's.
	Version, InformationURI string
}

const sgrNote = "\x1b[1;36m"

// writeChangesText writes one line per change, then a summary:
//
//	BREAKING new.json:9:40 'get_weather' $[0].function.parameters.required[1]: parameter 'units' is now required: calls without it fail [parameter-became-required]
//	1 breaking change
func writeChangesText(w io.Writer, r *ChangeReport) error {
	bw := bufio.NewWriter(w)
	for _, c := range r.Result.Changes {
		label, sgr := "BREAKING", sgrError
		if c.Severity != catalog.Error {
			label, sgr = "NOTE", sgrNote
		}
		if r.Color {
			bw.WriteString(sgr + label + sgrReset)
		} else {
			bw.WriteString(label)
		}
		bw.WriteString(strings.Repeat(" ", len("BREAKING")+1-len(label)))
		bw.WriteString(termtext.EscapeLine(location(c.File, c.Line, c.Column)) + " ")
		bw.WriteString(termtext.Quote(c.Tool) + " " + termtext.EscapeLine(c.Path) + ": " + termtext.EscapeLine(c.Message))
		bw.WriteString(" [" + c.Code + "]\n")
	}
	bw.WriteString(changesSummary(r.Result) + "\n")
	return bw.Flush()
}

// changesSummary counts the changes: "2 breaking changes, 1 note",
// "1 note; nothing breaks", "no changes".
func changesSummary(res *diff.Result) string {
	switch {
	case res.Breaking == 0 && res.Notes == 0:
		return "no changes"
	case res.Breaking == 0:
		return termtext.Plural(res.Notes, "note") + "; nothing breaks"
	case res.Notes == 0:
		return termtext.Plural(res.Breaking, "breaking change")
	}
	return termtext.Plural(res.Breaking, "breaking change") + ", " + termtext.Plural(res.Notes, "note")
}

// writeChangesJSON writes the changes as one indented JSON array of
// objects with the fields severity ("error" or "note"), code, tool,
// old_tool (for possibly-renamed-tool), path, message, file, line,
// column, end_line and end_column; "[]" when there are none.
func writeChangesJSON(w io.Writer, r *ChangeReport) error {
	changes := r.Result.Changes
	if changes == nil {
		changes = []diff.Change{}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(changes)
}

// writeChangesMarkdown writes a heading with the summary and a table of
// the changes, for a pull request comment or $GITHUB_STEP_SUMMARY.
func writeChangesMarkdown(w io.Writer, r *ChangeReport) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("### toolbench diff: " + changesSummary(r.Result) + "\n\n")
	bw.WriteString(mdCode(r.Old) + " → " + mdCode(r.New) + "\n")
	if len(r.Result.Changes) > 0 {
		bw.WriteString("\n| | Change | Tool | Where | What |\n| --- | --- | --- | --- | --- |\n")
	}
	for _, c := range r.Result.Changes {
		sev := "note"
		if c.Severity == catalog.Error {
			sev = "**breaking**"
		}
		where := mdCode(location(c.File, c.Line, c.Column)) + " " + mdCode(c.Path)
		bw.WriteString("| " + sev + " | " + mdCode(c.Code) + " | " + mdCode(c.Tool) + " | " + where + " | " + mdText(c.Message) + " |\n")
	}
	return bw.Flush()
}

// writeChangesGitHub writes each change as a workflow command: an error
// for a breaking one, a notice for a note.
func writeChangesGitHub(w io.Writer, r *ChangeReport) error {
	bw := bufio.NewWriter(w)
	for _, c := range r.Result.Changes {
		cmd := "notice"
		if c.Severity == catalog.Error {
			cmd = "error"
		}
		if path, ok := r.AtRevision[c.File]; ok {
			// The line and column are the revision's, not the file's:
			// the annotation is the file's, and the message says where.
			ghCommand(bw, cmd, path, ghPlace{}, c.Code, termtext.EscapeLine(location(c.File, c.Line, c.Column)+": "+c.Tool+": "+c.Path+": "+c.Message))
			continue
		}
		if file, at, server := r.Servers.placed(c.File, ghPlace{}); server != "" {
			ghCommand(bw, cmd, file, at, c.Code, termtext.EscapeLine(serverMessage(server, c.Tool, c.Path, c.Message)))
			continue
		}
		ghCommand(bw, cmd, c.File, ghPlace{c.Line, c.Column, c.EndLine, c.EndColumn}, c.Code, termtext.EscapeLine(c.Tool+": "+c.Path+": "+c.Message))
	}
	return bw.Flush()
}

// writeChangesSARIF writes the changes as a SARIF 2.1.0 log: one run
// whose driver's rules are diff's checks, a breaking change an error
// and a note a note, each result at the lines of the value it is about
// (whole lines: a change carries byte columns, and the run counts UTF-16
// units) with its JSON path as a logical location and its tool as a
// property. A change in a document read from git, REV:PATH, is put on
// PATH with no region, its message saying where in the revision it is.
func writeChangesSARIF(w io.Writer, r *ChangeReport) error {
	driver, index := sarifDriverOf(r.Version, r.InformationURI, catalog.KindChange)
	results := make([]sarifResult, len(r.Result.Changes))
	for i, c := range r.Result.Changes {
		loc := sarifLocation{PhysicalLocation: &sarifPhysical{ArtifactLocation: sarifArtifact{URI: sarifURI(c.File)}}}
		msg := c.Message
		if path, ok := r.AtRevision[c.File]; ok {
			loc.PhysicalLocation.ArtifactLocation.URI = sarifURI(path)
			msg = location(c.File, c.Line, c.Column) + ": " + msg
		} else if file, at, server := r.Servers.placed(c.File, ghPlace{}); server != "" {
			loc = sarifLocationAt(file, at, server)
			msg = serverMessage(server, c.Tool, c.Path, msg)
		} else if c.Line > 0 {
			loc.PhysicalLocation.Region = &sarifRegion{StartLine: c.Line, EndLine: max(c.EndLine, c.Line)}
		}
		if c.Path != "" {
			loc.LogicalLocations = append(loc.LogicalLocations, sarifLogical{FullyQualifiedName: c.Path})
		}
		res := sarifResult{RuleID: c.Code, Level: c.Severity.String(), Message: sarifText{msg}, Locations: []sarifLocation{loc}, Properties: map[string]string{}}
		if j, ok := index[c.Code]; ok {
			res.RuleIndex = &j
		}
		for k, v := range map[string]string{"tool": c.Tool, "old_tool": c.OldTool, "path": c.Path} {
			if v != "" {
				res.Properties[k] = v
			}
		}
		results[i] = res
	}
	return encodeSARIF(w, driver, results, sarifInvocation{ExecutionSuccessful: true})
}
