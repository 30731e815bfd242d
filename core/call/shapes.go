package call

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"toolbench/core/jsondoc"
)

// Call is a tool call reduced to what the check needs: the tool's name
// and its arguments. Args is nil when the call has no arguments member
// (the same as {}), otherwise an object. Malformed, when not empty, says
// why the input is not a call at all; Name and Args are then unset.
type Call struct {
	Name      string
	Args      *jsondoc.Node
	Malformed string
	// MalformedLine and MalformedColumn place the syntax error of a
	// malformed call in the input it was read from, as Malformed starts
	// by saying ("3:14: ..."); MalformedColumn is 0 when Malformed gives
	// a line only, and both are 0 when it gives no place.
	MalformedLine, MalformedColumn int
	// Namespace is the OpenAI namespace a Responses function_call names
	// beside the function ("namespace": "crm"), "" for none.
	Namespace string
	// Custom marks a call of an OpenAI custom tool, whose Input is the
	// free text the model wrote; Args is then nil.
	Custom bool
	Input  string
}

// The reasons a call is malformed. They are short, lowercase and stable:
// scripts match them after "malformed:".
const (
	reasonNotObject = "not an object"
	reasonNoName    = "no name"
	reasonName      = "name is not a string"
	reasonMethod    = "method is not tools/call"
	reasonBothArgs  = "both args and arguments"
	// A message holds calls rather than being one: each of its tool_calls
	// items (OpenAI), or of its content's tool_use blocks (Anthropic), is
	// a call, to be given one a line.
	reasonMessage = "a message, not a call: give each of its %s as a call of its own"
)

// NormalizeCall reads a call in any of the shapes models produce:
//
//	{"name", "args"}                                    the flat form
//	{"name", "arguments"}                               arguments an object or a JSON string
//	{"id", "type": "function", "function": {"name", "arguments": "<json>"}}  OpenAI tool_calls item
//	{"type": "function_call", "name", "arguments": "<json>"}               OpenAI Responses item, "namespace" beside for a namespace's function
//	{"type": "custom_tool_call", "call_id", "name", "input": "<text>"}      OpenAI Responses custom tool call
//	{"id", "type": "custom", "custom": {"name", "input": "<text>"}}        OpenAI Chat Completions custom tool call
//	{"type": "tool_use", "id", "name", "input"}         Anthropic tool_use block
//	{"jsonrpc", "method": "tools/call", "params": {"name", "arguments"}}   MCP request
//	{"functionCall": {"name", "args"}}                  Gemini part
//
// A value that fits none of them is a Call with Malformed set.
func NormalizeCall(n *jsondoc.Node) Call { return normalizeCall(n, nil) }

// normalizeCall is NormalizeCall parsing arguments strings with ap, or on
// their own when ap is nil.
func normalizeCall(n *jsondoc.Node, ap *jsondoc.Parser) Call {
	holder, argsKey, malformed := argsHolder(n)
	if malformed != "" {
		return Call{Malformed: malformed}
	}
	return callOf(holder, argsKey, ap)
}

// ArgsAt tells where a call in any shape NormalizeCall reads keeps its
// name and arguments: the object holding them and the key of the
// arguments' member, which may be absent. ok is false for a value that
// is no call. An editor uses it to change a call's arguments in place.
func ArgsAt(n *jsondoc.Node) (holder *jsondoc.Node, argsKey string, ok bool) {
	holder, argsKey, malformed := argsHolder(n)
	return holder, argsKey, malformed == ""
}

