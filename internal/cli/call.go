package cli

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"toolbench/core/call"
	"toolbench/core/jsondoc"
	"toolbench/core/report"
	"toolbench/core/termtext"
	"toolbench/internal/source"
)

// callOptions is a parsed call command line.
type callOptions struct {
	format     report.Format
	opt        call.CallOptions
	deepGiven  bool         // --deep was given, true or false
	schemaKind string       // the kind of SCHEMAS: "", "flat" or "tools"
	kindFlag   string       // the flag that gave it: --schemas, or --format as it did before
	note       string       // a line for standard error before anything runs
	schemas    source.Input // a file, or a server in its place
	calls      string       // "-" is standard input
	run        bool         // send each valid call to the server
	history    string       // with run, the file to append each call sent to
}

// callFlags are the flags of toolbench call.
type callFlags struct {
	deep, run bool
	format    formatFlags
	schemas   string
	history   string
	server    serverFlags
}

// command returns toolbench call, its flags read into f.
func (f *callFlags) command(e *env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "call SCHEMAS [CALLS]",
		Short: "check tool calls, or run them on a server",
		Long: prose(`
Check model-proposed tool calls against tool schemas: unknown tools,
missing and extra arguments, and arguments of the wrong type.

SCHEMAS is a flat schema file ({"tool": {"required": {"field": "str"},
"optional": {...}}}, types str, int, float, bool, list, dict) or a tools
document (OpenAI, Anthropic, MCP or bare tools, as a list, {"tools": [...]},
a tools/list result, a dataset's records or JSON Lines of these), told
apart by their shape; - for standard input, or REV:PATH. A field whose
type no flat type can be derived from accepts any value, and is named on
standard error.

CALLS is a file or - (the default, standard input) holding one call or
JSON Lines, one call a line. A call may be {"name", "args"}, {"name",
"arguments"}, an OpenAI tool_calls item or Responses function_call, an
Anthropic tool_use block, an MCP tools/call request or a Gemini
functionCall. CALLS may be a record of 'toolbench proxy --record' too:
each tools/call the client sent is a call at its line of the record, so
that what an agent called can be checked against tools as they are now,
or as a new version will be; against a tools document, a record's calls
are checked as the proxy checked them, with --deep (--deep=false leaves
it out). Each invalid call prints its errors, one a line:
missing:query, extra:debug, type:limit:int. With --json each call is a
line holding the array of its errors, [] if valid; with --deep too,
{"errors": [...], "schema": [{"path", "message"}]}. A call of a custom
tool whose grammar went unchecked (unchecked:lark) is valid, with a note:
text prints "valid" before it, and JSON the object, with "notes": [...]
apart from its errors. --format sarif,
github and markdown report each error at its call's line of CALLS, its
code (missing, extra, type, unknown_tool, ...) as the rule.

With a server flag in place of SCHEMAS, the calls are checked against the
tools the server lists. With --run, each call prints "line N: ok 4 ms"
(or "tool error 4 ms", the tool failed), then each content item of the
result, indented: text as it is, images and audio as [image/png, 1,234
bytes], resource links as their URI. A call the server refuses prints
"protocol error" and the JSON-RPC error. When the tool declares an
outputSchema, structuredContent is checked against it, each problem a line
"output /path: message". The last line counts them. With --json each call
is one line, {"errors": [...], "result": {...}, "ms": 4.213, "output":
[{"path", "message"}]}, with "schema" as for --deep, "result" the server's
result object (null when not sent), and "error": {"code", "message"} for a
refused call. --format sarif, github and markdown report what went wrong
at each call's line: its errors, a tool error, a protocol error, each
place the output breaks the outputSchema, and a result that asks for
input (input_required, a warning).

Exit status: 0 every call is valid (and with --run, every result is ok and
conforms), 1 some call is not (or, with --run, a result is a tool error, a
protocol error or breaks the outputSchema), 2 usage error, SCHEMAS that
cannot be read or parsed, CALLS that cannot be read (CALLS that are not
JSON are malformed calls), or a server that cannot be reached, or that
fails while the calls run.`),
		Example: `echo '{"name": "search", "args": {"limit": true, "debug": 1}}' | toolbench call schemas.json
toolbench call --deep --json tools.json calls.jsonl
toolbench call --format github tools.json calls.jsonl
toolbench call tools-v2.json proxy.jsonl
echo '{"name": "echo", "arguments": {"message": "hi"}}' | toolbench call --run --server everything`,
		RunE: runs(f.options, func(opts *callOptions) error { return exit(runCall(e, opts)) }),
	}
	fs := cmd.Flags()
	f.format.register(cmd, writesCalls)
	fs.BoolVar(&f.deep, "deep", false, "also check arguments against the full JSON Schema")
	document(fs, "deep", "also validate arguments against the tool's full JSON Schema (enums, bounds, patterns, formats, nested values); needs a tools document. On for a proxy's record checked against a tools document, as the proxy checks calls (--deep=false turns it off)")
	fs.StringVar(&f.schemas, "schemas", "", "read SCHEMAS as flat or tools instead of guessing")
	document(fs, "schemas", `read SCHEMAS as "flat" or "tools" instead of guessing`)
	cmd.RegisterFlagCompletionFunc("schemas", func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return []cobra.Completion{"flat", "tools"}, cobra.ShellCompDirectiveNoFileComp
	})
	fs.BoolVar(&f.run, "run", false, "also send each valid call to the server")
	document(fs, "run", "also send each valid call to the server (tools/call) and print its result; an invalid call is not sent")
	fs.StringVar(&f.history, "history", "", "with --run, append calls and results to FILE")
	document(fs, "history", "with --run, append each call sent and its result to FILE (JSON Lines, which toolbench call --run replays)")
	f.server.register(cmd, e)
	return cmd
}

