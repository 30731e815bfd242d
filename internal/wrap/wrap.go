package wrap

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"toolbench/core/jsondoc"
	"toolbench/core/jsonedit"
	"toolbench/core/termtext"
)

// The proxy's arguments that wrap writes and Unwrap reads.
const (
	// Proxy is the command of toolbench that an entry runs when wrapped.
	Proxy = "proxy"
	// NameFlag names the server for the lock: the entry's name.
	NameFlag = "--name"
	// EntryFlag is followed by a URL entry's text as it was.
	EntryFlag = "--entry"
	// AddedArgs marks an "args" member that wrap added, which Unwrap
	// removes.
	AddedArgs = "--unwrap-removes-args"
)

// Options say how Wrap writes an entry.
type Options struct {
	// Command is the program a wrapped entry runs: toolbench.
	Command string
	// Flags, when set, returns the proxy's flags for the server named,
	// which go after its name: "--record", "/var/log/everything.jsonl".
	Flags func(server string) []string
}

// An Entry is what Wrap or Unwrap did with one server of the file.
type Entry struct {
	Name string
	// Transport is "stdio" for a spawned server, "http" for one reached
	// by URL.
	Transport string
	// Err is why the entry was left as it is: ErrWrapped, ErrNotWrapped,
	// or what is wrong with it. Line and Column place it.
	Err          error
	Line, Column int
}

// The reasons an entry is left as it is that are not mistakes.
var (
	ErrWrapped    = errors.New("wrapped already")
	ErrNotWrapped = errors.New("not wrapped")
)

// A servers file, read: its text as JSON (comments blanked), and where
// its servers are.
type file struct {
	name    string
	src     string // as written
	doc     *jsondoc.Document
	servers *jsondoc.Node
	vscode  bool // the servers are under "servers", VS Code's name
}

// read parses src, the servers file name, and finds its servers: the
// "mcpServers" object, or "servers" when it has none.
func read(name, src string) (*file, error) {
	doc, err := jsondoc.Parse(name, []byte(jsonedit.Plain(src)))
	if err != nil {
		return nil, err
	}
	f := &file{name: name, src: src, doc: doc}
	f.servers = doc.Root.Get("mcpServers")
	if !f.servers.Is(jsondoc.Object) {
		f.servers, f.vscode = doc.Root.Get("servers"), true
	}
	if !f.servers.Is(jsondoc.Object) {
		return nil, fmt.Errorf("%s: no \"mcpServers\" object (nor VS Code's \"servers\")", name)
	}
	return f, nil
}

// entries are the members of the servers object that names select, all
// of them when names is empty, in the file's order. A name the file does
// not have is an error.
func (f *file) entries(names []string) ([]jsondoc.Member, error) {
	kids := f.servers.Kids()
	if len(names) == 0 {
		return kids, nil
	}
	var out []jsondoc.Member
	for _, name := range names {
		i := slices.IndexFunc(kids, func(m jsondoc.Member) bool { return m.Key == name })
		if i < 0 {
			have := make([]string, len(kids))
			for j, m := range kids {
				have[j] = string(jsondoc.AppendQuote(nil, m.Key))
			}
			list := "it has none"
			if len(have) > 0 {
				list = "it has " + strings.Join(have, ", ")
			}
			return nil, fmt.Errorf("%s: no server %s; %s", f.name, jsondoc.AppendQuote(nil, name), list)
		}
		if !slices.ContainsFunc(out, func(m jsondoc.Member) bool { return m.Key == name }) {
			out = append(out, kids[i])
		}
	}
	return out, nil
}

// at is an Entry of the member m, placed at its key, with err.
func (f *file) at(m jsondoc.Member, transport string, err error) Entry {
	e := Entry{Name: m.Key, Transport: transport, Err: err}
	if off := f.doc.KeyOffset(m); off >= 0 {
		e.Line, e.Column = f.doc.Position(off)
	}
	return e
}

// Wrap returns the edits of src, the servers file name, that put each
// server names selects (every one, when names is empty) behind the
// proxy, and what it did with each. A server wrapped already, or whose
// entry is not one a proxy can stand in front of, is left as it is, and
// its Entry says why. The error is about the file: not JSON, no servers,
// a name it does not have.
func Wrap(name, src string, names []string, opt Options) ([]jsonedit.Edit, []Entry, error) {
	return edit(name, src, names, func(f *file, m jsondoc.Member) ([]jsonedit.Edit, string, error) { return f.wrap(m, opt) })
}

