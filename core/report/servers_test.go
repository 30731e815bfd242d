package report

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
	"toolbench/core/lint"
)

// serverIssue is an issue about the tools of the live server
// "everything", placed in its tools document as lint places it, with a
// fix of that document.
var serverIssue = lint.Issue{Severity: catalog.Warning, Code: "short-description", Tool: "echo", Path: "$[0].description",
	Message: "description is very short", File: "everything", Line: 3, Column: 20, EndLine: 3, EndColumn: 27, Offset: 40, EndOffset: 47,
	Fixes: &[]lint.Fix{{Message: "lengthen it"}}}

const serversFile = "{\n  \"mcpServers\": {\n    \"everything\": {\"command\": \"npx\"}\n  }\n}\n"

// entryOfEverything is where serversFile names "everything".
func entryOfEverything(t *testing.T) Server {
	t.Helper()
	doc, err := jsondoc.Parse(".mcp.json", []byte(serversFile))
	if err != nil {
		t.Fatal(err)
	}
	m, _ := doc.Root.Get("mcpServers").Member("everything")
	start, end := doc.KeySpan(m)
	return ServerEntry(doc, start, end)
}

func TestServerEntryIsTheKeyOfTheServersEntry(t *testing.T) {
	want := Server{File: ".mcp.json", Line: 3, Column: 5, UTF16Column: 5, EndLine: 3, EndColumn: 17, EndUTF16Column: 17}
	if diff := cmp.Diff(want, entryOfEverything(t)); diff != "" {
		t.Errorf("entry (-want +got):\n%s", diff)
	}
}

func TestSARIFPlacesAServersIssuesWhereTheServersFileNamesIt(t *testing.T) {
	type region struct{ StartLine, StartColumn, EndLine, EndColumn int }
	type want struct {
		uri     string // "" for no physical location
		region  *region
		logical string // the logical locations, as JSON
	}
	const msg = "server 'everything', tool 'echo', $[0].description: description is very short"
	for _, tc := range []struct {
		name   string
		server Server
		want   want
	}{
		{"named in a servers file", entryOfEverything(t),
			want{".mcp.json", &region{3, 5, 3, 17}, `[{"name":"everything","fullyQualifiedName":"everything","kind":"module"},{"fullyQualifiedName":"$[0].description"}]`}},
		{"named by its command", Server{},
			want{"", nil, `[{"name":"everything","fullyQualifiedName":"everything","kind":"module"},{"fullyQualifiedName":"$[0].description"}]`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			r := &Report{Issues: []lint.Issue{serverIssue}, Servers: map[string]Server{"everything": tc.server},
				Failed: []Failure{{File: "everything", Msg: "connect to everything: refused"}}}
			if err := writeSARIF(&buf, r); err != nil {
				t.Fatal(err)
			}
			var log struct {
				Runs []struct {
					Invocations []struct {
						ToolExecutionNotifications []struct {
							Locations []struct {
								PhysicalLocation *struct {
									ArtifactLocation struct{ URI string }
								}
								LogicalLocations json.RawMessage
							}
						}
					}
					Results []struct {
						Message   struct{ Text string }
						Fixes     []any
						Locations []struct {
							PhysicalLocation *struct {
								ArtifactLocation struct{ URI string }
								Region           *region
							}
							LogicalLocations json.RawMessage
						}
					}
				}
			}
			if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
				t.Fatal(err)
			}
			res := log.Runs[0].Results[0]
			loc := res.Locations[0]
			var got want
			if loc.PhysicalLocation != nil {
				got.uri, got.region = loc.PhysicalLocation.ArtifactLocation.URI, loc.PhysicalLocation.Region
			}
			got.logical = compactJSON(t, loc.LogicalLocations)
			if diff := cmp.Diff(tc.want, got, cmp.AllowUnexported(want{})); diff != "" {
				t.Errorf("location (-want +got):\n%s", diff)
			}
			if res.Message.Text != msg || res.Fixes != nil {
				t.Errorf("message %q, fixes %v; want %q and none: there is no file of the tools to fix", res.Message.Text, res.Fixes, msg)
			}
			n := log.Runs[0].Invocations[0].ToolExecutionNotifications[0].Locations[0]
			uri := ""
			if n.PhysicalLocation != nil {
				uri = n.PhysicalLocation.ArtifactLocation.URI
			}
			if logical := compactJSON(t, n.LogicalLocations); uri != tc.want.uri || logical != `[{"name":"everything","fullyQualifiedName":"everything","kind":"module"}]` {
				t.Errorf("the server that could not be reached is placed at %q %s, want %q and the server", uri, logical, tc.want.uri)
			}
		})
	}
}

func TestGitHubAnnotatesAServersIssuesWhereTheServersFileNamesIt(t *testing.T) {
	for _, tc := range []struct {
		name   string
		server Server
		want   string
	}{
		{"named in a servers file", entryOfEverything(t),
			"::error file=.mcp.json,line=3,col=5,title=unreadable::connect to everything: refused\n" +
				"::warning file=.mcp.json,line=3,endLine=3,col=5,endColumn=17,title=short-description::server 'everything', tool 'echo', $[0].description: description is very short\n"},
		{"named by its command", Server{},
			"::error title=unreadable::connect to everything: refused\n" +
				"::warning title=short-description::server 'everything', tool 'echo', $[0].description: description is very short\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			r := &Report{Issues: []lint.Issue{serverIssue}, Servers: map[string]Server{"everything": tc.server},
				Failed: []Failure{{File: "everything", Msg: "connect to everything: refused"}}}
			if err := writeGitHub(&buf, r); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, buf.String()); diff != "" {
				t.Errorf("annotations (-want +got):\n%s", diff)
			}
		})
	}
}

// compactJSON is raw without its spaces.
func compactJSON(t *testing.T, raw json.RawMessage) string {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestTheSummaryOfServersCountsServers(t *testing.T) {
	onServer := func(file string) lint.Issue {
		is := reportWarning
		is.File, is.Line, is.Column = file, 0, 0
		return is
	}
	three := map[string]Server{"a": {}, "b": {}, "c": {}}
	for _, tc := range []struct {
		name string
		r    Report
		want string
	}{
		{"issues in every server", Report{Issues: []lint.Issue{onServer("a"), onServer("b"), onServer("c")}, Files: 3, Servers: three},
			"3 warnings in 3 servers"},
		{"issues in some", Report{Issues: []lint.Issue{onServer("a")}, Files: 3, Servers: three},
			"1 warning in 1 of 3 servers"},
		{"issues of the servers together too", Report{Issues: []lint.Issue{onServer("a"), onServer(".mcp.json")}, Files: 3, Servers: three},
			"2 warnings in 2 of 3 sources"},
		{"a server.json linted beside them", Report{Issues: []lint.Issue{onServer("a")}, Files: 4, Servers: three},
			"1 warning in 1 of 4 sources"},
		{"one down", Report{Files: 2, Servers: three, Failed: []Failure{{File: "c"}}},
			"no issues in 2 servers; 1 server could not be reached or listed"},
		{"files", Report{Issues: []lint.Issue{onServer("a.json")}, Files: 3, Failed: []Failure{{File: "b.json"}}},
			"1 warning in 1 of 3 files; 1 file could not be read or parsed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := textSummary(&tc.r); got != tc.want {
				t.Errorf("summary %q, want %q", got, tc.want)
			}
		})
	}
}
