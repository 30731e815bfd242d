package report

import (
	"encoding/json"
	"io"
	"net/url"
	"path/filepath"
	"strings"

	"toolbench/core/catalog"
	"toolbench/core/lint"
	"toolbench/core/servers"
)

// SARIF 2.1.0 (docs.oasis-open.org/sarif/sarif/v2.1.0), the format code
// scanning services read: one run of toolbench, whose driver lists every
// rule of the rule table with its documents, and one result per issue.

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool        sarifTool         `json:"tool"`
	Invocations []sarifInvocation `json:"invocations"`
	// Results are []sarifResult, or their JSON rendered one by one as
	// []json.RawMessage, as the writers of calls render them on every
	// processor.
	Results any `json:"results"`
	// ColumnKind says how columns count: UTF-16 code units, as GitHub
	// code scanning and VS Code do. (SARIF's default is code points.)
	ColumnKind string `json:"columnKind"`
}

// sarifInvocation says whether the run checked everything it was given;
// a file that could not be read or parsed is a notification of it, so a
// code scanning service does not take a broken file for a clean one.
type sarifInvocation struct {
	ExecutionSuccessful        bool                `json:"executionSuccessful"`
	ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level     string          `json:"level"`
	Message   sarifText       `json:"message"`
	Locations []sarifLocation `json:"locations,omitempty"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri,omitempty"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string          `json:"id"`
	ShortDescription     sarifText       `json:"shortDescription"`
	FullDescription      sarifText       `json:"fullDescription"`
	Help                 sarifText       `json:"help"`
	HelpURI              string          `json:"helpUri,omitempty"` // the rule's page, when the build knows where
	DefaultConfiguration sarifRuleConfig `json:"defaultConfiguration"`
	Properties           *sarifRuleProps `json:"properties,omitempty"`
}

// sarifRuleProps are a rule's properties: the target whose rules it is
// one of, and its tags, which code scanning services show and filter
// by: a security rule's are "security" and its attack class.
type sarifRuleProps struct {
	Target string   `json:"target,omitempty"`
	Tags   []string `json:"tags,omitempty"`
}

type sarifRuleConfig struct {
	Level string `json:"level"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID     string            `json:"ruleId"`
	RuleIndex  *int              `json:"ruleIndex,omitempty"`
	Level      string            `json:"level"`
	Message    sarifText         `json:"message"`
	Locations  []sarifLocation   `json:"locations"`
	Fixes      []sarifFix        `json:"fixes,omitempty"`
	Properties map[string]string `json:"properties,omitempty"`
}

// sarifFix is a fix (SARIF 2.1.0 section 3.55): its description and the
// replacements in the file, each a region of bytes and the text that
// takes its place.
type sarifFix struct {
	Description     sarifText             `json:"description"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	ArtifactLocation sarifArtifact      `json:"artifactLocation"`
	Replacements     []sarifReplacement `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifByteRegion `json:"deletedRegion"`
	InsertedContent *sarifText      `json:"insertedContent,omitempty"`
}

// sarifByteRegion is a region by its bytes, exact whatever the kind of
// columns a viewer counts.
type sarifByteRegion struct {
	ByteOffset int `json:"byteOffset"`
	ByteLength int `json:"byteLength"`
}

