package report

import (
	"bufio"
	"encoding/json"
	"io"
	"strings"

	"toolbench/core/catalog"
	"toolbench/core/diff"
	"toolbench/core/lock"
	"toolbench/core/termtext"
)

// VerifyReport is what a format renders of toolbench verify: for each
// source the lock pins, every change to its tools, or why it could not
// be read; and, when asked, the servers the lock does not pin.
type VerifyReport struct {
	Lock    string // the lock file, as named
	Sources []VerifiedSource
	Color   bool // as Report.Color
	// Version and InformationURI name the build, as Report's do.
	Version, InformationURI string
	// Servers are the live servers among the sources, by their names:
	// SARIF and GitHub place what is about their tools at their entries
	// in the servers file, as Report.Servers does for lint.
	Servers Servers
}

// VerifiedSource is one source's outcome. Exactly one of Drift, Failed
// and Unpinned says what it is.
type VerifiedSource struct {
	Name string
	Kind lock.Kind
	// Drift is every change to its tools since they were pinned: errors
	// for the pinned tools, warnings for new ones.
	Drift *lock.Drift
	// Failed is why the source could not be read; "" when it was.
	Failed string
	// Unpinned marks a server of the servers file the lock pins nothing
	// of.
	Unpinned bool
}

// The labels of verify's text report: a pinned tool changed, a new tool,
// a server the lock does not pin, a source that could not be read.
const (
	labelDrift    = "DRIFT"
	labelNew      = "NEW"
	labelUnpinned = "UNPINNED"
	labelFailed   = "FAILED"
)

// writeVerifyText writes one line per change, per source not pinned and
// per source not read, then a summary:
//
//	DRIFT    toolbench.lock.json:12:24 'echo' $.sources["tools"].tools[0].definition.description: description changed: ... [description-changed]
//	NEW      tools:40:5 'added' $.tools[9]: tool 'added' was added [added-tool]
//	FAILED   down: connect to down: ...
//	1 change to a pinned tool, 1 new tool in 3 sources; 1 source could not be read
func writeVerifyText(w io.Writer, r *VerifyReport) error {
	bw := bufio.NewWriter(w)
	pad := len(labelUnpinned) + 1
	label := func(l, sgr string) {
		if r.Color {
			bw.WriteString(sgr + l + sgrReset)
		} else {
			bw.WriteString(l)
		}
		bw.WriteString(strings.Repeat(" ", pad-len(l)))
	}
	for _, s := range r.Sources {
		switch {
		case s.Failed != "":
			label(labelFailed, sgrError)
			bw.WriteString(termtext.EscapeLine(s.Name) + ": " + termtext.EscapeLine(s.Failed) + "\n")
		case s.Unpinned:
			label(labelUnpinned, sgrWarning)
			bw.WriteString(termtext.EscapeLine(s.Name) + ": " + unpinnedMessage(s.Name) + "\n")
		case s.Drift != nil:
			for _, c := range s.Drift.Changes {
				if c.Severity == catalog.Error {
					label(labelDrift, sgrError)
				} else {
					label(labelNew, sgrWarning)
				}
				bw.WriteString(termtext.EscapeLine(location(c.File, c.Line, c.Column)) + " ")
				bw.WriteString(termtext.Quote(c.Tool) + " " + termtext.EscapeLine(c.Path) + ": " + termtext.EscapeLine(c.Message))
				bw.WriteString(" [" + c.Code + "]\n")
			}
		}
	}
	bw.WriteString(verifySummary(r) + "\n")
	return bw.Flush()
}

// unpinnedMessage says what to do about a server the lock does not pin.
func unpinnedMessage(name string) string {
	return "the lock pins no tool of this server; pin them with toolbench lock --server " + termtext.Quote(name)
}