// argsHolder finds the object of n that holds the call's name and
// arguments, by the call's shape, or says why n has none.
func argsHolder(n *jsondoc.Node) (holder *jsondoc.Node, argsKey, malformed string) {
	if !n.Is(jsondoc.Object) {
		return nil, "", reasonNotObject
	}
	switch {
	case n.Get("tool_calls").Is(jsondoc.Array):
		return nil, "", fmt.Sprintf(reasonMessage, "tool_calls items")
	case !n.Has("name") && hasToolUse(n.Get("content")):
		return nil, "", fmt.Sprintf(reasonMessage, "content's tool_use blocks")
	case n.Get("type").Text() == "custom_tool_call":
		return n, "input", ""
	case n.Get("type").Text() == "custom" && n.Has("custom"):
		return nested(n, "custom", "input")
	case n.Has("functionCall"):
		return nested(n, "functionCall", "args")
	case n.Has("method"):
		if n.Get("method").Text() != "tools/call" {
			return nil, "", reasonMethod
		}
		return nested(n, "params", "arguments")
	case n.Has("function"):
		return nested(n, "function", "arguments")
	case n.Get("type").Text() == "tool_use":
		return n, "input", ""
	case n.Has("args") && n.Has("arguments"):
		return nil, "", reasonBothArgs
	case n.Has("arguments"):
		return n, "arguments", ""
	}
	return n, "args", ""
}

// hasToolUse reports whether content, a message's, holds a tool_use block.
func hasToolUse(content *jsondoc.Node) bool {
	for _, m := range content.Elems() {
		if m.Value.Get("type").Text() == "tool_use" {
			return true
		}
	}
	return false
}

// nested is the call nested in the member key of n.
func nested(n *jsondoc.Node, key, argsKey string) (*jsondoc.Node, string, string) {
	inner := n.Get(key)
	if !inner.Is(jsondoc.Object) {
		return nil, "", key + " is not an object"
	}
	return inner, argsKey, ""
}

// callOf reads the name and the arguments member argsKey of obj. Only an
// "arguments" member may be a string, which must hold a JSON object: the
// way OpenAI sends arguments.
func callOf(obj *jsondoc.Node, argsKey string, ap *jsondoc.Parser) Call {
	name, ok := obj.Member("name")
	if !ok {
		return Call{Malformed: reasonNoName}
	}
	if !name.Value.Is(jsondoc.String) {
		return Call{Malformed: reasonName}
	}
	if argsKey == "input" && obj.Get("type").Text() != "tool_use" {
		return customCall(obj, name.Value.Str())
	}
	args, ok := obj.Member(argsKey)
	if !ok {
		return Call{Name: name.Value.Str(), Namespace: obj.Get("namespace").Text()}
	}
	v := args.Value
	if v.Is(jsondoc.String) && argsKey == "arguments" {
		parsed, err := ap.Parse(v.Str())
		if err != nil {
			return Call{Malformed: argsKey + " is not valid JSON: " + syntaxReason(err)}
		}
		v = parsed
	}
	if !v.Is(jsondoc.Object) {
		return Call{Malformed: argsKey + " is not an object"}
	}
	return Call{Name: name.Value.Str(), Args: v, Namespace: obj.Get("namespace").Text()}
}

// customCall reads the call of a custom tool named name whose input is
// the member "input" of obj: a string, the text the model wrote.
func customCall(obj *jsondoc.Node, name string) Call {
	in := obj.Get("input")
	switch {
	case in == nil:
		return Call{Malformed: "custom tool call without input"}
	case !in.Is(jsondoc.String):
		return Call{Malformed: "input is not a string"}
	}
	return Call{Name: name, Custom: true, Input: in.Str()}
}

// syntaxReason is a parse error as "LINE:COL: what was wrong", without a
// file name.
func syntaxReason(err error) string {
	var se *jsondoc.SyntaxError
	if !errors.As(err, &se) {
		return err.Error()
	}
	if se.Line == 0 {
		return se.Msg
	}
	return strconv.Itoa(se.Line) + ":" + strconv.Itoa(se.Column) + ": " + se.Msg
}

// syntaxCall is the malformed call of a syntax error, placed where the
// error says.
func syntaxCall(err error) Call {
	var se *jsondoc.SyntaxError
	if errors.As(err, &se) && se.Line > 0 {
		return malformedAt(se.Line, se.Column, se.Msg)
	}
	return Call{Malformed: syntaxReason(err)}
}

// malformedAt is a call malformed by what msg says, at line and col of
// the input (col 0 when only the line is known): its Malformed is
// "LINE:COL: msg", or "LINE: msg".
func malformedAt(line, col int, msg string) Call {
	place := strconv.Itoa(line) + ":"
	if col > 0 {
		place += strconv.Itoa(col) + ":"
	}
	return Call{Malformed: place + " " + msg, MalformedLine: line, MalformedColumn: col}
}

