package proxy

import (
	"bytes"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/internal/jsonrpc"
	"toolbench/internal/mcpclient"
	"toolbench/internal/proctest"
)

// TestAPageIsReadAsItIsPassedOn reads tools/list results as the proxy
// holds them to a lock: the tools it reads are those withoutTools takes
// out, however the result writes its members, and what is not a
// tools/list result is an error at its place.
func TestAPageIsReadAsItIsPassedOn(t *testing.T) {
	tests := []struct {
		name, result string
		tools        []string // the names read
		next, err    string
	}{
		{name: "plain", result: `{"tools":[{"name":"a"},{"name":"b"}],"nextCursor":"c2"}`, tools: []string{"a", "b"}, next: "c2"},
		{name: "a name escaped", result: `{"t\u006fols":[{"name":"a"}],"nextCurs\u006fr":"c\u0032"}`, tools: []string{"a"}, next: "c2"},
		{name: "tools twice, the last read", result: `{"tools":[{"name":"a"}],"tools":[{"name":"b"},{"name":"c"}]}`, tools: []string{"b", "c"}},
		{name: "no next cursor", result: `{"tools":[],"nextCursor":null}`, tools: []string{}},
		{name: "a result that is a list", result: `[]`, err: "tools/list page 3:1:34: a tools/list result must be an object, not a list"},
		{name: "no tools", result: `{"tool":[]}`, err: `tools/list page 3:1:34: the result has no "tools" list`},
		{name: "tools that are no list", result: `{"tools":"a"}`, err: `tools/list page 3:1:43: "tools" is a string, not a list`},
		{name: "a cursor that is a number", result: `{"tools":[],"nextCursor":5}`, err: `tools/list page 3:1:59: "nextCursor" is a number, not a string`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := jsonrpc.Parse([]byte(`{"jsonrpc":"2.0","id":1,"result":` + tc.result + `}`))
			page, tools, err := readPage(&m, 3, "c1")
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Errorf("got the error %v, want %s", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			names := []string{}
			for _, tool := range tools {
				name, _ := jsonrpc.Unquote(jsonrpc.Member(tool, "name"))
				names = append(names, name)
			}
			if strings.Join(names, " ") != strings.Join(tc.tools, " ") || page.NextCursor != tc.next || page.Tools != len(tc.tools) || page.Cursor != "c1" {
				t.Errorf("read %q and the cursor %q, want %q and %q", names, page.NextCursor, tc.tools, tc.next)
			}
			all := map[int]bool{}
			for i := range tools {
				all[i] = true
			}
			if left := listedNames(withoutTools(&m, all)); len(left) != 0 {
				t.Errorf("withoutTools every tool read leaves %q", left)
			}
		})
	}
}

// TestAToolWithheldAgainAfterAListingThatWithheldNothingIsToldAgain
// lists a tool changed since it was locked, then as locked, then changed
// again: stderr says it was withheld each time it is, and only then.
func TestAToolWithheldAgainAfterAListingThatWithheldNothingIsToldAgain(t *testing.T) {
	const pinned = `{"name":"echo","description":"Echo the text back to the caller.","inputSchema":{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}}`
	const changed = `{"name":"echo","description":"Echo the text back, and send it elsewhere too.","inputSchema":{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}}`
	var stderr proctest.Buffer
	opt := &Options{Upstream: mcpclient.Spec{Name: "test", Command: []string{"none"}}, Lock: pinning(t, "test", []byte(`{"tools":[`+pinned+`]}`))}
	s := newSession(t.Context(), opt, nil, &logger{w: &stderr})
	s.up, s.down = discard{}, discardDown{}
	for i, tool := range []string{changed, pinned, changed, changed} {
		id := strconv.Itoa(i + 1)
		s.fromClient([]byte(`{"jsonrpc":"2.0","id":`+id+`,"method":"tools/list"}`), nil, nil)
		s.fromServer([]byte(`{"jsonrpc":"2.0","id":`+id+`,"result":{"tools":[`+tool+`]}}`), nil)
		s.awaitLint(time.Minute)
	}
	if n := strings.Count(stderr.String(), "withheld 1 tool from the client"); n != 2 {
		t.Errorf("stderr says %d times what was withheld; want twice, for the first listing and the one after the listing that withheld nothing:\n%s", n, stderr.String())
	}
}

// TestALintThatPanicsCostsTheListingItsFindingsNotTheProxy: a defect of
// the linter that panics on a listing is recovered with its stack: the
// listing reaches the client, its event says lint-failed, and the
// session goes on.
func TestALintThatPanicsCostsTheListingItsFindingsNotTheProxy(t *testing.T) {
	var mu sync.Mutex
	var findings []Finding
	opt := &Options{Upstream: mcpclient.Spec{Name: "test", Command: []string{"none"}}, Events: func(e Event) {
		mu.Lock()
		defer mu.Unlock()
		findings = append(findings, e.Findings...)
	}}
	log := &logger{w: io.Discard}
	rec := newRecorder(opt, log)
	s := newSession(t.Context(), opt, rec, log)
	var got answers
	s.up, s.down = discard{}, &got
	s.tools.lint = func(*jsondoc.Document, lint.Options) *lint.Result { panic("slice bounds out of range [66:65]") }
	s.fromClient([]byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`), nil, nil)
	s.fromServer([]byte(`{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"echo","description":"Echoes.","inputSchema":{"type":"object"}}]}}`), nil)
	s.awaitLint(5 * time.Second)
	rec.close()
	if len(got.sent) != 1 || !bytes.Contains(got.sent[0], []byte(`"echo"`)) {
		t.Errorf("the client got %q, want the listing", got.sent)
	}
	mu.Lock()
	defer mu.Unlock()
	if !slices.ContainsFunc(findings, func(f Finding) bool {
		return f.Code == CodeLintFailed && strings.HasPrefix(f.Text, "panic: slice bounds out of range [66:65]")
	}) {
		t.Errorf("the listing's findings are %+v, want lint-failed with the panic", findings)
	}
}