// verifySummary counts what verify found: "every tool as pinned in 2
// sources", "1 change to a pinned tool, 1 new tool in 3 sources; 1
// source could not be read".
func verifySummary(r *VerifyReport) string {
	errs, warns, failed, unpinned, read := 0, 0, 0, 0, 0
	for _, s := range r.Sources {
		switch {
		case s.Failed != "":
			failed++
		case s.Unpinned:
			unpinned++
		case s.Drift != nil:
			read++
			errs += s.Drift.Errors
			warns += s.Drift.Warnings
		}
	}
	var counts []string
	if errs > 0 {
		counts = append(counts, termtext.Plural(errs, "change")+" to pinned tools")
		if errs == 1 {
			counts[0] = "1 change to a pinned tool"
		}
	}
	if warns > 0 {
		counts = append(counts, termtext.Plural(warns, "new tool"))
	}
	var parts []string
	switch {
	case len(counts) > 0:
		parts = append(parts, strings.Join(counts, ", ")+" in "+termtext.Plural(read, "source"))
	case read > 0:
		parts = append(parts, "every tool as pinned in "+termtext.Plural(read, "source"))
	}
	if unpinned > 0 {
		parts = append(parts, termtext.Plural(unpinned, "server")+" not pinned")
	}
	if failed > 0 {
		parts = append(parts, termtext.Plural(failed, "source")+" could not be read")
	}
	if len(parts) == 0 {
		return "the lock pins no source"
	}
	return strings.Join(parts, "; ")
}

// verifiedChange is a change as verify's JSON writes it: diff's change,
// with verify's severity, "error" or "warning".
type verifiedChange struct {
	diff.Change
	Severity string `json:"severity"`
}

// verifiedJSON is a source as verify's JSON writes it.
type verifiedJSON struct {
	Source string `json:"source"`
	Kind   string `json:"kind"`
	// Status is "as-pinned", "drifted", "unreachable" or "unpinned".
	Status   string           `json:"status"`
	Errors   int              `json:"errors"`
	Warnings int              `json:"warnings"`
	Changes  []verifiedChange `json:"changes"`
	Error    string           `json:"error,omitempty"`
}