// CheckCallText parses text as one call, in any shape NormalizeCall
// reads, and checks it against s as ValidateCall does. Text that is not
// JSON gives the one error "malformed:LINE:COL: what was wrong",
// positioned in text.
func CheckCallText(text string, s *Schemas) []string {
	n, err := jsondoc.ParseValue("call", text)
	if err != nil {
		return ValidateCall(syntaxCall(err), s)
	}
	return ValidateCall(NormalizeCall(n), s)
}

// ReadCalls reads the calls in r and hands each to fn with the line it
// starts on, in input order. The input is either one call, pretty-printed
// or not, or JSON Lines: one call a line, blank lines skipped. It is one
// call when the whole input is one JSON value; else, when it is several
// JSON values one after another (pretty-printed calls, say), a call each
// at the line it starts on; else JSON Lines when any non-blank line is a
// JSON value on its own, each line that is not costing only itself (a
// malformed call); else one malformed call with the syntax error's line
// and column. Input of white space only holds no call. Once the first
// non-blank line is a value on its own, the input is JSON Lines.
//
// JSON Lines are read and parsed a line at a time. The Args of a call
// are only valid during fn. A read error, or an error from fn, stops the
// reading and is returned.
func ReadCalls(r io.Reader, fn func(line int, c Call) error) error {
	return readCalls(r, jsondoc.MaxDocumentSize, fn, nil)
}

// readCalls is ReadCalls with a limit on the input's size, and on a
// line's. Once the input is known to be JSON Lines, stream reads the rest
// of it; nil reads it a line at a time, handing each call to fn.
func readCalls(r io.Reader, limit int, fn func(line int, c Call) error, stream func(lr *lineReader) error) error {
	if stream == nil {
		stream = func(lr *lineReader) error { return lr.each(fn) }
	}
	lr := newLineReader(r, limit)
	blank := 0 // the blank lines before the first call, counted, not kept
	for {
		text, err := lr.next()
		if err != nil {
			return callEOF(err)
		}
		switch {
		case lr.cut && lr.notJSON != nil:
			// Past the buffer and not JSON at its first bytes: no value,
			// nor the start of one, and no line of the buffer is one (see
			// readFirst). The input is one malformed call, read no
			// further: /dev/zero costs nothing.
			return fn(lr.line, lr.cutCall())
		case lr.cut:
			// A line past the limit is no pretty-printed call either.
			if err := fn(lr.line, lr.cutCall()); err != nil {
				return err
			}
			return stream(lr)
		case isBlankLine(text):
			blank++
			continue
		}
		if n, err := lr.parse(text); err == nil {
			if err := fn(lr.line, lr.normalize(n)); err != nil {
				return err
			}
			return stream(lr)
		}
		// Not a value on its own: the first line of a pretty-printed
		// call, or a bad line of JSON Lines.
		return lr.readFirst(slices.Clone(text), blank, fn, stream)
	}
}

// readFirst reads the input on from head, its first line that is not
// blank, which is not a value on its own, after blank lines that are.
// The calls are placed in the input (fn gets them so) while they are
// read from head on.
//
// Whether the input is JSON Lines, one call pretty-printed, calls one
// after another, or one malformed call is told by what follows head:
// from what the reader's buffer holds already, when that tells JSON
// Lines, so that calls piped in one at a time are checked as they come;
// else from the buffer's worth of the input (see judgeFirst); else from
// the whole input, read within the limit.
func (lr *lineReader) readFirst(head []byte, blank int, fn func(line int, c Call) error, stream func(lr *lineReader) error) error {
	// head is placed on the line after one blank line, if any were, so
	// that a byte order mark there stays in the middle of the input.
	skipped := max(blank-1, 0)
	if blank > 0 {
		head = append([]byte{'\n'}, head...)
	}
	placed := func(line int, c Call) error { return fn(line+skipped, movedDown(c, skipped)) }
	firstLine := lr.line - skipped
	judged, err := lr.judgeFirst(head, false)
	if judged == undecided {
		judged, err = lr.judgeFirst(head, true)
	}
	switch judged {
	case firstOfJSONLines:
		if err := eachLine(splitCallLines(head), placed); err != nil {
			return err
		}
		return stream(lr)
	case notJSON:
		// The reading stops here: the rest may be endless.
		return placed(firstLine, syntaxCall(err))
	}
	// Look at the whole input.
	rest, err := jsondoc.ReadLimited(lr.br, int64(lr.limit-len(head)))
	if errors.Is(err, jsondoc.ErrTooLarge) {
		return &jsondoc.TooLargeError{Limit: int64(lr.limit)}
	}
	if err != nil {
		return err
	}
	return readWhole(append(head, rest...), firstLine, placed)
}