// options reads `call [flags] SCHEMAS [CALLS]`, or a server flag in place
// of SCHEMAS.
func (f *callFlags) options(fs *pflag.FlagSet, files []string) (*callOptions, error) {
	cfg := &callOptions{opt: call.CallOptions{Deep: f.deep}, deepGiven: fs.Changed("deep"), schemaKind: f.schemas, kindFlag: "--schemas", run: f.run, history: f.history}
	if err := f.pickFormat(fs, cfg); err != nil {
		return nil, err
	}
	server, err := f.server.resolve(fs)
	if err != nil {
		return nil, err
	}
	if cfg.history != "" && !cfg.run {
		return nil, errors.New("--history records the calls --run sends; add --run")
	}
	if cfg.run && !writesRuns(cfg.format) {
		return nil, fmt.Errorf("--format %s writes no outcomes of --run (known: %s)", cfg.format.Name, strings.Join(report.FormatNames(writesRuns), ", "))
	}
	if server != nil {
		cfg.schemas.Server = server
		return cfg, f.serverOperands(cfg, files)
	}
	if cfg.run {
		return nil, errors.New("--run sends the calls to a live MCP server: name one with --server-cmd, --server-url or --server")
	}

	switch cfg.schemaKind {
	case "", "flat", "tools":
	default:
		return nil, fmt.Errorf("unknown --schemas %q (known: flat, tools)", cfg.schemaKind)
	}
	if cfg.opt.Deep && cfg.schemaKind == "flat" {
		return nil, errDeepFlat
	}
	switch len(files) {
	case 0:
		return nil, errors.New("missing SCHEMAS: the flat schema file or tools document to check calls against")
	case 1:
		cfg.schemas.Path, cfg.calls = files[0], "-"
	case 2:
		cfg.schemas.Path, cfg.calls = files[0], files[1]
	default:
		return nil, fmt.Errorf("too many arguments: want SCHEMAS [CALLS], got %d files", len(files))
	}
	if cfg.schemas.Path == "-" && cfg.calls == "-" {
		return nil, errors.New("SCHEMAS and CALLS cannot both be standard input (-)")
	}
	return cfg, nil
}

// errDeepFlat refuses --deep on a flat schema file: deep validation
// checks arguments against a tool's JSON Schema (enums, bounds,
// patterns, nested values), and a flat schema holds a type per field,
// which the check without --deep covers already.
var errDeepFlat = errors.New("--deep validates against a tools document's JSON Schemas; a flat schema file has field types only, which the check without --deep covers")

// pickFormat reads --format and --json into cfg. --format flat and
// --format tools, which named the kind of SCHEMAS before --schemas did,
// still do, with a note, and the report is text (JSON with --json).
func (f *callFlags) pickFormat(fs *pflag.FlagSet, cfg *callOptions) error {
	if name := f.format.name; name == "flat" || name == "tools" {
		if fs.Changed("schemas") {
			return fmt.Errorf("--format %s and --schemas %s both say how to read SCHEMAS: give --schemas", name, f.schemas)
		}
		cfg.schemaKind, cfg.kindFlag = name, "--format"
		cfg.note = fmt.Sprintf("toolbench call: --format %s is --schemas %s now; --format names the report's format (%s)",
			name, name, strings.Join(report.FormatNames(writesCalls), ", "))
		f.format.name = "text"
		if f.format.asJSON {
			f.format.name = "json"
		}
	}
	var err error
	cfg.format, err = f.format.pick(fs, writesCalls)
	if err != nil && !f.format.asJSON {
		return fmt.Errorf("%w; --schemas flat|tools says how to read SCHEMAS", err)
	}
	return err
}

