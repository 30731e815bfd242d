package mcpclient

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// DefaultConfigFile is the servers file read when none is given: the project file of Claude Code, which Cursor and others read
// too.
const DefaultConfigFile = ".mcp.json"

// configEntry is one server of a servers file, in the shape Claude Code,
// Claude Desktop, Cursor and VS Code share.
type configEntry struct {
	Type    string            `json:"type"`
	Command string            `json:"command"`
	Args    []string          `json:"args"`
	Env     map[string]string `json:"env"`
	URL     string            `json:"url"`
	Headers map[string]string `json:"headers"`
}

// ParseConfig returns the Spec of the server called name in data, the
// servers file named file (whose reading, with a bound, is the caller's):
// an entry of its "mcpServers" object, or of "servers" (VS Code's name
// for it) when there is no "mcpServers". An entry has a command with args
// and env, or a url with headers; "type" may say "stdio", "http" or
// "streamable-http". "sse", the HTTP transport before Streamable HTTP,
// is not supported.
//
// $VAR, ${VAR} and ${VAR:-default} in the command, args, env values, url
// and header values are replaced as lookup (os.LookupEnv, usually) finds
// them, as Claude Code does.
func ParseConfig(file string, data []byte, name string, lookup func(string) (string, bool)) (Spec, error) {
	var top struct {
		MCPServers map[string]jsontext.Value `json:"mcpServers"`
		Servers    map[string]jsontext.Value `json:"servers"`
	}
	if err := json.Unmarshal(data, &top); err != nil {
		return Spec{}, configSyntaxError(file, data, err)
	}
	servers := top.MCPServers
	if servers == nil {
		servers = top.Servers
	}
	if servers == nil {
		return Spec{}, fmt.Errorf("%s: no \"mcpServers\" object", file)
	}
	raw, ok := servers[name]
	if !ok {
		return Spec{}, fmt.Errorf("%s: no server %q in \"mcpServers\"%s", file, name, listNames(servers))
	}
	spec, err := EntrySpec(name, raw, lookup)
	if err != nil {
		return Spec{}, fmt.Errorf("%s: %w", file, err)
	}
	return spec, nil
}

// EntrySpec returns the Spec of the server called name whose entry of a
// servers file is the JSON text entry, as [ParseConfig] reads an entry:
// for a server kept out of its servers file, as toolbench proxy is given
// one that it stands in front of.
func EntrySpec(name string, entry []byte, lookup func(string) (string, bool)) (Spec, error) {
	var e configEntry
	if err := json.Unmarshal(entry, &e); err != nil {
		return Spec{}, fmt.Errorf("server %q: %s", name, jsonMessage(err))
	}
	spec, err := e.spec(name, lookup)
	if err != nil {
		return Spec{}, fmt.Errorf("server %q: %w", name, err)
	}
	return spec, nil
}

// A ServerEntry is a server of a servers file: its name, and its entry,
// the JSON text [EntrySpec] reads.
type ServerEntry struct {
	Name  string
	Entry []byte
}

// ParseServerEntries returns the servers of data, the servers file named
// file, in the order the file lists them: the entries of its
// "mcpServers" object, or of "servers" when it has no "mcpServers", as
// [ParseConfig] reads them. A file that is not JSON or has neither object
// is an error, which says where.
func ParseServerEntries(file string, data []byte) ([]ServerEntry, error) {
	var top struct {
		MCPServers jsontext.Value `json:"mcpServers"`
		Servers    jsontext.Value `json:"servers"`
	}
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, configSyntaxError(file, data, err)
	}
	servers, key := top.MCPServers, "mcpServers"
	if servers == nil || servers.Kind() == 'n' {
		servers, key = top.Servers, "servers"
	}
	if servers == nil || servers.Kind() != '{' {
		return nil, fmt.Errorf("%s: no \"mcpServers\" object", file)
	}
	// The names in the order written, which a map would lose.
	dec := jsontext.NewDecoder(bytes.NewReader(servers))
	if _, err := dec.ReadToken(); err != nil {
		return nil, fmt.Errorf("%s: %q: %s", file, key, jsonMessage(err))
	}
	var entries []ServerEntry
	for dec.PeekKind() != '}' {
		tok, err := dec.ReadToken()
		if err != nil {
			return nil, fmt.Errorf("%s: %q: %s", file, key, jsonMessage(err))
		}
		name := tok.String() // the token is the decoder's, until its next read; so is the entry
		entry, err := dec.ReadValue()
		if err != nil {
			return nil, fmt.Errorf("%s: %q: %s", file, key, jsonMessage(err))
		}
		entries = append(entries, ServerEntry{name, entry.Clone()})
	}
	return entries, nil
}