// Unwrap returns the edits of src that undo what Wrap did to each server
// names selects, and what it did with each. A server that is not wrapped
// is left as it is, and its Entry says so.
func Unwrap(name, src string, names []string) ([]jsonedit.Edit, []Entry, error) {
	return edit(name, src, names, (*file).unwrap)
}

// edit reads src, the servers file name, and returns the edits that do
// makes of each server names selects, and an Entry of each.
func edit(name, src string, names []string, do func(*file, jsondoc.Member) ([]jsonedit.Edit, string, error)) ([]jsonedit.Edit, []Entry, error) {
	f, err := read(name, src)
	if err != nil {
		return nil, nil, err
	}
	members, err := f.entries(names)
	if err != nil {
		return nil, nil, err
	}
	var edits []jsonedit.Edit
	var out []Entry
	for _, m := range members {
		es, transport, err := do(f, m)
		out = append(out, f.at(m, transport, err))
		edits = append(edits, es...)
	}
	return edits, out, nil
}

// A wrapped entry, read: the proxy's arguments in its "args".
type wrapped struct {
	command, args *jsondoc.Node
	dash          int // the index of "--" in args, -1 for none
	entry         int // the index of the URL entry's text, -1 for none
	added         bool
}

// wrappedOf reads entry as one Wrap wrote; ok is false for one it did
// not. An entry that runs the proxy but is not one Wrap wrote is an
// error.
func wrappedOf(entry *jsondoc.Node) (w wrapped, ok bool, err error) {
	w = wrapped{command: entry.Get("command"), args: entry.Get("args"), dash: -1, entry: -1}
	elems := w.args.Elems()
	if !w.command.Is(jsondoc.String) || len(elems) == 0 || elems[0].Value.Text() != Proxy {
		return w, false, nil
	}
	named := false
	for i := 1; i < len(elems) && w.dash < 0 && w.entry < 0; i++ {
		switch elems[i].Value.Text() {
		case NameFlag:
			named = true
			i++ // the name, which may be any string, "--" too
		case AddedArgs:
			w.added = true
		case "--":
			w.dash = i
		case EntryFlag:
			w.entry = i + 1
		}
	}
	switch {
	case !named:
		return w, false, nil // a proxy set up by hand, not by wrap
	case w.dash >= 0 && w.dash+1 < len(elems) && elems[w.dash+1].Value.Is(jsondoc.String):
		return w, true, nil
	case w.entry > 0 && w.entry < len(elems) && elems[w.entry].Value.Is(jsondoc.String):
		return w, true, nil
	}
	return w, false, errors.New("it runs toolbench proxy, but not as wrap writes it (no -- CMD, nor --entry TEXT); edit it by hand")
}

// wrap returns the edits that put the server of m behind the proxy.
func (f *file) wrap(m jsondoc.Member, opt Options) ([]jsonedit.Edit, string, error) {
	entry := m.Value
	if !entry.Is(jsondoc.Object) {
		return nil, "", fmt.Errorf("the entry is %s, not an object", entry.Kind.Phrase())
	}
	w, ok, err := wrappedOf(entry)
	switch {
	case err != nil:
		return nil, "", err
	case ok && w.entry > 0:
		return nil, "http", ErrWrapped
	case ok:
		return nil, "stdio", ErrWrapped
	}
	proxyArgs := []string{Proxy, NameFlag, m.Key}
	if opt.Flags != nil {
		proxyArgs = append(proxyArgs, opt.Flags(m.Key)...)
	}
	command, url := entry.Get("command"), entry.Get("url")
	switch {
	case command != nil && url != nil:
		return nil, "", errors.New("both \"command\" and \"url\": a client would not know which to use")
	case command != nil:
		edits, err := f.wrapStdio(entry, quoteAll(proxyArgs), opt.Command)
		return edits, "stdio", err
	case url != nil:
		if t := entry.Get("type").Text(); t == "sse" {
			return nil, "http", errors.New("type \"sse\", the HTTP transport before Streamable HTTP, which the proxy does not reach")
		}
		edits, err := f.wrapURL(entry, quoteAll(proxyArgs), opt.Command)
		return edits, "http", err
	}
	return nil, "", errors.New("neither \"command\" nor \"url\"")
}

