package cli

import (
	"context"
	"errors"
	"fmt"
	"io"

	"toolbench/core/call"
	"toolbench/core/jsondoc"
	"toolbench/core/report"
	"toolbench/core/termtext"
	"toolbench/internal/live"
	"toolbench/internal/source"
)

// errServerFailed stops the reading of calls when the server has failed.
var errServerFailed = errors.New("the server failed")

// runCalls sends each valid call of CALLS to the server, in order, one at
// a time, and prints each outcome as it comes. A server that fails (exits,
// does not answer in time) ends the run: what follows could not be sent.
func runCalls(ctx context.Context, e *env, cfg *callOptions, src *source.Source, schemas *call.Schemas) int {
	in, record, closeIn, err := openCalls(e, cfg.calls)
	if err != nil {
		fmt.Fprintf(e.stderr, "toolbench call: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	defer closeIn()
	history := io.Discard
	if cfg.history != "" {
		f, err := live.OpenHistory(e.path(cfg.history))
		if err != nil {
			fmt.Fprintf(e.stderr, "toolbench call: --history: %s\n", termtext.EscapeLine(err.Error()))
			return exitFailure
		}
		defer f.Close()
		history = f
	}

	deep := cfg.deep(record, schemas)
	r := &report.RunReport{File: displayName(cfg.calls), Deep: deep, Version: e.build.version(), InformationURI: e.build.informationURI()}
	w := cfg.format.Runs(jsondoc.SafeWriter(e.stdout), r)
	var sum report.RunSummary
	var failure, writeErr error
	err = call.ReadCalls(in, func(line int, c call.Call) error {
		o := live.Run(ctx, src.Client, schemas, c, live.Options{Deep: deep})
		if entry, sent := o.Entry(src.Client.Name()); sent {
			if err := live.AppendEntry(history, entry); err != nil {
				return fmt.Errorf("--history %s: %w", cfg.history, err)
			}
		}
		run, ok := o.Report(line)
		if !ok {
			failure = fmt.Errorf("line %d: %w", line, src.ServerError(o.Err))
			return errServerFailed
		}
		sum.Count(&run)
		if err := w.Run(&run); err != nil {
			writeErr = fmt.Errorf("writing the report: %w", err)
		}
		return writeErr
	})
	stopped := err
	switch {
	case ctx.Err() != nil:
		stopped = errors.New("interrupted")
	case failure != nil:
		stopped = failure
	}
	if writeErr == nil {
		if err := w.Close(sum, stopped); err != nil {
			writeErr = fmt.Errorf("writing the report: %w", err)
		}
	}
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
		fmt.Fprintf(e.stderr, "toolbench call: %s\n", termtext.EscapeLine(inFile(displayName(cfg.calls), err)))
		return exitFailure
	}
	if sum.Failed() {
		return exitIssues
	}
	return exitOK
}
