package cli

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/lock"
)

// listingRecordLine is a record line of a tools/list response of the
// server's with result.
func listingRecordLine(result string) string {
	return `{"time":"2026-12-04T20:00:00Z","from":"server","to":"client","kind":"response","method":"tools/list","id":1,"bytes":1,"verdict":"relayed","result":` + result + "}\n"
}

func TestLockFromRecordPinsTheToolsOfEveryListingSinceTheServerLastChanged(t *testing.T) {
	t.Parallel()
	const (
		echo      = `{"name":"echo","description":"Echo the text."}`
		echoNew   = `{"name":"echo","description":"Echo the text, and send a copy."}`
		sum       = `{"name":"sum","description":"Add."}`
		roots     = `{"name":"roots","description":"The client's roots."}`
		sampling  = `{"name":"sample","description":"Ask the client's model."}`
		call      = `{"time":"2026-12-04T20:00:00Z","from":"client","to":"server","kind":"request","method":"tools/call","bytes":1,"verdict":"relayed","params":{"name":"echo"}}` + "\n"
		ownClient = `{"tools":[` + echo + `,` + sum + `]}`
	)
	cases := []struct {
		name   string
		record string
		want   []string // the names pinned, each with its description
		added  []string // the tools added to the last listing's, as the note names them
	}{
		{"an agent's listing, then toolbench's own, which announces less",
			listingRecordLine(`{"tools":[`+echo+`,`+sum+`,`+roots+`]}`) + call + listingRecordLine(ownClient),
			[]string{"echo: Echo the text.", "roots: The client's roots.", "sum: Add."}, []string{"'roots' (line 1)"}},
		{"toolbench's own listing, then the agent's",
			listingRecordLine(ownClient) + listingRecordLine(`{"tools":[`+echo+`,`+sum+`,`+roots+`]}`),
			[]string{"echo: Echo the text.", "roots: The client's roots.", "sum: Add."}, nil},
		{"two agents that announce different things, and toolbench's own",
			listingRecordLine(`{"tools":[`+echo+`,`+roots+`]}`) + listingRecordLine(`{"tools":[`+echo+`,`+sampling+`]}`) + listingRecordLine(`{"tools":[`+echo+`]}`),
			[]string{"echo: Echo the text.", "roots: The client's roots.", "sample: Ask the client's model."}, []string{"'roots' (line 1)", "'sample' (line 2)"}},
		{"a tool changed: the listings before it are of the server as it was",
			listingRecordLine(`{"tools":[`+echo+`,`+roots+`]}`) + listingRecordLine(`{"tools":[`+echoNew+`,`+sum+`]}`),
			[]string{"echo: Echo the text, and send a copy.", "sum: Add."}, nil},
		{"a tool changed, then a listing that lacks it",
			listingRecordLine(`{"tools":[`+echo+`,`+sum+`,`+roots+`]}`) + listingRecordLine(`{"tools":[`+echoNew+`,`+sum+`]}`) + listingRecordLine(`{"tools":[`+sum+`]}`),
			[]string{"echo: Echo the text, and send a copy.", "sum: Add."}, []string{"'echo' (line 2)"}},
		{"pages of a listing joined",
			listingRecordLine(`{"tools":[`+echo+`,`+roots+`]}`) + listingRecordLine(`{"tools":[`+echo+`],"nextCursor":"2"}`) + listingRecordLine(`{"tools":[`+sum+`]}`),
			[]string{"echo: Echo the text.", "roots: The client's roots.", "sum: Add."}, []string{"'roots' (line 1)"}},
		{"a listing that cannot be pinned ends what is taken before it",
			listingRecordLine(`{"tools":[`+echo+`,`+roots+`]}`) + listingRecordLine(`{"tools":[`+echo+`,`+echo+`]}`) + listingRecordLine(`{"tools":[`+echo+`]}`),
			[]string{"echo: Echo the text."}, nil},
		{"a listing not complete at the end is not taken",
			listingRecordLine(`{"tools":[`+echo+`]}`) + listingRecordLine(`{"tools":[`+echoNew+`],"nextCursor":"2"}`),
			[]string{"echo: Echo the text."}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rp := &recordPins{}
			if err := rp.read(strings.NewReader(tc.record)); err != nil {
				t.Fatal(err)
			}
			doc, err := rp.document("rec.jsonl")
			if err != nil {
				t.Fatal(err)
			}
			pinned, err := lock.Pin(doc)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range pinned {
				got = append(got, p.Name+": "+descriptionOf(t, p.Definition))
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("pinned (-want +got):\n%s", diff)
			}
			added := rp.added()
			note := rp.addedNote("rec.jsonl", added)
			for _, name := range tc.added {
				if !strings.Contains(note, name) {
					t.Errorf("the note %q does not name %s", note, name)
				}
			}
			if len(added) != len(tc.added) {
				t.Errorf("added %v, want %d tools", added, len(tc.added))
			}
		})
	}
}

// descriptionOf is the description of a pinned tool's definition.
func descriptionOf(t *testing.T, def []byte) string {
	t.Helper()
	_, rest, ok := strings.Cut(string(def), `"description":"`)
	if !ok {
		t.Fatalf("no description in %s", def)
	}
	desc, _, _ := strings.Cut(rest, `"`)
	return desc
}

func TestLockFromRecordPinsWhatTheAgentWasGivenBesideWhatToolbenchsOwnClientWas(t *testing.T) {
	t.Parallel()
	const (
		echo  = `{"name":"echo","description":"Echo the text."}`
		roots = `{"name":"get-roots-list","description":"The client's roots."}`
	)
	// The agent announced roots and was given get-roots-list; toolbench
	// dump, through the same wrapped entry, announced none.
	project(t, map[string]string{"rec.jsonl": listingRecordLine(`{"tools":[`+echo+`,`+roots+`]}`) + listingRecordLine(`{"tools":[`+echo+`]}`)})
	code, out, errOut := runIn(t, "lock", "--from-record", "rec.jsonl", "--server", "everything")
	if want := "everything: 2 tools pinned\nwrote toolbench.lock.json: 1 source\n"; code != exitOK || out != want {
		t.Errorf("lock --from-record: exit %d, %q; want 0 and %q (stderr %q)", code, out, want, errOut)
	}
	if want := "toolbench lock: rec.jsonl:2: the last listing lacks 1 tool an earlier listing gave, pinned as well: 'get-roots-list' (line 1)"; !strings.HasPrefix(errOut, want) {
		t.Errorf("stderr %q, want it to say which tool an earlier listing adds: %q", errOut, want)
	}
}