// wrapStdio returns the edits that make entry, a spawned server's, run
// the proxy, which runs the entry's command.
func (f *file) wrapStdio(entry *jsondoc.Node, proxyArgs []string, program string) ([]jsonedit.Edit, error) {
	command := entry.Get("command")
	if !command.Is(jsondoc.String) {
		return nil, fmt.Errorf("\"command\" is %s, not a string", command.Kind.Phrase())
	}
	original := f.text(command)
	edits := []jsonedit.Edit{jsonedit.Replace(command, quote(program))}
	args, hasArgs := entry.Member("args")
	if !hasArgs {
		// A member of its own, after "command", marked for Unwrap.
		elems := append(proxyArgs, quote(AddedArgs), quote("--"), original)
		st := jsonedit.StyleNear(f.doc, entry)
		member := st.Member("args", "["+strings.Join(elems, st.Comma)+"]")
		edits = append(edits, jsonedit.Edit{Start: int(command.End), End: int(command.End), New: f.memberSep(entry, command) + member})
		return edits, nil
	}
	if !args.Value.Is(jsondoc.Array) {
		return nil, fmt.Errorf("\"args\" is %s, not a list", args.Value.Kind.Phrase())
	}
	elems := append(proxyArgs, quote("--"), original)
	arr := args.Value
	kids := arr.Kids()
	if len(kids) == 0 {
		at := int(arr.Start) + 1
		edits = append(edits, jsonedit.Edit{Start: at, End: at, New: strings.Join(elems, jsonedit.StyleNear(f.doc, arr).Comma)})
		return edits, nil
	}
	sep := f.elementSep(arr)
	at := int(kids[0].Value.Start)
	edits = append(edits, jsonedit.Edit{Start: at, End: at, New: strings.Join(elems, sep) + sep})
	return edits, nil
}

// wrapURL returns the edit that makes entry, a server's reached by URL,
// one that spawns the proxy, which reaches the server as the entry's
// text, kept whole in its arguments, says.
func (f *file) wrapURL(entry *jsondoc.Node, proxyArgs []string, program string) ([]jsonedit.Edit, error) {
	elems := append(proxyArgs, quote(EntryFlag), quote(f.text(entry)))
	st := jsonedit.StyleNear(f.doc, entry)
	var members []string
	if f.vscode {
		members = append(members, st.Member("type", quote("stdio")))
	}
	members = append(members, st.Member("command", quote(program)), st.Member("args", "["+strings.Join(elems, st.Comma)+"]"))
	open, kids := int(entry.Start), entry.Kids()
	first := int(entry.End) - 1
	if len(kids) > 0 {
		first = f.doc.KeyOffset(kids[0])
	}
	text := "{" + strings.Join(members, st.Comma) + "}"
	if nl, ok := lineEnd(f.src[open+1 : first]); ok {
		indent := lineIndent(f.src, first)
		closing := lineIndent(f.src, int(entry.End)-1)
		text = "{" + nl + indent + strings.Join(members, ","+nl+indent) + nl + closing + "}"
	}
	return []jsonedit.Edit{jsonedit.Replace(entry, text)}, nil
}

// unwrap returns the edits that undo what Wrap did to the server of m.
func (f *file) unwrap(m jsondoc.Member) ([]jsonedit.Edit, string, error) {
	entry := m.Value
	if !entry.Is(jsondoc.Object) {
		return nil, "", ErrNotWrapped
	}
	w, ok, err := wrappedOf(entry)
	switch {
	case err != nil:
		return nil, "", err
	case !ok:
		transport := "stdio"
		if entry.Has("url") {
			transport = "http"
		}
		return nil, transport, ErrNotWrapped
	case w.entry > 0:
		edits, err := f.unwrapURL(entry, w)
		return edits, "http", err
	}
	return f.unwrapStdio(entry, w), "stdio", nil
}

// unwrapStdio returns the edits that take the proxy out of a spawned
// server's entry: its arguments out of "args" (or "args" itself, when
// wrap added it), and the command back.
func (f *file) unwrapStdio(entry *jsondoc.Node, w wrapped) []jsonedit.Edit {
	kids := w.args.Kids()
	original := kids[w.dash+1].Value
	edits := []jsonedit.Edit{jsonedit.Replace(w.command, f.text(original))}
	if w.added {
		return append(edits, f.removeArgs(entry, w))
	}
	end := int(original.End)
	if w.dash+2 < len(kids) {
		end = int(kids[w.dash+2].Value.Start)
	}
	return append(edits, jsonedit.Edit{Start: int(kids[0].Value.Start), End: end})
}

// removeArgs is the edit that removes the "args" member wrap added:
// what it inserted after "command", when it is still there, else the
// member with its comma.
func (f *file) removeArgs(entry *jsondoc.Node, w wrapped) jsonedit.Edit {
	args, _ := entry.Member("args")
	key := f.doc.KeyOffset(args)
	if between := f.doc.Src[w.command.End:key]; strings.TrimLeft(strings.TrimSpace(between), ",") == "" && strings.Count(between, ",") == 1 {
		return jsonedit.Edit{Start: int(w.command.End), End: int(w.args.End)}
	}
	e, _ := jsonedit.Remove(f.doc, entry, key)
	return e
}

