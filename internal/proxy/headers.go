package proxy

import (
	"encoding/base64"
	"math"
	"net/http"
	"strconv"
	"strings"

	"toolbench/core/catalog"
	"toolbench/core/termtext"
	"toolbench/internal/jsonrpc"
)

// Over Streamable HTTP, a request of MCP 2026-07-28 carries its method
// in Mcp-Method, the name it acts on in Mcp-Name (tools/call,
// prompts/get, resources/read), and each argument a tool's inputSchema
// marks with x-mcp-header in an Mcp-Param-{name} header, so that what
// routes a request need not read its body; a server refuses one whose
// headers disagree with the body (-32020). The proxy writes them for a
// client on stdio, and holds a client on HTTP to them.

// codeHeaderMismatch is MCP's error for headers that disagree with the
// body.
const codeHeaderMismatch = -32020

const (
	methodHeader      = "Mcp-Method"
	nameHeader        = "Mcp-Name"
	paramHeaderPrefix = "Mcp-Param-"
	versionHeader     = "Mcp-Protocol-Version"
	sessionHeader     = "Mcp-Session-Id"
	base64Prefix      = "=?base64?"
	base64Suffix      = "?="
)

// standardHeaders are the headers the body of m, a request or
// notification, calls for; tool is the definition of the tool a
// tools/call names, nil when it is not known.
func standardHeaders(m *jsonrpc.Message, tool []byte) http.Header {
	h := http.Header{}
	h.Set(methodHeader, m.Method)
	if name, ok := nameOf(m); ok {
		h.Set(nameHeader, name)
	}
	if m.Method == "tools/call" && tool != nil {
		args := jsonrpc.Member(m.Params, "arguments")
		for _, b := range headerBindings(tool) {
			if v, ok := paramValue(args, b.path); ok {
				h.Set(paramHeaderPrefix+b.header, v)
			}
		}
	}
	return h
}

// nameOf is what Mcp-Name carries for m: a tool's or prompt's name, a
// resource's URI.
func nameOf(m *jsonrpc.Message) (string, bool) {
	key := ""
	switch m.Method {
	case "tools/call", "prompts/get":
		key = "name"
	case "resources/read":
		key = "uri"
	default:
		return "", false
	}
	return jsonrpc.Unquote(jsonrpc.Member(m.Params, key))
}

// A headerBinding is an argument mirrored in a header: its path of
// property names from the arguments, and the header's name after
// Mcp-Param-.
type headerBinding struct {
	path   []string
	header string
}

// headerBindings are the x-mcp-header marks of a tool's inputSchema, on
// properties reached through chains of "properties" from its root.
func headerBindings(tool []byte) []headerBinding {
	var out []headerBinding
	var walk func(schema []byte, prefix []string, depth int)
	walk = func(schema []byte, prefix []string, depth int) {
		if depth > 32 {
			return
		}
		for key, prop := range jsonrpc.Members(jsonrpc.Member(schema, "properties")) {
			name, ok := jsonrpc.Unquote(key)
			if !ok {
				continue
			}
			path := append(append([]string(nil), prefix...), name)
			if h, ok := jsonrpc.Unquote(jsonrpc.Member(prop, "x-mcp-header")); ok && h != "" {
				out = append(out, headerBinding{path: path, header: h})
			}
			walk(prop, path, depth+1)
		}
	}
	walk(jsonrpc.Member(tool, "inputSchema"), nil, 0)
	return out
}

