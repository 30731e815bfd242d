package report

import (
	"bytes"
	"encoding/json"
	"io"
	"time"

	"toolbench/core/lint"
	"toolbench/core/termtext"
)

// EventReport is what a format needs to write the loads of a watch.
type EventReport struct {
	Color bool // as Report.Color
	// Servers and Revision are Report's, for the watch of a live server:
	// the text of each load then says what a lint's does of the server.
	Servers  map[string]Server
	Revision string
}

// Event is one load of a watch: the lint of a file (or a server's tools)
// as it is now, or why there is none.
type Event struct {
	Time time.Time
	File string       // the file as the user named it, or the server's name
	Lint *lint.Result // the lint of the load; nil when it failed
	Err  error        // why the load failed: the file is gone, unreadable, not JSON
}

// EventWriter writes the loads of a watch as they come. A watch is a
// stream with no end, so the formats of one document (SARIF, Markdown)
// and of a CI job's log (GitHub) write none: text and concise are for a
// terminal, JSON Lines for a program that follows the stream.
type EventWriter interface {
	Event(ev *Event) error
}

// eventText writes a header with the time and the file, then the
// report the lint's format writes, or the reason there is none; a blank
// line before every header but the first:
//
//	== 2025-06-01 12:00:00 tools.json ==
//	valid
type eventText struct {
	w      io.Writer
	r      *EventReport
	write  func(io.Writer, *Report) error
	header bool // a header was written
}

func newEventText(w io.Writer, r *EventReport) EventWriter {
	return &eventText{w: w, r: r, write: writeText}
}

func newEventConcise(w io.Writer, r *EventReport) EventWriter {
	return &eventText{w: w, r: r, write: writeConcise}
}

func (t *eventText) Event(ev *Event) error {
	var b bytes.Buffer
	if t.header {
		b.WriteByte('\n')
	}
	t.header = true
	b.WriteString("== " + ev.Time.Format(time.DateTime) + " " + termtext.EscapeLine(ev.File) + " ==\n")
	if ev.Err != nil {
		b.WriteString(termtext.EscapeLine(ev.Err.Error()) + "\n")
	} else {
		r := &Report{Color: t.r.Color, Servers: t.r.Servers, Revision: t.r.Revision}
		r.Add(ev.Lint)
		if err := t.write(&b, r); err != nil {
			return err
		}
	}
	_, err := t.w.Write(b.Bytes())
	return err
}

// eventJSON writes each load as one JSON object on a line of its own,
// the issues as lint's JSON has them:
//
//	{"time": "2025-06-01T12:00:00+02:00", "file": "tools.json", "ok": true, "issues": [...]}
//	{"time": "...", "file": "tools.json", "ok": false, "error": "tools.json:3:7: ..."}
type eventJSON struct{ w io.Writer }

func newEventJSON(w io.Writer, _ *EventReport) EventWriter { return eventJSON{w} }

// eventLine is the JSON of one load: either Issues (with OK true) or
// Error.
type eventLine struct {
	Time   string        `json:"time"`
	File   string        `json:"file"`
	OK     bool          `json:"ok"`
	Issues *[]lint.Issue `json:"issues,omitempty"`
	Error  string        `json:"error,omitempty"`
}

func (j eventJSON) Event(ev *Event) error {
	line := eventLine{Time: ev.Time.Format(time.RFC3339), File: ev.File}
	if ev.Err != nil {
		line.Error = ev.Err.Error()
	} else {
		issues := ev.Lint.Issues
		if issues == nil {
			issues = []lint.Issue{}
		}
		line.OK, line.Issues = true, &issues
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // keep "<" and ">" readable in messages
	if err := enc.Encode(line); err != nil {
		return err
	}
	_, err := j.w.Write(b.Bytes())
	return err
}
