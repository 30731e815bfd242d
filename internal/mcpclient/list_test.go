package mcpclient

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestListToolsFollowsEveryPageAndKeepsToolsAsSent(t *testing.T) {
	t.Parallel()
	c := connectStdio(t, "pages")
	list, err := c.ListTools(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(list.Pages) != pagedPages {
		t.Fatalf("got %d pages, want %d", len(list.Pages), pagedPages)
	}
	var want bytes.Buffer
	want.WriteString("{\"tools\": [\n")
	for i := range pagedPages * pagedToolsPerPage {
		if i > 0 {
			want.WriteString(",\n")
		}
		want.WriteString(pagedTool(i))
	}
	want.WriteString("\n]}\n")
	if got := string(list.Document); got != want.String() {
		t.Errorf("document:\ngot  %s\nwant %s", got, want.String())
	}
	if list.Tools != pagedPages*pagedToolsPerPage {
		t.Errorf("Tools = %d, want %d", list.Tools, pagedPages*pagedToolsPerPage)
	}
	for i, p := range list.Pages {
		wantCursor, wantNext := "", fmt.Sprintf("page-%d", i+1)
		if i > 0 {
			wantCursor = fmt.Sprintf("page-%d", i)
		}
		if i == pagedPages-1 {
			wantNext = ""
		}
		if p.Cursor != wantCursor || p.NextCursor != wantNext || p.Tools != pagedToolsPerPage {
			t.Errorf("page %d: cursor %q, next %q, %d tools; want %q, %q, %d", i+1, p.Cursor, p.NextCursor, p.Tools, wantCursor, wantNext, pagedToolsPerPage)
		}
		if !bytes.Contains(p.Message, []byte(pagedTool(i*pagedToolsPerPage))) {
			t.Errorf("page %d: the message does not hold its first tool as sent: %s", i+1, p.Message)
		}
	}
	if !jsontext.Value(list.Document).IsValid() {
		t.Errorf("the document is not valid JSON")
	}
}

func TestToolDocumentLayout(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		tools []string
		want  string
	}{
		{"none", nil, "{\"tools\": []}\n"},
		{"one", []string{`{"name":"a"}`}, "{\"tools\": [\n{\"name\":\"a\"}\n]}\n"},
		{"two, one not an object", []string{`{"name":"a"}`, `5`}, "{\"tools\": [\n{\"name\":\"a\"},\n5\n]}\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var tools [][]byte
			for _, s := range tc.tools {
				tools = append(tools, []byte(s))
			}
			if got := string(ToolsDocument(tools)); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestListToolsReportsBadPagesWhereTheyAre serves broken tools/list results
// and checks the error points at the fault in the response as sent.
func TestListToolsReportsBadPagesWhereTheyAre(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		result string
		// want is the error; the response around the result is
		// {"jsonrpc":"2.0","id":2,"result":RESULT}, the result at column 34.
		want string
	}{
		{"tools is an object", `{"tools":{"name":"x"}}`, `tools/list page 1:1:43: "tools" is an object, not a list`},
		{"tools is missing", `{"nextCursor":""}`, `tools/list page 1:1:34: the result has no "tools" list`},
		{"result is a list", `[{"name":"x"}]`, `tools/list page 1:1:34: a tools/list result must be an object, not a list`},
		{"cursor is a number", `{"tools":[],"nextCursor":7}`, `tools/list page 1:1:59: "nextCursor" is a number, not a string`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := mcp.NewServer(&mcp.Implementation{Name: "broken", Version: "1"}, nil)
			serveToolsPages(s, func(string) string { return tc.result })
			c := connectInMemory(t, s)
			_, err := c.ListTools(context.Background())
			var re *ResponseError
			if !errors.As(err, &re) {
				t.Fatalf("got %v (%T), want a *ResponseError", err, err)
			}
			if err.Error() != tc.want {
				t.Errorf("got  %s\nwant %s\nin   %s", err, tc.want, re.Message)
			}
		})
	}
}

func TestListToolsReportsPageThatIsNotJSONRPC(t *testing.T) {
	t.Parallel()
	c := connectStdio(t, "bad-jsonrpc")
	_, err := c.ListTools(context.Background())
	var re *ResponseError
	if !errors.As(err, &re) {
		t.Fatalf("got %v (%T), want a *ResponseError", err, err)
	}
	want := `tools/list page 1:1:12: "jsonrpc" is "1.0", want "2.0"`
	if err.Error() != want {
		t.Errorf("got  %s\nwant %s", err, want)
	}
	if !strings.HasPrefix(string(re.Message), `{"jsonrpc":"1.0"`) {
		t.Errorf("Message = %s, want the line the server wrote", re.Message)
	}
	// Only the request failed: the session goes on, and answers again.
	if _, err := c.ListTools(context.Background()); err == nil || err.Error() != want {
		t.Errorf("listing again: got %v, want %s", err, want)
	}
}

func TestReadResponseReportsMalformedMessages(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, msg, want string
	}{
		{"not JSON", `npm WARN`, `tools/list page 2:1:2: invalid character 'p' in literal null (expecting 'u')`},
		{"unclosed", `{"jsonrpc":"2.0","id":1,"result":{"tools":[`, `tools/list page 2:1:44: unexpected end of the message`},
		{"no version", `{"id":1,"result":{}}`, `tools/list page 2:1:1: no "jsonrpc": "2.0": not a JSON-RPC 2.0 message`},
		{"result and error", `{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"x"}}`, `tools/list page 2:1:1: both a "result" and an "error"`},
		{"neither", `{"jsonrpc":"2.0","id":1}`, `tools/list page 2:1:1: neither a "result" nor an "error"`},
		{"second line", "{\"jsonrpc\":\"2.0\",\n \"id\":1,\n \"error\":7}", `tools/list page 2:3:10: "error" is a number, not an object`},
		{"data after", `{"jsonrpc":"2.0","id":1,"result":{}} {}`, `tools/list page 2:1:39: after the message: unexpected data`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := readResponse([]byte(tc.msg), "tools/list", 2)
			if err == nil || err.Error() != tc.want {
				t.Errorf("got  %v\nwant %s", err, tc.want)
			}
		})
	}
}

