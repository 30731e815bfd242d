package proxy

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"time"

	"toolbench/core/catalog"
	"toolbench/internal/jsonrpc"
	"toolbench/internal/mcpclient"
)

// Reading a record back: each line into the Event it was written from,
// params and result as the raw JSON they were, so that a record's calls
// can be checked again and a lock can pin what a record saw.

// MaxRecordLine bounds a line of a record that ReadRecord reads: a line
// holds at most a message and a listing's result of up to
// jsonrpc.DefaultMaxMessage each, with Options.RecordMessages, and its
// findings.
const MaxRecordLine = 2*jsonrpc.DefaultMaxMessage + 1<<20

// A RecordError is a line that is not one the proxy writes: where it is,
// and what is wrong with it.
type RecordError struct {
	Line, Column int // from 1; Column counts bytes, 0 for the whole line
	Msg          string
}

func (e *RecordError) Error() string {
	if e.Column == 0 {
		return fmt.Sprintf("%d: %s", e.Line, e.Msg)
	}
	return fmt.Sprintf("%d:%d: %s", e.Line, e.Column, e.Msg)
}

// ReadRecord reads the record r, the lines Options.Record was written,
// and hands fn each line's Event with the line's number, in order; lines
// of white space only are skipped. A line that is not a line of a record
// (not JSON, a member of the wrong type or missing, a line longer than
// MaxRecordLine) ends the reading with a *RecordError; so does an error
// of fn or of r. The Event's raw JSON is its own, fn may keep it.
//
// A line with the whole message (Options.RecordMessages) and no params
// or result of its own gets them from the message: a tools/call
// request's params, a tools/list response's result.
func ReadRecord(r io.Reader, fn func(line int, e Event) error) error {
	br := bufio.NewReaderSize(r, 64<<10)
	for line := 1; ; line++ {
		text, err := readLine(br, MaxRecordLine, line)
		if len(bytes.TrimSpace(text)) > 0 {
			e, perr := parseRecordLine(text, line)
			if perr != nil {
				return perr
			}
			if ferr := fn(line, e); ferr != nil {
				return ferr
			}
		}
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case err != nil:
			return err
		}
	}
}

// readLine returns the next line of br, without its end, in a buffer of
// its own, which the line's event keeps its raw JSON in; io.EOF at the
// end of the input, with the last line if it has no end. A line that
// does not start as a record line's does, with '{', is an error at once,
// so that input such as /dev/zero is not read to the bound; one longer
// than limit is an error once the bound is passed. A line past a MiB
// takes a buffer of the bound at once rather than being copied as it
// doubles: the system's pages cost nothing until written.
func readLine(br *bufio.Reader, limit, line int) ([]byte, error) {
	var buf []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(buf)+len(chunk) > limit {
			return nil, &RecordError{Line: line, Msg: fmt.Sprintf("a line longer than %d MiB, which no record line is", limit>>20)}
		}
		if n := len(buf) + len(chunk); n > cap(buf) && cap(buf) >= 1<<20 {
			buf = append(make([]byte, 0, limit), buf...)
		}
		buf = append(buf, chunk...)
		if start := bytes.TrimLeft(buf, " \t\r\n"); len(start) > 0 && start[0] != '{' {
			return nil, &RecordError{Line: line, Column: len(buf) - len(start) + 1, Msg: "not a line of a record: a record line is a JSON object"}
		}
		switch {
		case err == nil:
			return bytes.TrimSuffix(bytes.TrimSuffix(buf, []byte{'\n'}), []byte{'\r'}), nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		}
		return buf, err
	}
}

// recordLine is a line of a record as JSON has it.
type recordLine struct {
	Time     *string  `json:"time"`
	From     *Peer    `json:"from"`
	To       *Peer    `json:"to"`
	Kind     *string  `json:"kind"`
	Method   string   `json:"method"`
	Tool     string   `json:"tool"`
	Bytes    int      `json:"bytes"`
	MS       float64  `json:"ms"`
	Verdict  *Verdict `json:"verdict"`
	Findings []struct {
		Code     string           `json:"code"`
		Severity catalog.Severity `json:"severity"`
		Text     string           `json:"text"`
		Hint     string           `json:"hint"`
		Tool     string           `json:"tool"`
	} `json:"findings"`
	Dropped int64   `json:"dropped"`
	Of      *string `json:"of"`
	Why     string  `json:"why"`
	Repeats int64   `json:"repeats"`
	// params, result, message and id are read as slices of the line,
	// not copies of them (rawMembers).
}

// The values the members of a line may have.
var (
	recordPeers    = []Peer{Client, Server, Proxy}
	recordKinds    = []string{"request", "notification", "response", "batch", "invalid", "note"}
	recordVerdicts = []Verdict{Relayed, Filtered, Refused, Dropped, Sent}
)