// writeVerifyJSON writes one indented JSON object: the lock's name, ok
// (true when no pinned tool changed and every source was read), and each
// source with its kind, status, counts, changes (diff's change objects,
// severity "error" for a pinned tool, "warning" for a new one) and, for
// a source not read, the error.
func writeVerifyJSON(w io.Writer, r *VerifyReport) error {
	out := struct {
		Lock    string         `json:"lock"`
		OK      bool           `json:"ok"`
		Sources []verifiedJSON `json:"sources"`
	}{Lock: r.Lock, OK: true, Sources: []verifiedJSON{}}
	for _, s := range r.Sources {
		v := verifiedJSON{Source: s.Name, Kind: string(s.Kind), Changes: []verifiedChange{}}
		switch {
		case s.Failed != "":
			v.Status, v.Error, out.OK = "unreachable", s.Failed, false
		case s.Unpinned:
			v.Status = "unpinned"
		case s.Drift != nil:
			v.Status, v.Errors, v.Warnings = "as-pinned", s.Drift.Errors, s.Drift.Warnings
			if len(s.Drift.Changes) > 0 {
				v.Status = "drifted"
			}
			if s.Drift.Errors > 0 {
				out.OK = false
			}
			for _, c := range s.Drift.Changes {
				v.Changes = append(v.Changes, verifiedChange{c, verifySeverity(c)})
			}
		}
		out.Sources = append(out.Sources, v)
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// verifySeverity is a change's severity as verify words it.
func verifySeverity(c diff.Change) string {
	if c.Severity == catalog.Error {
		return "error"
	}
	return "warning"
}

// writeVerifyMarkdown writes a heading with the summary and a table of
// the changes, the sources not pinned and those not read.
func writeVerifyMarkdown(w io.Writer, r *VerifyReport) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("### toolbench verify: " + mdText(verifySummary(r)) + "\n\n")
	bw.WriteString(mdCode(r.Lock) + "\n")
	rows := 0
	row := func(cells ...string) {
		if rows == 0 {
			bw.WriteString("\n| | Change | Source | Tool | Where | What |\n| --- | --- | --- | --- | --- | --- |\n")
		}
		rows++
		bw.WriteString("| " + strings.Join(cells, " | ") + " |\n")
	}
	for _, s := range r.Sources {
		switch {
		case s.Failed != "":
			row("**failed**", "", mdCode(s.Name), "", "", mdText(s.Failed))
		case s.Unpinned:
			row("unpinned", "", mdCode(s.Name), "", "", mdText(unpinnedMessage(s.Name)))
		case s.Drift != nil:
			for _, c := range s.Drift.Changes {
				label := "new"
				if c.Severity == catalog.Error {
					label = "**drift**"
				}
				where := mdCode(location(c.File, c.Line, c.Column)) + " " + mdCode(c.Path)
				row(label, mdCode(c.Code), mdCode(s.Name), mdCode(c.Tool), where, mdText(c.Message))
			}
		}
	}
	return bw.Flush()
}

// writeVerifyGitHub writes each change as a workflow command, an error
// for a pinned tool and a warning for a new one; a source not read is an
// error and a server not pinned a warning, on no file.
func writeVerifyGitHub(w io.Writer, r *VerifyReport) error {
	bw := bufio.NewWriter(w)
	for _, s := range r.Sources {
		switch {
		case s.Failed != "":
			file, at := r.Servers.entry(s.Name)
			ghCommand(bw, "error", file, at, "unreachable", termtext.EscapeLine(s.Name+": "+s.Failed))
		case s.Unpinned:
			file, at := r.Servers.entry(s.Name)
			ghCommand(bw, "warning", file, at, "unpinned", termtext.EscapeLine(s.Name+": "+unpinnedMessage(s.Name)))
		case s.Drift != nil:
			for _, c := range s.Drift.Changes {
				file, at, server := r.Servers.placed(c.File, ghPlace{c.Line, c.Column, c.EndLine, c.EndColumn})
				msg := c.Tool + ": " + c.Path + ": " + c.Message
				if server != "" {
					msg = serverMessage(server, c.Tool, c.Path, c.Message)
				}
				ghCommand(bw, verifySeverity(c), file, at, c.Code, termtext.EscapeLine(msg))
			}
		}
	}
	return bw.Flush()
}

// writeVerifySARIF writes the changes as a SARIF 2.1.0 log whose driver
// lists diff's checks, each at verify's level (error, but warning for
// added-tool); each change is a result. A source not read is an error
// notification of an unsuccessful invocation, a server not pinned a
// warning notification.
func writeVerifySARIF(w io.Writer, r *VerifyReport) error {
	driver, index := sarifDriverOf(r.Version, r.InformationURI, catalog.KindChange)
	for i := range driver.Rules {
		level := "error"
		if driver.Rules[i].ID == "added-tool" {
			level = "warning"
		}
		driver.Rules[i].DefaultConfiguration.Level = level
	}
	inv := sarifInvocation{ExecutionSuccessful: true}
	results := []sarifResult{}
	for _, s := range r.Sources {
		switch {
		case s.Failed != "":
			inv.ExecutionSuccessful = false
			inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, sarifNotification{Level: "error", Message: sarifText{s.Failed},
				Locations: []sarifLocation{sarifLocationAt(r.Servers.placed(s.Name, ghPlace{}))}})
		case s.Unpinned:
			inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, sarifNotification{Level: "warning", Message: sarifText{unpinnedMessage(s.Name)},
				Locations: []sarifLocation{sarifLocationAt(r.Servers.placed(s.Name, ghPlace{}))}})
		case s.Drift != nil:
			for _, c := range s.Drift.Changes {
				file, at, server := r.Servers.placed(c.File, ghPlace{c.Line, c.Column, c.EndLine, c.EndColumn})
				msg := c.Message
				if server != "" {
					msg = serverMessage(server, c.Tool, c.Path, msg)
				}
				res := sarifResult{RuleID: c.Code, Level: verifySeverity(c), Message: sarifText{msg},
					Locations:  []sarifLocation{sarifLocationAt(file, at, server)},
					Properties: map[string]string{"source": s.Name}}
				if j, ok := index[c.Code]; ok {
					res.RuleIndex = &j
				}
				if c.Path != "" {
					res.Locations[0].LogicalLocations = append(res.Locations[0].LogicalLocations, sarifLogical{FullyQualifiedName: c.Path})
					res.Properties["path"] = c.Path
				}
				if c.Tool != "" {
					res.Properties["tool"] = c.Tool
				}
				results = append(results, res)
			}
		}
	}
	return encodeSARIF(w, driver, results, inv)
}