// paramValue is the header value of the argument at path: a string as
// it is (or in base64 when a header cannot carry it), a boolean or an
// integer as written in decimal; false when the argument is absent,
// null, or of another type.
func paramValue(args []byte, path []string) (string, bool) {
	v := args
	for _, name := range path {
		if v = jsonrpc.Member(v, name); v == nil {
			return "", false
		}
	}
	switch {
	case v[0] == '"':
		s, ok := jsonrpc.Unquote(v)
		if !ok {
			return "", false
		}
		if needsBase64(s) {
			return base64Prefix + base64.StdEncoding.EncodeToString([]byte(s)) + base64Suffix, true
		}
		return s, true
	case string(v) == "true" || string(v) == "false":
		return string(v), true
	case v[0] == '-' || v[0] >= '0' && v[0] <= '9':
		f, err := strconv.ParseFloat(string(v), 64)
		if err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53-1 {
			return "", false
		}
		return strconv.FormatInt(int64(f), 10), true
	}
	return "", false
}

// needsBase64 reports whether a header cannot carry s as it is: white
// space at its ends, a character outside printable ASCII, or the look
// of an encoded value.
func needsBase64(s string) bool {
	if s == "" {
		return false
	}
	if s[0] == ' ' || s[0] == '\t' || s[len(s)-1] == ' ' || s[len(s)-1] == '\t' {
		return true
	}
	for _, c := range s {
		if c < 0x20 || c > 0x7e {
			return true
		}
	}
	return strings.HasPrefix(s, base64Prefix) && strings.HasSuffix(s, base64Suffix)
}

// headerFindings compares the headers a request came with to those its
// body calls for, and says where they disagree.
func headerFindings(got http.Header, m *jsonrpc.Message, tool []byte) []Finding {
	want := standardHeaders(m, tool)
	var findings []Finding
	mismatch := func(name, text string) {
		findings = append(findings, Finding{Code: CodeHeaderMismatch, Severity: catalog.Error, Text: name + ": " + text,
			Hint: "the headers of a request of MCP 2026-07-28 must say what its body says"})
	}
	for _, name := range []string{methodHeader, nameHeader} {
		g, w := got.Get(name), want.Get(name)
		switch {
		case w != "" && g == "":
			mismatch(name, "absent; the body says "+termtext.Quote(w))
		case g != w:
			mismatch(name, termtext.Quote(g)+", but the body says "+termtext.Quote(w))
		}
	}
	if m.Method != "tools/call" || tool == nil {
		return findings
	}
	args := jsonrpc.Member(m.Params, "arguments")
	for _, b := range headerBindings(tool) {
		name := paramHeaderPrefix + b.header
		g, w := got.Get(name), want.Get(name)
		raw := args
		for _, p := range b.path {
			raw = jsonrpc.Member(raw, p)
		}
		numeric := len(raw) > 0 && raw[0] != '"' && raw[0] != 't' && raw[0] != 'f'
		switch {
		case g == "" && w == "":
		case g == "":
			mismatch(name, "absent; the argument "+strings.Join(b.path, ".")+" is "+termtext.Quote(w))
		case w == "":
			mismatch(name, "given, but the argument "+strings.Join(b.path, ".")+" is absent, null or not a string, integer or boolean")
		case !sameParam(g, w, numeric):
			mismatch(name, termtext.Quote(g)+", but the argument "+strings.Join(b.path, ".")+" is "+termtext.Quote(w))
		}
	}
	return findings
}

// sameParam reports whether a header's value is the one the body calls
// for, as a server compares them: decoded from base64, and an integer
// argument's by its value.
func sameParam(got, want string, numeric bool) bool {
	if g, ok := strings.CutPrefix(got, base64Prefix); ok {
		if g, ok = strings.CutSuffix(g, base64Suffix); ok {
			data, err := base64.StdEncoding.DecodeString(g)
			if err != nil {
				return false
			}
			got = string(data)
		}
	}
	if w, ok := strings.CutPrefix(want, base64Prefix); ok {
		if w, ok = strings.CutSuffix(w, base64Suffix); ok {
			data, _ := base64.StdEncoding.DecodeString(w)
			want = string(data)
		}
	}
	if got == want || !numeric {
		return got == want
	}
	gf, err1 := strconv.ParseFloat(got, 64)
	wf, err2 := strconv.ParseFloat(want, 64)
	return err1 == nil && err2 == nil && gf == wf
}
