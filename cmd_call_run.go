package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"toolbench/core/call"
	"toolbench/core/jsondoc"
	"toolbench/core/termtext"
	"toolbench/internal/live"
	"toolbench/internal/source"
)

// errServerFailed stops the reading of calls when the server has failed.
var errServerFailed = errors.New("the server failed")

// runCalls sends each valid call of CALLS to the server, in order, one at
// a time, and prints each outcome as it comes. A server that fails (exits,
// does not answer in time) ends the run: what follows could not be sent.
func runCalls(ctx context.Context, e *env, cfg *callConfig, src *source.Source, schemas *call.Schemas) int {
	in, closeIn, err := openCalls(e, cfg.calls)
	if err != nil {
		fmt.Fprintf(e.stderr, "toolbench call: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	defer closeIn()
	history := io.Discard
	if cfg.history != "" {
		f, err := live.OpenHistory(cfg.history)
		if err != nil {
			fmt.Fprintf(e.stderr, "toolbench call: --history: %s\n", termtext.EscapeLine(err.Error()))
			return exitFailure
		}
		defer f.Close()
		history = f
	}

	out := jsondoc.SafeWriter(e.stdout)
	var sum runSummary
	var failure, writeErr error
	err = call.ReadCalls(in, func(line int, c call.Call) error {
		o := live.Run(ctx, src.Client, schemas, c, live.Options{Deep: cfg.opt.Deep})
		if entry, sent := o.Entry(src.Client.Name()); sent {
			if err := live.AppendEntry(history, entry); err != nil {
				return fmt.Errorf("--history %s: %w", cfg.history, err)
			}
		}
		if o.Err != nil && !o.Refused() {
			failure = fmt.Errorf("line %d: %w", line, src.ServerError(o.Err))
			return errServerFailed
		}
		sum.count(o)
		report, err := renderOutcome(cfg, line, o)
		if err == nil {
			_, err = out.Write(report)
		}
		if err != nil {
			writeErr = fmt.Errorf("writing the report: %w", err)
		}
		return writeErr
	})
	switch {
	case ctx.Err() != nil:
		fmt.Fprintln(e.stderr, "toolbench call: interrupted")
		return exitFailure
	case failure != nil:
		fmt.Fprintf(e.stderr, "toolbench call: %s\n", termtext.EscapeLine(failure.Error()))
		return exitFailure
	case writeErr != nil:
		fmt.Fprintf(e.stderr, "toolbench call: %s\n", termtext.EscapeLine(writeErr.Error()))
		return exitFailure
	case err != nil:
		fmt.Fprintf(e.stderr, "toolbench call: %s: %s\n", termtext.EscapeLine(displayName(cfg.calls)), termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	if !cfg.opt.JSON {
		fmt.Fprintln(e.stdout, sum.String())
	}
	if sum.failed() {
		return exitIssues
	}
	return exitOK
}

// renderOutcome is the report of one call: its text lines, or its JSON
// line.
func renderOutcome(cfg *callConfig, line int, o live.Outcome) ([]byte, error) {
	if cfg.opt.JSON {
		return outcomeJSON(o, cfg.opt.Deep)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "line %d: %s\n", line, o.Status())
	for _, d := range o.Details() {
		b.WriteString("  " + d + "\n")
	}
	return []byte(b.String()), nil
}

// outcomeLine is the --json form of one call run.
type outcomeLine struct {
	Errors []string            `json:"errors"`
	Schema *[]call.SchemaError `json:"schema,omitempty"`
	Result json.RawMessage     `json:"result"`
	MS     *float64            `json:"ms"`
	Output []call.SchemaError  `json:"output"`
	Error  *live.EntryError    `json:"error,omitempty"`
}

func outcomeJSON(o live.Outcome, deep bool) ([]byte, error) {
	l := outcomeLine{Errors: orEmpty(o.Errors), Result: o.Result, Output: orEmpty(o.Output)}
	if l.Result == nil {
		l.Result = json.RawMessage("null")
	}
	if deep {
		schema := orEmpty(o.Schema)
		l.Schema = &schema
	}
	if !o.Sent.IsZero() {
		ms := math.Round(float64(o.Elapsed)/float64(time.Microsecond)) / 1000
		l.MS = &ms
	}
	if entry, ok := o.Entry(""); ok && o.Refused() {
		l.Error = entry.Error
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // keep "<" and ">" readable
	if err := enc.Encode(l); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// runSummary counts what the calls of a run did.
type runSummary struct {
	calls, ok, toolErrors, refused, nonconforming, invalid, asking int
}

func (s *runSummary) count(o live.Outcome) {
	s.calls++
	switch {
	case !o.Valid():
		s.invalid++
	case o.Refused():
		s.refused++
	case o.IsError:
		s.toolErrors++
	case o.AsksForInput():
		s.asking++
	case len(o.Output) > 0:
		s.nonconforming++
	default:
		s.ok++
	}
}

func (s *runSummary) failed() bool { return s.calls > s.ok }

// String is the last line of a run: "3 calls: 1 ok, 1 tool error, 1
// invalid", each count but ok left out when it is zero.
func (s *runSummary) String() string {
	if s.calls == 0 {
		return "no calls"
	}
	parts := []string{fmt.Sprintf("%d ok", s.ok)}
	for _, p := range []struct {
		n    int
		what string
	}{
		{s.toolErrors, termtext.Plural(s.toolErrors, "tool error")},
		{s.refused, termtext.Plural(s.refused, "protocol error")},
		{s.nonconforming, fmt.Sprintf("%d not conforming to the outputSchema", s.nonconforming)},
		{s.invalid, fmt.Sprintf("%d invalid, not sent", s.invalid)},
		{s.asking, fmt.Sprintf("%d asking for input", s.asking)},
	} {
		if p.n > 0 {
			parts = append(parts, p.what)
		}
	}
	return termtext.Plural(s.calls, "call") + ": " + strings.Join(parts, ", ")
}
