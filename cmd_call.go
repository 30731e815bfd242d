package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"

	"toolbench/core/call"
	"toolbench/core/jsondoc"
	"toolbench/core/termtext"
)

// callConfig is a parsed call command line.
type callConfig struct {
	opt     call.CallOptions
	format  string // "", "flat" or "tools"
	schemas string
	calls   string       // "-" is standard input
	server  *sourceFlags // the server in place of SCHEMAS; nil for a file
	run     bool         // send each valid call to the server
	history string       // with run, the file to append each call sent to
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
	fs.BoolVar(&cfg.run, "run", false, "")
	fs.StringVar(&cfg.history, "history", "", "")
	var src sourceFlags
	src.register(fs)

	files, err := parseInterleaved(fs, args)
	if err != nil {
		return nil, err
	}
	if cfg.server, err = src.serverFlags(fs); err != nil {
		return nil, err
	}
	if cfg.history != "" && !cfg.run {
		return nil, errors.New("--history records the calls --run sends; add --run")
	}
	if cfg.server != nil {
		return cfg, cfg.serverOperands(files)
	}
	if cfg.run {
		return nil, errors.New("--run sends the calls to a live MCP server: name one with --server-cmd, --server-url or --server")
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

// serverOperands reads the operands of a command line whose tools come
// from a server: only CALLS, if anything.
func (cfg *callConfig) serverOperands(files []string) error {
	switch {
	case cfg.format != "":
		return fmt.Errorf("--format says how to read SCHEMAS; %s lists a tools document", cfg.server.given)
	case len(files) > 1:
		return fmt.Errorf("%s takes the place of SCHEMAS: give one CALLS file at most, not %d files", cfg.server.given, len(files))
	case len(files) == 1:
		cfg.calls = files[0]
	default:
		cfg.calls = "-"
	}
	return nil
}

func runCall(e *env, args []string) int {
	cfg, err := parseCallArgs(args)
	if err != nil {
		return argsError(e, "toolbench call", err, callUsage)
	}
	if cfg.server != nil {
		return callServer(e, cfg)
	}
	schemas, err := loadCallSchemas(e, cfg)
	if err != nil {
		fmt.Fprintf(e.stderr, "toolbench call: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	warnUnderived(e, callsName(cfg.schemas), schemas.Underived)
	warnShadowed(e, callsName(cfg.schemas), schemas.Shadowed)
	return checkCallsOf(e, cfg, schemas)
}

// checkCallsOf checks the calls of CALLS against schemas, and prints what
// is wrong with each.
func checkCallsOf(e *env, cfg *callConfig, schemas *call.Schemas) int {
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
		readingStdin(e, "call", "the schemas")
		doc, err = jsondoc.LoadReader("<stdin>", e.stdin)
	} else {
		doc, err = jsondoc.LoadFile(cfg.schemas)
	}
	if err != nil {
		return nil, err
	}
	return call.LoadSchemas(doc, cfg.format)
}

// warnUnderived says, once per field, which fields of the tools accept
// any value because their type names no flat type: a check that passes
// them has not checked them.
func warnUnderived(e *env, file string, fields []call.Underived) {
	for _, u := range fields {
		msg := fmt.Sprintf("%s:%d:%d: tool %q, field %q: no flat type can be derived from type %q, so any value passes",
			file, u.Line, u.Column, u.Tool, u.Field, u.Type)
		fmt.Fprintf(e.stderr, "toolbench call: %s\n", termtext.EscapeLine(msg))
	}
}

// warnShadowed says, once, that some tool names are defined again with
// other parameters, as a dataset's records may each define theirs: calls
// of those names are checked against their first definitions only.
func warnShadowed(e *env, file string, names []call.Shadowed) {
	if len(names) == 0 {
		return
	}
	d := names[0]
	some := "1 tool name is"
	if len(names) > 1 {
		some = strconv.Itoa(len(names)) + " tool names are"
	}
	msg := fmt.Sprintf("%s: %s defined again with other parameters (%q at %d:%d and %d:%d); calls are checked against the first definition of each name",
		file, some, d.Tool, d.FirstLine, d.FirstColumn, d.Line, d.Column)
	fmt.Fprintf(e.stderr, "toolbench call: %s\n", termtext.EscapeLine(msg))
}

func openCalls(e *env, name string) (io.Reader, func(), error) {
	if name == "-" {
		readingStdin(e, "call", "calls")
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
	fmt.Fprintf(w, `Usage: toolbench call [--json] [--deep] [--format flat|tools] SCHEMAS [CALLS]
       toolbench call [--json] [--deep] [--run [--history FILE]] SERVER-FLAGS [CALLS]

Check model-proposed tool calls against tool schemas: unknown tools,
missing and extra arguments, and arguments of the wrong type.

SCHEMAS is a flat schema file ({"tool": {"required": {"field": "str"},
"optional": {...}}}, types str, int, float, bool, list, dict) or a tools
document (OpenAI, Anthropic, MCP or bare tools, as a list, {"tools": [...]},
a tools/list result, a dataset's records or JSON Lines of these), told
apart by their shape. A field whose type no flat type can be derived from
accepts any value, and is named on standard error.
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
  --run            also send each valid call to the server (tools/call) and
                   print its result; an invalid call is not sent
  --history FILE   with --run, append each call sent and its result to FILE
                   as JSON Lines, which 'toolbench call --run' replays
  -h, --help       show this help

With a server flag in place of SCHEMAS, the calls are checked against the
tools the server lists. With --run, each call prints
  line N: ok 4 ms              (or "tool error 4 ms", the tool failed)
then each content item of the result, indented: text as it is, images and
audio as [image/png, 1,234 bytes], resource links as their URI. A call the
server refuses prints "protocol error" and the JSON-RPC error. When the
tool declares an outputSchema, structuredContent is checked against it,
each problem a line "output /path: message". The last line counts them.
With --json each call is one line:
  {"errors": [...], "result": {...}, "ms": 4.213, "output": [{"path", "message"}]}
with "schema" as for --deep, "result" the server's result object (null
when not sent), and "error": {"code", "message"} for a refused call.

%s
Examples:
  $ echo '{"name": "search", "args": {"limit": true, "debug": 1}}' |
      toolbench call schemas.json
  missing:query
  extra:debug
  type:limit:int

  $ echo '{"name": "echo", "arguments": {"message": "hi"}}' |
      toolbench call --run --server everything
  line 1: ok 3 ms
    Echo: hi
  1 call: 1 ok

Exit status: 0 every call is valid (and with --run, every result is ok and
conforms), 1 some call is not (or, with --run, a result is a tool error, a
protocol error or breaks the outputSchema), 2 usage error, SCHEMAS that
cannot be read or parsed, CALLS that cannot be read (CALLS that are not
JSON are malformed calls), or a server that cannot be reached, or that
fails while the calls run.
`, serverFlagsHelp)
}