// What the input's first line that is not a value on its own starts.
type firstLineIs int

const (
	undecided        firstLineIs = iota // the whole input tells
	firstOfJSONLines                    // a bad line of JSON Lines
	notJSON                             // one malformed call: no value, none after another, and no JSON Lines
)

// judgeFirst tells what head, the input up to a first line that is not a
// value on its own, starts, judging by what follows it in the reader's
// buffer: what is there already, or, with wait, the buffer's worth of
// input once it is there (undecided when the input ends first: it is all
// in the buffer, and the whole of it tells). A head that no continuation
// could make one JSON value, nor a value spanning lines that others
// follow, starts JSON Lines when a later line there is a value on its
// own; with wait, when none is, the input is no JSON at all, and the
// error says where it fails.
func (lr *lineReader) judgeFirst(head []byte, wait bool) (firstLineIs, error) {
	ahead, _ := lr.br.Peek(lr.br.Buffered()) // what is there, without waiting for more
	if wait {
		var err error
		if ahead, err = lr.br.Peek(lr.br.Size()); err != nil {
			return undecided, nil
		}
	}
	lines := ahead[:bytes.LastIndexByte(ahead, '\n')+1] // whole lines only
	if !wait {
		if len(lines) == 0 {
			return undecided, nil
		}
		ahead = lines
	}
	// The probe reads on into what is ahead: an error stands only with a
	// little text after it. Values one after another are no JSON Lines
	// either, whatever their lines look like.
	probe := append(slices.Clip(head), ahead...)
	perr := jsondoc.PrefixError("", probe)
	if perr == nil || firstValueSpansLines(probe) {
		return undecided, nil
	}
	for _, l := range splitCallLines(lines) {
		if isValueLine(l) {
			return firstOfJSONLines, nil
		}
	}
	if wait {
		return notJSON, perr
	}
	return undecided, nil
}

// isValueLine reports whether l, a line, is a JSON value on its own.
// encoding/json's check, which allocates nothing, rules out most lines
// that are not before jsondoc, which reads the calls, has the last word.
func isValueLine(l string) bool {
	text := []byte(strings.TrimPrefix(l, "\uFEFF"))
	if isBlankLine(text) || !json.Valid(text) {
		return false
	}
	_, err := jsondoc.ParseValue("", l)
	return err == nil
}

// movedDown is c, read from input that starts lines further down in
// the input it is of, with its malformation placed there.
func movedDown(c Call, lines int) Call {
	if lines == 0 || c.MalformedLine == 0 {
		return c
	}
	_, msg, _ := strings.Cut(c.Malformed, " ")
	return malformedAt(c.MalformedLine+lines, c.MalformedColumn, msg)
}

// readWhole decides what input that does not start with a one-line call
// holds, once it is all read.
func readWhole(data []byte, firstLine int, fn func(int, Call) error) error {
	doc, err := jsondoc.Parse("", data)
	if err == nil {
		line, _ := doc.Position(int(doc.Root.Start))
		return fn(line, NormalizeCall(doc.Root))
	}
	if seq, ok := readValueSeq(data); ok {
		return seq.each(data, fn)
	}
	lines := splitCallLines(data)
	for _, l := range lines {
		if isValueLine(l) {
			return eachLine(lines, fn)
		}
	}
	return fn(firstLine, syntaxCall(err))
}

