package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"toolbench/core/lint"
	"toolbench/core/termtext"
)

// newFlagSet returns a flag set that reports errors to its caller instead
// of printing them, so each command words its own usage errors.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parseInterleaved parses args with fs, letting flags come before or after
// the operands (`toolbench lint tools.json --strict`); everything after
// "--" is an operand. It returns the operands in order, and flag.ErrHelp
// for -h.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var operands []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			return append(operands, rest...), nil
		}
		if len(rest) == 0 {
			return operands, nil
		}
		operands, args = append(operands, rest[0]), rest[1:]
	}
}

// listFlag collects a flag that may be repeated and may hold
// comma-separated values.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(v string) error {
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			*l = append(*l, s)
		}
	}
	return nil
}

// ruleFlags are --target and --ignore, which lint, watch and the
// workbench share.
type ruleFlags struct {
	targets, ignore listFlag
}

func (r *ruleFlags) register(fs *flag.FlagSet) {
	fs.Var(&r.targets, "target", "")
	fs.Var(&r.ignore, "ignore", "")
}

// options checks the target names and rule codes and returns them as the
// linter's options.
func (r *ruleFlags) options() (lint.Options, error) {
	t, err := lint.ParseTargets(r.targets)
	if err != nil {
		return lint.Options{}, fmt.Errorf("--target: %w", err)
	}
	for _, code := range r.ignore {
		if lint.LookupRule(code) == nil {
			return lint.Options{}, fmt.Errorf("--ignore: unknown rule code %q", code)
		}
	}
	return lint.Options{Targets: t, Ignore: r.ignore}, nil
}

// argsError answers a command line the command's parser rejected: -h
// prints the help on stdout with status 0, anything else the error and
// where the help is on stderr with status 2. prog is the command as typed,
// "toolbench lint".
func argsError(e *env, prog string, err error, usage func(io.Writer)) int {
	if errors.Is(err, flag.ErrHelp) {
		usage(e.stdout)
		return exitOK
	}
	fmt.Fprintf(e.stderr, "%s: %s\nRun '%s -h' for usage.\n", prog, termtext.EscapeLine(err.Error()), prog)
	return exitFailure
}
