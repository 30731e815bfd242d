package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"toolbench/core/call"
	"toolbench/core/jsondoc"
	"toolbench/core/termtext"
)

// callConfig is a parsed call command line.
type callConfig struct {
	opt     call.CallOptions
	format  string // "", "flat" or "tools"
	schemas string
	calls   string // "-" is standard input
}

// parseCallArgs reads `call [flags] SCHEMAS [CALLS]`. Flags may come
// before or after the files; everything after "--" is a file. It returns
// flag.ErrHelp for -h.
func parseCallArgs(args []string) (*callConfig, error) {
	fs := newFlagSet("call")
	cfg := &callConfig{}
	fs.BoolVar(&cfg.opt.JSON, "json", false, "")
	fs.BoolVar(&cfg.opt.Deep, "deep", false, "")
	fs.StringVar(&cfg.format, "format", "", "")

	files, err := parseInterleaved(fs, args)
	if err != nil {
		return nil, err
	}

	switch cfg.format {
	case "", "flat", "tools":
	default:
		return nil, fmt.Errorf("unknown --format %q (known: flat, tools)", cfg.format)
	}
	switch len(files) {
	case 0:
		return nil, errors.New("missing SCHEMAS: the flat schema file or tools document to check calls against")
	case 1:
		cfg.schemas, cfg.calls = files[0], "-"
	case 2:
		cfg.schemas, cfg.calls = files[0], files[1]
	default:
		return nil, fmt.Errorf("too many arguments: want SCHEMAS [CALLS], got %d files", len(files))
	}
	if cfg.schemas == "-" && cfg.calls == "-" {
		return nil, errors.New("SCHEMAS and CALLS cannot both be standard input (-)")
	}
	return cfg, nil
}

func runCall(e *env, args []string) int {
	cfg, err := parseCallArgs(args)
	if err != nil {
		return argsError(e, "toolbench call", err, callUsage)
	}
	schemas, err := loadCallSchemas(e, cfg)
	if err != nil {
		fmt.Fprintf(e.stderr, "toolbench call: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	in, closeIn, err := openCalls(e, cfg.calls)
	if err != nil {
		fmt.Fprintf(e.stderr, "toolbench call: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	defer closeIn()
	sum, err := call.CheckCalls(in, jsondoc.SafeWriter(e.stdout), schemas, cfg.opt)
	if err != nil {
		fmt.Fprintf(e.stderr, "toolbench call: %s: %s\n", termtext.EscapeLine(callsName(cfg.calls)), termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	if sum.Invalid > 0 {
		return exitIssues
	}
	return exitOK
}

// loadCallSchemas reads SCHEMAS. Its errors name the file, and the line
// and column of what is wrong in it.
func loadCallSchemas(e *env, cfg *callConfig) (*call.Schemas, error) {
	var doc *jsondoc.Document
	var err error
	if cfg.schemas == "-" {
		doc, err = jsondoc.LoadReader("<stdin>", e.stdin)
	} else {
		doc, err = jsondoc.LoadFile(cfg.schemas)
	}
	if err != nil {
		return nil, err
	}
	return call.LoadSchemas(doc, cfg.format)
}

func openCalls(e *env, name string) (io.Reader, func(), error) {
	if name == "-" {
		return e.stdin, func() {}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	return f, func() { f.Close() }, nil
}

func callsName(name string) string {
	if name == "-" {
		return "<stdin>"
	}
	return name
}

func callUsage(w io.Writer) {
	fmt.Fprint(w, `Usage: toolbench call [--json] [--deep] [--format flat|tools] SCHEMAS [CALLS]

Check model-proposed tool calls against tool schemas: unknown tools,
missing and extra arguments, and arguments of the wrong type.

SCHEMAS is a flat schema file ({"tool": {"required": {"field": "str"},
"optional": {...}}}, types str, int, float, bool, list, dict) or a tools
document (OpenAI, Anthropic, MCP or bare tools, as a list, {"tools": [...]}
or a tools/list result), told apart by their shape.
CALLS is a file or - (the default, standard input) holding one call or
JSON Lines, one call a line. A call may be {"name", "args"}, {"name",
"arguments"}, an OpenAI tool_calls item or Responses function_call, an
Anthropic tool_use block, an MCP tools/call request or a Gemini
functionCall.

Flags:
  --json           one JSON line per call: the array of errors, [] if valid
  --deep           also validate arguments against the tool's full JSON Schema
                   (enums, bounds, patterns, formats, nested values); needs a
                   tools document. With --json each line is
                   {"errors": [...], "schema": [{"path", "message"}]}
  --format F       read SCHEMAS as "flat" or "tools" instead of guessing
  -h, --help       show this help

Example:
  $ echo '{"name": "search", "args": {"limit": true, "debug": 1}}' |
      toolbench call schemas.json
  missing:query
  extra:debug
  type:limit:int

Exit status: 0 every call is valid, 1 some call is not, 2 usage error or
SCHEMAS or CALLS that cannot be read or parsed.
`)
}
