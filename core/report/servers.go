package report

import (
	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/termtext"
)

// A Server is a live server whose tools a report is about. Its issues
// name it as their File, which is no file of the repository: SARIF and
// GitHub annotations point instead at the entry of the servers file that
// names the server, or, for a server named by its command or URL, at no
// file, and say in their message which server, tool and path they are
// about.
type Server struct {
	// File is the servers file (.mcp.json) that names the server; "" for
	// a server named by its command or URL.
	File string
	// Line and Column (UTF16Column in UTF-16 code units) are where the
	// key of the server's entry in File starts, EndLine and EndColumn
	// where it ends, just past it; 0 when unknown.
	Line, Column, UTF16Column          int
	EndLine, EndColumn, EndUTF16Column int
}

// ServerEntry is the server whose entry's key is at bytes start to end of
// doc, a servers file.
func ServerEntry(doc *jsondoc.Document, start, end int) Server {
	ps := []jsondoc.Pos{{Offset: start}, {Offset: end}}
	doc.PositionAll(ps)
	return Server{File: doc.Name,
		Line: ps[0].Line, Column: ps[0].Column, UTF16Column: ps[0].UTF16Column,
		EndLine: ps[1].Line, EndColumn: ps[1].Column, EndUTF16Column: ps[1].UTF16Column}
}

// Servers are the live servers a report is about, by the name their
// results give as their File.
type Servers map[string]Server

// place is where the servers file names s.
func (s Server) place() ghPlace { return ghPlace{s.Line, s.Column, s.EndLine, s.EndColumn} }

// placed is where SARIF and GitHub put a result about file, at: the
// place itself, or, when file names a live server, its entry in the
// servers file (no file for one named by its command or URL), with the
// server's name, which the place then no longer says.
func (ss Servers) placed(file string, at ghPlace) (string, ghPlace, string) {
	if s, ok := ss[file]; ok {
		return s.File, s.place(), file
	}
	return file, at, ""
}

// entry is where a servers file names the source called name, for a
// result about the whole source; no place for any other.
func (ss Servers) entry(name string) (string, ghPlace) {
	if s, ok := ss[name]; ok {
		return s.File, s.place()
	}
	return "", ghPlace{}
}

// server returns the live server a result names as its file, if it is
// one.
func (r *Report) server(file string) (Server, bool) {
	s, ok := r.Servers[file]
	return s, ok
}

// onServer is an issue about a server's tools moved to where its server
// is named: is with the servers file's entry as its place (no file, for a
// server named by its command or URL), no fixes (there is no file of the
// tools to edit), and a message that names the server, the tool and the
// path it is about, which its place no longer says.
func onServer(is lint.Issue, s Server) lint.Issue {
	is.Message = serverMessage(is.File, is.Tool, is.Path, is.Message)
	is.File, is.Fixes = s.File, nil
	is.Line, is.Column, is.UTF16Column = s.Line, s.Column, s.UTF16Column
	is.EndLine, is.EndColumn, is.EndUTF16Column = s.EndLine, s.EndColumn, s.EndUTF16Column
	is.Offset, is.EndOffset = -1, -1
	return is
}

// onServer is a server that could not be reached moved to where it is
// named, as onServer moves its issues; its message names it already.
func (f Failure) onServer(s Server) Failure {
	f.File, f.Line, f.Column, f.UTF16Column = s.File, s.Line, s.Column, s.UTF16Column
	return f
}

// sarifLocationAt is a SARIF location of file, at (no region when its
// line is 0), and the logical location of the server it is about.
func sarifLocationAt(file string, at ghPlace, server string) sarifLocation {
	var loc sarifLocation
	if file != "" {
		loc.PhysicalLocation = &sarifPhysical{ArtifactLocation: sarifArtifact{URI: sarifURI(file)}}
		if at.line > 0 {
			// Diff counts columns in bytes, which are UTF-16 columns too
			// on a line of ASCII, as most are.
			loc.PhysicalLocation.Region = &sarifRegion{StartLine: at.line, StartColumn: at.col, EndLine: at.endLine, EndColumn: at.endCol}
		}
	}
	if server != "" {
		loc.LogicalLocations = []sarifLogical{sarifServer(server)}
	}
	return loc
}

// serverMessage is msg about server's tool at path, naming all three: an
// issue or a change placed at the server's entry in the servers file,
// which says none of them.
func serverMessage(server, tool, path, msg string) string {
	where := "server " + termtext.Quote(server)
	if tool != "" {
		where += ", tool " + termtext.Quote(tool)
	}
	if path != "" {
		where += ", " + path
	}
	return where + ": " + msg
}