func eachLine(lines []string, fn func(int, Call) error) error {
	for i, l := range lines {
		if isBlankLine([]byte(l)) {
			continue
		}
		if err := fn(i+1, lineCall(nil, nil, i+1, string(trimEOL([]byte(l))))); err != nil {
			return err
		}
	}
	return nil
}

// lineCall parses one line of JSON Lines, without its line ending, as a
// call, with the parsers given (nil parses afresh). A syntax error is
// reported at the line in the file and the column in the line.
func lineCall(lines, args *jsondoc.Parser, line int, text string) Call {
	n, err := lines.Parse(text)
	if err != nil {
		return lineSyntaxCall(line, err)
	}
	return normalizeCall(n, args)
}

// lineSyntaxCall is the malformed call of a syntax error in text that
// starts on line of the input, placed at its line there.
func lineSyntaxCall(line int, err error) Call {
	var se *jsondoc.SyntaxError
	if errors.As(err, &se) && se.Line > 0 {
		return malformedAt(line+se.Line-1, se.Column, se.Msg)
	}
	return malformedAt(line, 0, syntaxReason(err))
}

func splitCallLines(data []byte) []string {
	s := string(data)
	lines := strings.SplitAfter(s, "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

func isBlankLine(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return false
		}
	}
	return true
}

func callEOF(err error) error {
	if err == io.EOF {
		return nil
	}
	return err
}

// lineReader reads JSON Lines through a buffer, a line at a time.
type lineReader struct {
	total int64 // bytes read so far
	br    *bufio.Reader
	long  []byte // a line longer than the buffer, put together
	line  int    // number of the line last read
	limit int    // the longest line read, in bytes
	// cut says that the line last read was not kept: it is past the
	// limit, or, when notJSON is set, its first bytes cannot start a JSON
	// value, which notJSON says why. Such a line is read past, without
	// being kept, by the next read (skip says it is to be).
	cut     bool
	notJSON error
	skip    bool

	lines, args jsondoc.Parser // for each line, and for an arguments string in it
}

func newLineReader(r io.Reader, limit int) *lineReader {
	size := 64 << 10
	// A call typed into the workbench is a few hundred bytes, read again
	// on every keystroke: a buffer of the text's size spares the 64 KiB.
	if sized, ok := r.(interface{ Len() int }); ok {
		size = min(size, max(sized.Len()+1, 16))
	}
	return &lineReader{br: bufio.NewReaderSize(r, size), limit: limit}
}

// next returns the next line with its newline, valid until the next call,
// and io.EOF once there is none. A line cut (past the limit, or not JSON
// at its first bytes) is returned empty, with cut set; what is left of it
// is read past, without being kept, by the next call.
//
// A line longer than the buffer is one that could be a JSON value by the
// buffer's worth of it, or it is cut there: /dev/zero, or a line of '{',
// fails at its first bytes rather than at the limit. The rest of a line
// is put together as putTogether says.
func (lr *lineReader) next() ([]byte, error) {
	lr.cut, lr.notJSON = false, nil
	if lr.skip {
		lr.skip = false
		if err := lr.readPast(); err != nil {
			return nil, err
		}
	}
	b, err := lr.br.ReadSlice('\n')
	lr.total += int64(len(b))
	if err == bufio.ErrBufferFull {
		if perr := jsondoc.PrefixError("", b); perr != nil {
			lr.cut, lr.notJSON, lr.skip = true, perr, true
			lr.line++
			return nil, nil
		}
		b, err = lr.putTogether(b)
	}
	if err != nil && err != io.EOF {
		return nil, err
	}
	if len(b) > lr.limit {
		lr.cut, b = true, b[:0]
	}
	if len(b) == 0 && err == io.EOF && !lr.cut {
		return nil, io.EOF
	}
	lr.line++
	return b, nil
}

// readPast reads the rest of the line last read, keeping none of it: nil
// at the line's end, io.EOF at the input's, or what else ends it, a line
// that never ends past the input limit among them.
func (lr *lineReader) readPast() error {
	for {
		if lr.total > jsondoc.MaxDocumentSize {
			return &jsondoc.TooLargeError{Limit: jsondoc.MaxDocumentSize}
		}
		b, err := lr.br.ReadSlice('\n')
		lr.total += int64(len(b))
		switch {
		case err == nil:
			return nil
		case err != bufio.ErrBufferFull:
			return err
		}
	}
}