func listNames(servers map[string]jsontext.Value) string {
	if len(servers) == 0 {
		return ", which is empty"
	}
	names := make([]string, 0, len(servers))
	for n := range servers {
		names = append(names, fmt.Sprintf("%q", n))
	}
	slices.Sort(names)
	return "; it has " + strings.Join(names, ", ")
}

func (e configEntry) spec(name string, lookup func(string) (string, bool)) (Spec, error) {
	if err := e.checkType(); err != nil {
		return Spec{}, err
	}
	x := expander{lookup: lookup}
	s := Spec{Name: name}
	if e.Command != "" {
		s.Command = append(s.Command, x.expand("command", e.Command))
		for i, a := range e.Args {
			s.Command = append(s.Command, x.expand(fmt.Sprintf("args[%d]", i), a))
		}
		for _, k := range sortedKeys(e.Env) {
			s.Env = append(s.Env, k+"="+x.expand("env "+k, e.Env[k]))
		}
		return s, x.err
	}
	s.URL = x.expand("url", e.URL)
	for _, k := range sortedKeys(e.Headers) {
		if !isToken(k) {
			return Spec{}, fmt.Errorf("header name %q is not a valid HTTP header name", k)
		}
		v := x.expand("header "+k, e.Headers[k])
		if err := checkHeaderValue(v); err != nil && x.err == nil {
			return Spec{}, fmt.Errorf("header %s: %w", k, err)
		}
		if s.Header == nil {
			s.Header = http.Header{}
		}
		s.Header.Add(k, v)
	}
	return s, x.err
}

func (e configEntry) checkType() error {
	switch {
	case e.Command != "" && e.URL != "":
		return errors.New("both \"command\" and \"url\": give one")
	case e.Command == "" && e.URL == "":
		return errors.New("neither \"command\" nor \"url\"")
	}
	switch e.Type {
	case "", "stdio", "http", "streamable-http":
	case "sse":
		return errors.New("type \"sse\" (HTTP with server-sent events, the transport before Streamable HTTP) is not supported: give the server's Streamable HTTP endpoint, with type \"http\"")
	default:
		return fmt.Errorf("unknown type %q: want \"stdio\", \"http\" or \"streamable-http\"", e.Type)
	}
	if e.Type == "stdio" && e.Command == "" {
		return errors.New("type \"stdio\" needs a \"command\"")
	}
	if (e.Type == "http" || e.Type == "streamable-http") && e.URL == "" {
		return fmt.Errorf("type %q needs a \"url\"", e.Type)
	}
	return nil
}

// expander expands variables in field after field, keeping the first
// error, so that building a Spec reads as a list of fields.
type expander struct {
	lookup func(string) (string, bool)
	err    error
}

func (x *expander) expand(field, s string) string {
	if x.err != nil {
		return ""
	}
	v, err := expandVars(s, x.lookup)
	if err != nil {
		x.err = fmt.Errorf("%s: %w", field, err)
	}
	return v
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// configSyntaxError positions a JSON error in a servers file as FILE:LINE:COL.
func configSyntaxError(file string, data []byte, err error) error {
	off, ok := jsonOffset(err)
	if !ok {
		return fmt.Errorf("%s: %s", file, jsonMessage(err))
	}
	line, col := lineCol(data, off)
	return fmt.Errorf("%s:%d:%d: %s", file, line, col, jsonMessage(err))
}
