package live

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"time"

	"toolbench/internal/mcpclient"
)

// A history is JSON Lines, one line per call sent, appended as calls
// run. Each line is a tools/call request, so that `toolbench call --run`
// reads it as a call and replays it, with what the call did beside it:
//
//	{"time": "2025-06-01T12:00:00.123+02:00", "server": "everything",
//	 "method": "tools/call", "params": {"name": "echo", "arguments": {"message": "hi"}},
//	 "result": {"content": [{"type": "text", "text": "Echo: hi"}]}, "ms": 4.213}
//
// (one line in the file). A call the server refused has "error": {"code",
// "message", "data"} as JSON-RPC gives it, and one the server failed
// (it exited, did not answer) "error": {"message"}, in place of
// "result". "ms" is the round trip in milliseconds.

// An Entry is one line of a history.
type Entry struct {
	// Time is when the call was sent.
	Time time.Time
	// Server is the name of the server the call went to.
	Server string
	// Tool and Arguments are the call; Arguments a JSON object.
	Tool      string
	Arguments json.RawMessage
	// Result is the result object as the server sent it; nil when Error
	// is set.
	Result json.RawMessage
	// Error says why there is no result.
	Error *EntryError
	// Elapsed is the round trip.
	Elapsed time.Duration
}

// EntryError is a call that has no result: the JSON-RPC error the server
// answered with (Code not zero), or why the server failed (Code zero).
type EntryError struct {
	Code    int64           `json:"code,omitempty"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

// entryLine is an Entry as a line holds it.
type entryLine struct {
	Time   string          `json:"time"`
	Server string          `json:"server,omitempty"`
	Method string          `json:"method"`
	Params entryParams     `json:"params"`
	Result json.RawMessage `json:"result,omitempty"`
	Error  *EntryError     `json:"error,omitempty"`
	MS     float64         `json:"ms"`
}

type entryParams struct {
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

// maxEntrySize bounds a line of a history: a result, which a server
// sends in one message, and the call beside it.
const maxEntrySize = 2 * mcpclient.MaxMessageSize

// historyTime is the layout of a line's time: RFC 3339 with milliseconds.
const historyTime = "2006-01-02T15:04:05.000Z07:00"

// Entry is the history entry of a call that was sent to server, and ok
// false for one that was not.
func (o Outcome) Entry(server string) (e Entry, ok bool) {
	if o.Sent.IsZero() {
		return Entry{}, false
	}
	e = Entry{Time: o.Sent, Server: server, Tool: o.Tool, Arguments: o.Arguments, Result: o.Result, Elapsed: o.Elapsed}
	var rpc *mcpclient.RPCError
	switch {
	case errors.As(o.Err, &rpc):
		e.Error = &EntryError{Code: rpc.Code, Message: rpc.Message, Data: rpc.Data}
	case o.Err != nil:
		e.Error = &EntryError{Message: o.Err.Error()}
	}
	return e, true
}

// AppendEntry writes e to w as one line, in one Write, so that processes
// appending to one file (opened with OpenHistory) do not mix their lines.
func AppendEntry(w io.Writer, e Entry) error {
	args := e.Arguments
	if args == nil {
		args = json.RawMessage("{}")
	}
	line := entryLine{
		Time:   e.Time.Format(historyTime),
		Server: e.Server,
		Method: "tools/call",
		Params: entryParams{Name: e.Tool, Arguments: args},
		Result: e.Result,
		Error:  e.Error,
		MS:     math.Round(float64(e.Elapsed)/float64(time.Microsecond)) / 1000,
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // the file is for people too: keep < and > as they are
	if err := enc.Encode(line); err != nil {
		return fmt.Errorf("history: %w", err)
	}
	_, err := w.Write(b.Bytes())
	return err
}

// OpenHistory opens the history file at path for appending, creating it
// if it does not exist.
func OpenHistory(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
}

// ReadHistory reads the history in r and hands each entry to fn with its
// line number; blank lines are skipped. A line that is not an entry
// stops the reading with an error naming the line.
func ReadHistory(r io.Reader, fn func(line int, e Entry) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, maxEntrySize)
	for n := 1; sc.Scan(); n++ {
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		e, err := parseEntry(text)
		if err != nil {
			return fmt.Errorf("line %d: %w", n, err)
		}
		if err := fn(n, e); err != nil {
			return err
		}
	}
	return sc.Err()
}

func parseEntry(text []byte) (Entry, error) {
	var l entryLine
	if err := json.Unmarshal(text, &l); err != nil {
		return Entry{}, fmt.Errorf("not a history entry: %w", err)
	}
	if l.Method != "tools/call" || l.Params.Name == "" {
		return Entry{}, errors.New(`not a history entry: want "method": "tools/call" and "params" with a "name"`)
	}
	t, err := time.Parse(time.RFC3339Nano, l.Time)
	if err != nil {
		return Entry{}, fmt.Errorf("time: %w", err)
	}
	return Entry{
		Time:      t,
		Server:    l.Server,
		Tool:      l.Params.Name,
		Arguments: l.Params.Arguments,
		Result:    l.Result,
		Error:     l.Error,
		Elapsed:   time.Duration(math.Round(l.MS * float64(time.Millisecond))),
	}, nil
}