// serverOperands reads the operands of a command line whose tools come
// from a server: only CALLS, if anything.
func (f *callFlags) serverOperands(cfg *callOptions, files []string) error {
	switch {
	case cfg.schemaKind != "":
		return fmt.Errorf("%s says how to read SCHEMAS; %s lists a tools document", cfg.kindFlag, f.server.given)
	case len(files) > 1:
		return fmt.Errorf("%s takes the place of SCHEMAS: give one CALLS file at most, not %d files", f.server.given, len(files))
	case len(files) == 1:
		cfg.calls = files[0]
	default:
		cfg.calls = "-"
	}
	return nil
}

func runCall(e *env, cfg *callOptions) int {
	if cfg.note != "" {
		fmt.Fprintln(e.stderr, cfg.note)
	}
	ctx, stop := sourceContext(cfg.schemas)
	defer stop()
	if cfg.schemas.Path == "-" {
		e.readingStdin("call", "the schemas")
	}
	src, err := source.Open(ctx, cfg.schemas, e.sourceOptions())
	if err != nil {
		return sourceFailed(ctx, e, "toolbench call", err)
	}
	defer src.Close()
	kind := cfg.schemaKind
	if src.Client != nil {
		kind = "tools"
	}
	schemas, err := call.LoadSchemas(src.Doc, kind)
	if err != nil {
		fmt.Fprintf(e.stderr, "toolbench call: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	if cfg.opt.Deep && schemas.Tools == nil {
		fmt.Fprintf(e.stderr, "toolbench call: %s: %s\n", termtext.EscapeLine(src.Doc.Name), errDeepFlat)
		return exitFailure
	}
	warnUnderived(e, src.Doc.Name, schemas.Underived)
	warnShadowed(e, src.Doc.Name, schemas.Shadowed)
	if cfg.run {
		return runCalls(ctx, e, cfg, src, schemas)
	}
	return checkCallsOf(e, cfg, schemas)
}

// checkCallsOf checks the calls of CALLS against schemas, and prints what
// is wrong with each.
func checkCallsOf(e *env, cfg *callOptions, schemas *call.Schemas) int {
	in, record, closeIn, err := openCalls(e, cfg.calls)
	if err != nil {
		fmt.Fprintf(e.stderr, "toolbench call: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	defer closeIn()
	opt := cfg.opt
	opt.Deep = cfg.deep(record, schemas)
	r := &report.CallReport{File: displayName(cfg.calls), Deep: opt.Deep, Version: e.build.version(), InformationURI: e.build.informationURI()}
	sum, err := report.WriteCalls(cfg.format, jsondoc.SafeWriter(e.stdout), r, in, schemas, opt)
	if err != nil {
		fmt.Fprintf(e.stderr, "toolbench call: %s\n", termtext.EscapeLine(inFile(displayName(cfg.calls), err)))
		return exitFailure
	}
	if sum.Invalid > 0 {
		return exitIssues
	}
	return exitOK
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

// openCalls opens CALLS, the file name or standard input: its calls, one
// a line or one in all, or a record of toolbench proxy's (see callsOf),
// which record says.
func openCalls(e *env, name string) (calls io.Reader, record bool, closeCalls func(), err error) {
	if name == "-" {
		e.readingStdin("call", "calls")
		calls, record, stop := callsOf(e.stdin)
		return calls, record, stop, nil
	}
	f, err := e.open(name)
	if err != nil {
		return nil, false, nil, err
	}
	calls, record, stop := callsOf(f)
	return calls, record, func() { stop(); f.Close() }, nil
}

// deep says whether the calls are checked against the tools' full JSON
// Schemas too: with --deep; and, unless --deep=false says not, when they
// are a proxy's record checked against a tools document, as the proxy
// checked them, so that a call the proxy refused is not found valid.
func (cfg *callOptions) deep(record bool, schemas *call.Schemas) bool {
	if cfg.deepGiven {
		return cfg.opt.Deep
	}
	return cfg.opt.Deep || record && schemas.Tools != nil
}