// unwrapURL returns the edit that writes back the entry the proxy's
// --entry argument holds, if the entry is as Wrap wrote it.
func (f *file) unwrapURL(entry *jsondoc.Node, w wrapped) ([]jsonedit.Edit, error) {
	for _, m := range entry.Kids() {
		switch m.Key {
		case "command", "args":
		case "type":
			if m.Value.Text() == "stdio" {
				continue
			}
			fallthrough
		default:
			return nil, fmt.Errorf("the entry has %s, which wrap did not write: unwrapping would lose it; edit it by hand (the entry as it was is the text after %s)", jsondoc.AppendQuote(nil, m.Key), EntryFlag)
		}
	}
	if w.entry+1 != len(w.args.Kids()) {
		return nil, fmt.Errorf("\"args\" goes on after %s TEXT, which wrap did not write: edit it by hand", EntryFlag)
	}
	original := w.args.Kids()[w.entry].Value.Text()
	if _, err := jsondoc.ParseValue("entry", jsonedit.Plain(original)); err != nil {
		return nil, fmt.Errorf("the text after %s is not an entry: %v", EntryFlag, err)
	}
	return []jsonedit.Edit{jsonedit.Replace(entry, original)}, nil
}

// text is the text of n as the file writes it.
func (f *file) text(n *jsondoc.Node) string { return f.src[n.Start:n.End] }

// elementSep is what separates two elements of arr, which has some, as
// it is written: between its first two, when only a comma and white
// space are; else a comma and a line end with the first element's
// indentation when its elements stand on lines of their own; else the
// comma the file writes.
func (f *file) elementSep(arr *jsondoc.Node) string {
	kids := arr.Kids()
	if len(kids) > 1 {
		between := f.src[kids[0].Value.End:kids[1].Value.Start]
		if strings.Count(between, ",") == 1 && strings.Trim(between, ", \t\r\n") == "" {
			return between
		}
	}
	first := int(kids[0].Value.Start)
	if nl, ok := lineEnd(f.src[arr.Start+1 : first]); ok {
		return "," + nl + lineIndent(f.src, first)
	}
	return jsonedit.StyleNear(f.doc, arr).Comma
}

// memberSep is what goes between member, the value of a member of obj,
// and a member added after it: a comma and a line end with the member's
// indentation when obj's members stand on lines of their own, else the
// comma the file writes.
func (f *file) memberSep(obj, member *jsondoc.Node) string {
	kids := obj.Kids()
	key := f.doc.KeyOffset(kids[0])
	if nl, ok := lineEnd(f.src[obj.Start+1 : key]); ok {
		var own int
		for _, m := range kids {
			if m.Value == member {
				own = f.doc.KeyOffset(m)
			}
		}
		return "," + nl + lineIndent(f.src, own)
	}
	return jsonedit.StyleNear(f.doc, obj).Comma
}

// lineEnd returns the line end s holds, "\n" or "\r\n", and whether it
// holds one.
func lineEnd(s string) (string, bool) {
	i := strings.IndexByte(s, '\n')
	switch {
	case i < 0:
		return "", false
	case i > 0 && s[i-1] == '\r':
		return "\r\n", true
	}
	return "\n", true
}

// lineIndent is the white space that starts the line of the byte at
// off, when only white space comes before it on its line; else "".
func lineIndent(src string, off int) string {
	start := strings.LastIndexByte(src[:off], '\n') + 1
	if strings.Trim(src[start:off], " \t") != "" {
		return ""
	}
	return src[start:off]
}

// quote is s as a JSON string, each character termtext.Hazards finds
// written as its escape, so that what wrap writes shows a reader of the
// file, and its diff on a terminal, no hidden character: the file may
// write a name with one as an escape, and the string means the same.
func quote(s string) string {
	q := jsondoc.AppendQuote(nil, s)
	if len(termtext.Hazards(string(q))) == 0 {
		return string(q)
	}
	out := make([]byte, 0, len(q)+16)
	for _, r := range string(q) {
		if termtext.IsHidden(r) {
			out = jsondoc.AppendRuneEscape(out, r)
		} else {
			out = utf8.AppendRune(out, r)
		}
	}
	return string(out)
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = quote(s)
	}
	return out
}
