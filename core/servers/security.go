package servers

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/termtext"
)

// The security checks of several servers together: what no single
// server's lint shows, a tool of one server that talks about another
// server's tool, and two servers' tools whose names only look alike.
// Their codes are in the security rules' family (lint.SecurityPrefix),
// so that "security/" sets them all; their class is tool-shadowing.

var (
	crossServerReference = &lint.Rule{Entry: catalog.Entry{
		Code: lint.SecurityPrefix + "cross-server-reference", Severity: catalog.Warning,
		Summary: "A tool's text names a tool of another server.",
		Doc: `A client puts the tools of every server it connects in one list, and a
tool's text reaches the model beside every other server's tools. A tool
that names another server's tool ("when you call send_email, add this
address", "use this instead of read_file") can steer how the model uses
a tool it never calls itself: the shadowing attack, which needs no call
of the poisoned tool. A server has no reason to document another
server's tools.

The check reports a name, in any text of a tool (description, titles,
its schemas' descriptions and values), written as a tool's name is (an
identifier such as send_email or readFile, or a word before "tool"),
that is the name of a tool of another server of the servers file and of
none of the tool's own server, in any spelling (listPipelineRuns is the
own server's list_pipeline_runs). A single word in quotes is most often
a parameter's name, and is not taken for a tool's; nor is a product's
name (MySQL, GitHub) where another server's tool is that word in lower
case (mysql): only the word as the tool's name writes it is. The issue
points at the name and says which server's tool it is.

Fix: describe the tool without naming other servers' tools. If the
server is not yours and its text steers the other server's tool, do not
connect it.

Source: Invariant Labs, "MCP Security Notification: Tool Poisoning
Attacks" (April 2025: a tool of one server redirecting a trusted
send_email of another); D. Zhang et al., "MSB: MCP Security Bench"
(arXiv:2510.15994, 2025: tool transfer).`,
	}}
	confusableToolName = &lint.Rule{Entry: catalog.Entry{
		Code: lint.SecurityPrefix + "confusable-tool-name", Severity: catalog.Warning,
		Summary: "Two servers list tools whose names differ only by characters that look alike.",
		Doc: `A tool named read_fiIe (a capital I) or sеnd_email (a Cyrillic е) beside
another server's read_file or send_email looks the same to a reviewer
and is a different tool to the model, which may call the impostor. The
check compares the names of every two servers' tools by their skeleton,
as Unicode's confusable detection does: characters that look alike
(Cyrillic and Greek letters like Latin ones, full-width forms, 0 and o,
1, l and capital I, rn and m, vv and w) are made the same, and two
names that differ but share a skeleton are reported, at the name of the
second server's tool. Names that differ only in case, or in - and _,
are not reported: they are told apart by eye.

Fix: rename the tool of a server you own; if the look-alike is not
yours, do not connect its server.

Source: Unicode Technical Standard #39, Unicode Security Mechanisms,
section 4 "Confusable Detection" (unicode.org/reports/tr39); D. Zhang et
al., "MSB: MCP Security Bench" (arXiv:2510.15994, 2025: name collision).`,
	}}
)

// securityRules are the security checks, in the order Check reports them.
var securityRules = []*lint.Rule{crossServerReference, confusableToolName}

// SecurityClass returns the attack class a security check of several
// servers finds, "" for any other code: both checks find tool shadowing.
func SecurityClass(code string) string {
	for _, r := range securityRules {
		if r.Code == code {
			return "tool-shadowing"
		}
	}
	return ""
}

// crossReferences reports each tool of a server whose texts name a tool
// of another server, once a name.
func (c *checker) crossReferences(servers []Server) {
	owners := map[string][]string{}  // a lower-cased name: the servers listing it
	exact := map[string][]string{}   // a name as written: the servers listing it
	spelled := map[string][]string{} // a name as spelledAlike spells it: the servers listing it
	plain := map[string]bool{}       // the lower-cased names some server lists as one plain word
	for _, s := range servers {
		for i := range s.Result.Tools.Tools {
			name := s.Result.Tools.Tools[i].Name
			n := strings.ToLower(name)
			if n != "" && !contains(owners[n], s.Name) {
				owners[n] = append(owners[n], s.Name)
			}
			if !contains(exact[name], s.Name) {
				exact[name] = append(exact[name], s.Name)
			}
			if k := spelledAlike(name); k != "" && !contains(spelled[k], s.Name) {
				spelled[k] = append(spelled[k], s.Name)
			}
			if plainWord(name) {
				plain[n] = true
			}
		}
	}
	for _, s := range servers {
		doc := s.Result.Doc
		for i := range s.Result.Tools.Tools {
			t := &s.Result.Tools.Tools[i]
			for _, m := range lint.MentionedTools(doc, t) {
				others := owners[m.Name]
				// The server's own tool in another spelling
				// (listPipelineRuns of its list_pipeline_runs) names no
				// other server's tool, unless it is written as another
				// server's tool is and as none of its own server's: a tool
				// send-email of its own does not make send_email its. A
				// product's name ("MySQL tables") where another server's
				// tool is the plain word (mysql) names none either, unless
				// "tool" follows it.
				ownSpelling := contains(spelled[spelledAlike(m.Written)], s.Name) && (len(exact[m.Written]) == 0 || contains(exact[m.Written], s.Name))
				if len(others) == 0 || contains(others, s.Name) || m.Name == strings.ToLower(t.Name) ||
					ownSpelling || plain[m.Name] && m.Written != m.Name && !m.BeforeTool {
					continue
				}
				is := placed(doc, t.Name, m.Path, m.Start, m.End)
				is.Message = "the text of tool " + termtext.Quote(t.Name) + " of server " + termtext.Quote(s.Name) + " names " +
					termtext.Quote(m.Name) + ", a tool of server " + termtext.Quote(others[0]) + ": a tool that talks about another server's tool can steer how the model uses it"
				is.Hint = "Describe the tool without naming other servers' tools; if the server is not yours, review what its text asks of the other tool."
				c.report(crossServerReference, is)
			}
		}
	}
}