// parseRecordLine reads text, the line of number line, as an Event.
func parseRecordLine(text []byte, line int) (Event, error) {
	var l recordLine
	if err := json.Unmarshal(text, &l); err != nil {
		return Event{}, recordJSONError(err, text, line)
	}
	bad := func(msg string) (Event, error) { return Event{}, &RecordError{Line: line, Msg: msg} }
	switch {
	case l.Time == nil || l.From == nil || l.To == nil || l.Kind == nil || l.Verdict == nil:
		return bad(`not a line of a record: it lacks "time", "from", "to", "kind" or "verdict"`)
	case !slices.Contains(recordPeers, *l.From) || !slices.Contains(recordPeers, *l.To):
		return bad(fmt.Sprintf(`"from" %q and "to" %q: each is "client", "server" or "proxy"`, *l.From, *l.To))
	case !slices.Contains(recordKinds, *l.Kind):
		return bad(fmt.Sprintf(`"kind" %q is none of %q`, *l.Kind, recordKinds))
	case !slices.Contains(recordVerdicts, *l.Verdict):
		return bad(fmt.Sprintf(`"verdict" %q is none of %q`, *l.Verdict, recordVerdicts))
	case l.MS < 0 || l.MS > math.MaxInt64/1e6 || l.Bytes < 0 || l.Dropped < 0 || l.Repeats < 0:
		return bad(`"ms", "bytes", "dropped" and "repeats" are counts, at least 0`)
	}
	t, err := time.Parse(time.RFC3339Nano, *l.Time)
	if err != nil {
		return bad(fmt.Sprintf(`"time" %q is not a time in RFC 3339`, *l.Time))
	}
	e := Event{Time: t, From: *l.From, To: *l.To, Kind: *l.Kind, Method: l.Method, Tool: l.Tool, Bytes: l.Bytes,
		Latency: time.Duration(math.Round(l.MS*1e3)) * time.Microsecond, Verdict: *l.Verdict, Dropped: l.Dropped,
		Why: l.Why, Repeats: l.Repeats}
	if l.Of != nil {
		if e.Of, err = time.Parse(time.RFC3339Nano, *l.Of); err != nil {
			return bad(fmt.Sprintf(`"of" %q is not a time in RFC 3339`, *l.Of))
		}
	}
	rawMembers(text, &e)
	for _, f := range l.Findings {
		e.Findings = append(e.Findings, Finding{Code: f.Code, Severity: f.Severity, Text: f.Text, Hint: f.Hint, Tool: f.Tool})
	}
	if e.Message != nil {
		switch {
		case e.Params == nil && e.Kind == "request" && e.Method == "tools/call":
			e.Params = jsonrpc.Member(e.Message, "params")
		case e.Result == nil && e.Kind == "response" && e.Method == "tools/list":
			e.Result = jsonrpc.Member(e.Message, "result")
		}
	}
	return e, nil
}

// rawMembers sets e's raw JSON, its id, params, result and message, to
// the slices of text, the line, that hold them: the line is the event's,
// and a message of tens of MiB is not copied again. The last member of a
// name is the one, as encoding/json reads the others.
func rawMembers(text []byte, e *Event) {
	for key, v := range jsonrpc.Members(text) {
		switch {
		case jsonrpc.KeyIs(key, "id"):
			e.ID = v
		case jsonrpc.KeyIs(key, "params"):
			e.Params = v
		case jsonrpc.KeyIs(key, "result"):
			e.Result = v
		case jsonrpc.KeyIs(key, "message"):
			e.Message = v
		}
	}
}

// recordJSONError places an error of encoding/json in text, the line.
func recordJSONError(err error, text []byte, line int) error {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		return &RecordError{Line: line, Column: int(syntax.Offset), Msg: "not JSON: " + syntax.Error()}
	case errors.As(err, &typ):
		// Offset is past the value: the column is where it starts.
		col := int(typ.Offset)
		if v := jsonrpc.Member(text, typ.Field); v != nil {
			col = int(typ.Offset) - len(v) + 1
		}
		return &RecordError{Line: line, Column: col, Msg: fmt.Sprintf("%q is a JSON %s, not what a record line holds there", typ.Field, typ.Value)}
	}
	return &RecordError{Line: line, Msg: err.Error()}
}

// A Listing is a server's tools as a listing in a record gave them: every
// page's tools, each as the server sent it.
type Listing struct {
	Tools [][]byte
	// Line is the line of the record that holds the listing's last page.
	Line int
	// Pages is how many pages it took.
	Pages int
}

// Listings reads the record r and hands fn each complete listing it
// holds, in order: the tools of the tools/list responses of the server,
// page after page (a page after one with a nextCursor goes on its
// listing), to a page without a nextCursor; a listing not complete at
// the end is not handed. A record that cannot be read, or a listing's
// result that is not one, is an error, at its line; so is an error of fn.
func Listings(r io.Reader, fn func(Listing) error) error {
	var cur Listing
	return ReadRecord(r, func(line int, e Event) error {
		if e.From != Server || e.Kind != "response" || e.Method != "tools/list" || e.Result == nil {
			return nil
		}
		msg := append(append([]byte(`{"jsonrpc":"2.0","id":0,"result":`), e.Result...), '}')
		page, tools, err := mcpclient.ReadToolsPage(msg, cur.Pages+1, "")
		if err != nil {
			return &RecordError{Line: line, Msg: "the tools/list result: " + err.Error()}
		}
		cur.Tools = append(cur.Tools, tools...)
		cur.Pages++
		cur.Line = line
		if page.NextCursor != "" {
			return nil
		}
		done := cur
		cur = Listing{}
		return fn(done)
	})
}