// sarifLocation is where a result is: a place in a file, and the JSON
// path (and, for a server's tools, the server) it is about. A result
// about a server named by its command or URL has no place in a file.
type sarifLocation struct {
	PhysicalLocation *sarifPhysical `json:"physicalLocation,omitempty"`
	LogicalLocations []sarifLogical `json:"logicalLocations,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

// sarifRegion is where a result is, in lines and UTF-16 columns; the end
// column is the one just past the region, and is left out, with the end
// line, for a place with no end.
type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"` // 0 for the whole line
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

type sarifLogical struct {
	Name               string `json:"name,omitempty"`
	FullyQualifiedName string `json:"fullyQualifiedName"`
	Kind               string `json:"kind,omitempty"`
}

// writeSARIF writes issues as a SARIF 2.1.0 log. The rules are the whole
// rule table, so a result's ruleIndex is the same from file to file; a
// result carries its JSON path as a logical location and its hint, path
// and tool as properties. Columns count UTF-16 code units, as the run
// declares (columnKind), where toolbench's other formats count bytes.
// Each of failed, the files that could not be read or parsed, is an
// error notification of an unsuccessful invocation.
func writeSARIF(w io.Writer, r *Report) error {
	issues, failed := r.Issues, r.Failed
	driver, index := sarifDriverOf(r.Version, r.InformationURI, catalog.KindRule, catalog.KindServers, catalog.KindManifest)
	results := make([]sarifResult, len(issues))
	for i, is := range issues {
		var logical []sarifLogical
		if s, ok := r.server(is.File); ok {
			logical = append(logical, sarifServer(is.File))
			is = onServer(is, s)
		}
		loc := sarifLocation{}
		if is.File != "" {
			loc.PhysicalLocation = &sarifPhysical{ArtifactLocation: sarifArtifact{URI: sarifURI(is.File)}}
			if is.Line > 0 {
				loc.PhysicalLocation.Region = sarifRegionOf(&is)
			}
		}
		if is.Path != "" {
			logical = append(logical, sarifLogical{FullyQualifiedName: is.Path})
		}
		loc.LogicalLocations = logical
		res := sarifResult{
			RuleID:    is.Code,
			Level:     is.Severity.String(),
			Message:   sarifText{is.Message},
			Locations: []sarifLocation{loc},
		}
		if j, ok := index[is.Code]; ok {
			res.RuleIndex = &j
		}
		res.Fixes = sarifFixesOf(is)
		res.Properties = map[string]string{}
		for k, v := range map[string]string{"path": is.Path, "hint": is.Hint, "tool": is.Tool} {
			if v != "" {
				res.Properties[k] = v
			}
		}
		results[i] = res
	}
	return encodeSARIF(w, driver, results, r.sarifInvocationOf(failed))
}

// sarifDriverOf is toolbench as the driver of a SARIF run whose rules
// are the codes of the kinds given, in the catalog's order, and the
// index of each rule by its code.
func sarifDriverOf(version, informationURI string, kinds ...catalog.Kind) (sarifDriver, map[string]int) {
	codes := codeCatalog.Codes(kinds...)
	driver := sarifDriver{Name: "toolbench", Version: sarifVersion(version), InformationURI: informationURI, Rules: make([]sarifRule, len(codes))}
	index := make(map[string]int, len(codes))
	for i := range codes {
		index[codes[i].Code] = i
		driver.Rules[i] = sarifRuleOf(&codes[i], informationURI)
	}
	return driver, index
}

// sarifRuleOf is the driver's entry of a code of the catalog: its
// summary, its doc as the full description and the help, the page of
// the code when the build knows its address, its severity as the level,
// and a rule's target as a property.
func sarifRuleOf(c *catalog.Code, informationURI string) sarifRule {
	r := sarifRule{ID: c.Code, ShortDescription: sarifText{c.Summary}, FullDescription: sarifText{c.Doc}, Help: sarifText{c.Doc},
		HelpURI: catalog.DocURL(informationURI, c.Page()), DefaultConfiguration: sarifRuleConfig{Level: c.Severity.String()}}
	var p sarifRuleProps
	if len(c.Targets) > 0 {
		p.Target = c.Targets[0]
	}
	if class := securityClass(c.Code); class != "" {
		p.Tags = []string{"security", class}
	}
	if p.Target != "" || p.Tags != nil {
		r.Properties = &p
	}
	return r
}

// securityClass is the attack class of a security rule's code, of lint
// or of the checks of several servers, "" for any other code.
func securityClass(code string) string {
	if class := lint.SecurityClass(code); class != "" {
		return class
	}
	return servers.SecurityClass(code)
}

// sarifServer is the logical location of a live server, named as the
// servers file or the command line names it.
func sarifServer(name string) sarifLogical {
	return sarifLogical{Name: name, FullyQualifiedName: name, Kind: "module"}
}

// encodeSARIF writes the SARIF log of one run of toolbench.
func encodeSARIF(w io.Writer, driver sarifDriver, results any, inv sarifInvocation) error {
	log := sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs: []sarifRun{{Tool: sarifTool{Driver: driver}, Invocations: []sarifInvocation{inv}, Results: results,
			ColumnKind: "utf16CodeUnits"}},
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}

// sarifRegionOf is the region of an issue that has a place: from its
// start to its end, when it has one.
func sarifRegionOf(is *lint.Issue) *sarifRegion {
	r := &sarifRegion{StartLine: is.Line, StartColumn: utf16Column(is.UTF16Column, is.Column)}
	if is.EndLine > 0 {
		r.EndLine, r.EndColumn = is.EndLine, utf16Column(is.EndUTF16Column, is.EndColumn)
	}
	return r
}

// sarifFixesOf are the fixes of an issue, as SARIF fixes of its file.
func sarifFixesOf(is lint.Issue) []sarifFix {
	var fixes []sarifFix
	for _, f := range is.SuggestedFixes() {
		change := sarifArtifactChange{ArtifactLocation: sarifArtifact{URI: sarifURI(is.File)}}
		for _, e := range f.Edits {
			r := sarifReplacement{DeletedRegion: sarifByteRegion{ByteOffset: e.Start, ByteLength: e.End - e.Start}}
			if e.New != "" {
				r.InsertedContent = &sarifText{e.New}
			}
			change.Replacements = append(change.Replacements, r)
		}
		fixes = append(fixes, sarifFix{Description: sarifText{f.Message}, ArtifactChanges: []sarifArtifactChange{change}})
	}
	return fixes
}

// sarifInvocationOf is the invocation of a run in which failed could not
// be read; a server that could not be reached is placed as its issues
// would be.
func (r *Report) sarifInvocationOf(failed []Failure) sarifInvocation {
	inv := sarifInvocation{ExecutionSuccessful: len(failed) == 0}
	for _, f := range failed {
		loc := sarifLocation{}
		if s, ok := r.server(f.File); ok {
			loc.LogicalLocations = []sarifLogical{sarifServer(f.File)}
			f = f.onServer(s)
		}
		if f.File != "" {
			loc.PhysicalLocation = &sarifPhysical{ArtifactLocation: sarifArtifact{URI: sarifURI(f.File)}}
			if f.Line > 0 {
				loc.PhysicalLocation.Region = &sarifRegion{StartLine: f.Line, StartColumn: utf16Column(f.UTF16Column, f.Column)}
			}
		}
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications,
			sarifNotification{Level: "error", Message: sarifText{f.Msg}, Locations: []sarifLocation{loc}})
	}
	return inv
}

// sarifVersion writes a Go version (v1.2.0, v0.0.0-2025...) as SARIF
// viewers compare versions, from its first digit: 1.2.0.
func sarifVersion(v string) string {
	if len(v) > 1 && v[0] == 'v' && '0' <= v[1] && v[1] <= '9' {
		return v[1:]
	}
	return v
}

// utf16Column is the UTF-16 column of a position, or its byte column for
// one built without it, as a test's or a caller's by hand may be: the
// same on a line of ASCII.
func utf16Column(utf16, bytes int) int {
	if utf16 > 0 {
		return utf16
	}
	return bytes
}

// sarifURI turns a file name as the user gave it into a URI reference:
// slashes for separators, percent-escapes where a URI needs them, and a
// file URI for an absolute path.
func sarifURI(name string) string {
	p := filepath.ToSlash(name)
	if filepath.IsAbs(name) {
		if !strings.HasPrefix(p, "/") {
			p = "/" + p // C:/x on Windows
		}
		return (&url.URL{Scheme: "file", Path: p}).String()
	}
	return (&url.URL{Path: p}).String()
}