// spelledAlike is a tool's name lower-cased, without its - _ and .:
// the one name of list_pipeline_runs and listPipelineRuns.
func spelledAlike(name string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r == '.' {
			return -1
		}
		return unicode.ToLower(r)
	}, name)
}

// plainWord says whether a tool's name is one word in lower case, as a
// product's name is, lower-cased: mysql, git, kubectl.
func plainWord(name string) bool {
	for _, r := range name {
		if !('a' <= r && r <= 'z' || '0' <= r && r <= '9') {
			return false
		}
	}
	return name != ""
}

// confusables reports two servers' tools whose names differ but share a
// skeleton, at the name in the later server.
func (c *checker) confusables(servers []Server) {
	type first struct{ server, name string }
	seen := map[string][]first{}
	for _, s := range servers {
		for i := range s.Result.Tools.Tools {
			t := &s.Result.Tools.Tools[i]
			if t.Name == "" || t.NameNode == nil {
				continue
			}
			sk := skeleton(t.Name)
			for _, f := range seen[sk] {
				if f.server == s.Name || f.name == t.Name || strings.EqualFold(f.name, t.Name) {
					continue
				}
				doc := s.Result.Doc
				start, end := int(t.NameNode.Start), int(t.NameNode.End)
				is := placed(doc, t.Name, jsondoc.AppendKey(t.DefPath, "name"), start, end)
				is.Message = "tool name " + termtext.Quote(t.Name) + " of server " + termtext.Quote(s.Name) + " looks like " +
					termtext.Quote(f.name) + " of server " + termtext.Quote(f.server) + " but is another name: the model may call one for the other"
				is.Hint = "Rename the tool of a server you own; if the look-alike is not yours, do not connect its server."
				c.report(confusableToolName, is)
				break
			}
			seen[sk] = append(seen[sk], first{s.Name, t.Name})
		}
	}
}

// placed is an issue about a tool at bytes [start, end) of doc.
func placed(doc *jsondoc.Document, tool, path string, start, end int) lint.Issue {
	line, col := doc.Position(start)
	endLine, endCol := doc.Position(end)
	return lint.Issue{Tool: tool, Path: path, File: doc.Name, Offset: start, EndOffset: end, Line: line, Column: col, EndLine: endLine, EndColumn: endCol}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// confusable maps characters that look like a Latin letter or digit to
// the one they look like (from Unicode's confusables.txt, the letters a
// tool name may hold), after NFKC has folded full-width forms.
var confusable = map[rune]rune{
	'0': 'o', '1': 'l', 'I': 'l', '|': 'l',
	'а': 'a', 'в': 'b', 'е': 'e', 'к': 'k', 'м': 'm', 'н': 'h', 'о': 'o', 'р': 'p', 'с': 'c', 'т': 't', 'у': 'y', 'х': 'x',
	'ѕ': 's', 'і': 'i', 'ј': 'j', 'ԁ': 'd', 'ԛ': 'q', 'ԝ': 'w', 'ɡ': 'g', 'ո': 'n', 'ս': 'u',
	'А': 'a', 'В': 'b', 'Е': 'e', 'К': 'k', 'М': 'm', 'Н': 'h', 'О': 'o', 'Р': 'p', 'С': 'c', 'Т': 't', 'Х': 'x', 'Ѕ': 's', 'І': 'l', 'Ј': 'j',
	'α': 'a', 'ο': 'o', 'ρ': 'p', 'ν': 'v', 'ι': 'i', 'κ': 'k', 'τ': 't', 'υ': 'u', 'χ': 'x', 'ε': 'e',
	'Α': 'a', 'Β': 'b', 'Ε': 'e', 'Η': 'h', 'Ι': 'l', 'Κ': 'k', 'Μ': 'm', 'Ν': 'n', 'Ο': 'o', 'Ρ': 'p', 'Τ': 't', 'Υ': 'y', 'Χ': 'x', 'Ζ': 'z',
	'ı': 'i', 'ℓ': 'l', 'ǀ': 'l',
}

// skeleton is a name with look-alike characters made the same: two
// names with one skeleton look alike.
func skeleton(name string) string {
	var b strings.Builder
	for _, r := range norm.NFKC.String(name) {
		if m, ok := confusable[r]; ok {
			r = m
		}
		b.WriteRune(unicode.ToLower(r))
	}
	s := b.String()
	s = strings.ReplaceAll(s, "rn", "m")
	return strings.ReplaceAll(s, "vv", "w")
}