// TestReadResponseReadsTheVersionAsJSONDecodesIt holds "jsonrpc" to the
// string it decodes to, as every JSON reader (and internal/jsonrpc) reads
// it, not to the bytes it is written in.
func TestReadResponseReadsTheVersionAsJSONDecodesIt(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, version, want string // want: the error, "" for none
	}{
		{"plain", `"2.0"`, ""},
		{"an escaped dot", `"2\u002e0"`, ""},
		{"every character escaped", `"\u0032\u002E\u0030"`, ""},
		{"another version", `"1.0"`, `tools/list page 1:1:12: "jsonrpc" is "1.0", want "2.0"`},
		{"escaped to another version", `"2\u002e1"`, `tools/list page 1:1:12: "jsonrpc" is "2.1", want "2.0"`},
		{"a number", `2.0`, `tools/list page 1:1:12: "jsonrpc" is a number, want "2.0"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := readResponse([]byte(`{"jsonrpc":`+tc.version+`,"id":1,"result":{"tools":[]}}`), "tools/list", 1)
			if got := fmt.Sprint(err); tc.want == "" && err != nil || tc.want != "" && got != tc.want {
				t.Errorf("got  %v\nwant %s", err, cmp.Or(tc.want, "no error"))
			}
		})
	}
}

func TestListToolsKeepsToolsThatAreNotObjects(t *testing.T) {
	t.Parallel()
	s := mcp.NewServer(&mcp.Implementation{Name: "odd", Version: "1"}, nil)
	serveToolsPages(s, func(string) string { return `{"tools":[5,{"name":"x","name":"y"},null]}` })
	list, err := connectInMemory(t, s).ListTools(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := "{\"tools\": [\n5,\n{\"name\":\"x\",\"name\":\"y\"},\nnull\n]}\n"
	if string(list.Document) != want || list.Tools != 3 {
		t.Errorf("got %d tools in %q, want 3 in %q", list.Tools, list.Document, want)
	}
}

func TestListToolsStopsAtARepeatedCursor(t *testing.T) {
	t.Parallel()
	s := mcp.NewServer(&mcp.Implementation{Name: "loop", Version: "1"}, nil)
	serveToolsPages(s, func(cursor string) string {
		next := map[string]string{"": "a", "a": "b", "b": "a"}[cursor]
		return `{"tools":[],"nextCursor":"` + next + `"}`
	})
	_, err := connectInMemory(t, s).ListTools(context.Background())
	want := `tools/list page 3: the server gave the cursor "a" of page 1 again`
	if err == nil || err.Error() != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
}