// maxChunk bounds a chunk a long line is put together in.
const maxChunk = 16 << 20

// putTogether reads on the line that starts with first, longer than the
// buffer, to its end, and returns it whole, in lr.long, with what ended
// it: in chunks that grow with the line, joined once at its end, so that
// nothing is copied as it grows, and a line past the limit, cut and
// returned empty, has held no more than about the limit. The first chunk
// is the last long line's buffer: lines of about one length take no
// memory after the first. A line that never ends (an endless pipe) stops
// at the input limit instead of being read forever.
func (lr *lineReader) putTogether(first []byte) ([]byte, error) {
	start := lr.long[:0]
	if cap(start) < 2*len(first) {
		start = make([]byte, 0, 2*len(first))
	}
	chunks := [][]byte{append(start, first...)}
	n := len(first)
	for {
		if lr.total > jsondoc.MaxDocumentSize {
			return nil, &jsondoc.TooLargeError{Limit: jsondoc.MaxDocumentSize}
		}
		b, err := lr.br.ReadSlice('\n')
		lr.total += int64(len(b))
		if !lr.cut {
			if n += len(b); n > lr.limit {
				lr.cut, chunks = true, nil
			} else {
				chunks = appendChunked(chunks, b, n)
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if lr.cut {
			return nil, err
		}
		lr.long = chunks[0]
		if len(chunks) > 1 {
			lr.long = make([]byte, 0, n)
			for _, c := range chunks {
				lr.long = append(lr.long, c...)
			}
		}
		return lr.long, err
	}
}

// appendChunked appends b to the last of chunks, and what does not fit to
// a new one, of a size that grows with n, the line's length so far.
func appendChunked(chunks [][]byte, b []byte, n int) [][]byte {
	last := &chunks[len(chunks)-1]
	fit := min(cap(*last)-len(*last), len(b))
	*last = append(*last, b[:fit]...)
	if rest := b[fit:]; len(rest) > 0 {
		chunks = append(chunks, append(make([]byte, 0, max(min(n, maxChunk), len(rest))), rest...))
	}
	return chunks
}

// takeLong hands over the buffer the line last read was put together in,
// for a reader that keeps the line past the next read.
func (lr *lineReader) takeLong() []byte {
	long := lr.long
	lr.long = nil
	return long
}

// cutCall is the malformed call of the line last read, which was cut.
func (lr *lineReader) cutCall() Call {
	if lr.notJSON != nil {
		return lineSyntaxCall(lr.line, lr.notJSON)
	}
	return tooLongCall(lr.line, lr.limit)
}

// tooLongCall is the malformed call of a line past limit bytes.
func tooLongCall(line, limit int) Call {
	return malformedAt(line, 1, "the line is longer than the limit of "+strconv.Itoa(limit)+" bytes")
}

// parse parses one line, without its line ending so that an error at
// its end is placed on it. The nodes are reused by the next line.
func (lr *lineReader) parse(text []byte) (*jsondoc.Node, error) {
	return lr.lines.Parse(string(trimEOL(text)))
}

// normalize reads n as a call, parsing an arguments string with the
// reader's second parser.
func (lr *lineReader) normalize(n *jsondoc.Node) Call { return normalizeCall(n, &lr.args) }

func trimEOL(b []byte) []byte {
	b = bytes.TrimSuffix(b, []byte("\n"))
	return bytes.TrimSuffix(b, []byte("\r"))
}

// each reads the remaining lines as JSON Lines.
func (lr *lineReader) each(fn func(int, Call) error) error {
	for {
		text, err := lr.next()
		if err != nil {
			return callEOF(err)
		}
		var c Call
		switch {
		case lr.cut:
			c = lr.cutCall()
		case isBlankLine(text):
			continue
		default:
			c = lineCall(&lr.lines, &lr.args, lr.line, string(trimEOL(text)))
		}
		if err := fn(lr.line, c); err != nil {
			return err
		}
	}
}
