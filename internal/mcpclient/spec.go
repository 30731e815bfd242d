package mcpclient

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"time"
)

// DefaultTimeout bounds connecting and each request when a [Spec] sets no
// Timeout.
const DefaultTimeout = 10 * time.Second

// DefaultStartTimeout bounds a spawned server's start, from the spawn to
// its answer to the handshake, when a [Spec] sets no StartTimeout. A first
// `npx -y` of a package spends most of it downloading the package.
const DefaultStartTimeout = 60 * time.Second

// DefaultListTimeout bounds a whole listing, all its pages, when a [Spec]
// sets no ListTimeout: a server that hands out a new cursor for every
// page, slowly, cannot keep a listing going for hours.
const DefaultListTimeout = 2 * time.Minute

// DefaultProtocolVersion is the MCP version asked for when a [Spec] sets
// none: the newest, 2026-07-28. A session asking for it begins with
// server/discover; a server of an earlier revision refuses that request,
// and the session begins again with initialize, at 2025-11-25 or the
// version the server answers with. Asking for an earlier version skips
// server/discover.
const DefaultProtocolVersion = Revision20260728

// A Spec says which server to connect to, and how. Exactly one of Command
// and URL is set.
type Spec struct {
	// Name is the server's name in messages and the name of its tool
	// document. When empty, [Spec.DisplayName] derives one.
	Name string

	// Command is the program and arguments of a server that speaks MCP on
	// its standard input and output. Command[0] is looked up in PATH.
	Command []string
	// Env holds KEY=VALUE entries added to the server's environment, which
	// is otherwise toolbench's own; a later entry for a key wins.
	Env []string
	// Dir is the directory the server runs in; "" is toolbench's own.
	Dir string

	// URL is the endpoint of a Streamable HTTP server.
	URL string
	// Header is sent with every HTTP request, beside the headers of the
	// protocol itself, which it does not replace.
	Header http.Header

	// Timeout bounds each request, and connecting to a server reached by
	// URL; zero means DefaultTimeout.
	Timeout time.Duration
	// StartTimeout bounds a spawned server's start: from the spawn to the
	// end of the handshake, which a first run through npx or uvx spends
	// installing the server. Zero means DefaultStartTimeout. Over HTTP the
	// server runs already, and Timeout bounds the handshake.
	StartTimeout time.Duration
	// Progress, when not nil, is told of a spawned server that has not
	// finished its handshake within StartNotice: it gets a line that says
	// what is awaited ("starting @scope/server, npx may be installing
	// it"), and once the handshake is over, an empty line. A command on a
	// terminal shows the first and clears it on the second.
	Progress func(line string)
	// ListTimeout bounds a listing of the server's tools, every page of it;
	// zero means DefaultListTimeout. Timeout still bounds each page.
	ListTimeout time.Duration
	// ProtocolVersion is the MCP version asked for; empty means
	// DefaultProtocolVersion.
	ProtocolVersion string
}

// packageRunners are the commands whose first argument that is not a flag
// names the server better than they do: `npx -y @scope/server` is the
// server @scope/server.
var packageRunners = map[string]bool{"npx": true, "pnpx": true, "bunx": true, "uvx": true}

// DisplayName returns the name of the server: Name if set; else, for a
// command, its program's base name, or for a package runner (npx, pnpx,
// bunx, uvx) the package it runs, without a trailing @version; else the
// URL's host (with its port, if it has one).
func (s Spec) DisplayName() string {
	switch {
	case s.Name != "":
		return s.Name
	case len(s.Command) > 0:
		return commandName(s.Command)
	case s.URL != "":
		if u, err := url.Parse(s.URL); err == nil && u.Host != "" {
			return u.Host
		}
		return s.URL
	}
	return "server"
}

func commandName(argv []string) string {
	prog := filepath.Base(argv[0])
	if interpreters[prog] {
		return scriptName(argv[1:], prog)
	}
	if !packageRunners[prog] {
		return prog
	}
	for _, arg := range argv[1:] {
		if arg != "" && !strings.HasPrefix(arg, "-") {
			return withoutVersion(arg)
		}
	}
	return prog
}

// interpreters run a script named by their first argument that is not a
// flag: the server is the script's, not the interpreter's.
var interpreters = map[string]bool{"node": true, "deno": true, "bun": true, "tsx": true, "ts-node": true, "python": true, "python3": true}

// scriptName names the server of an interpreter's arguments: the package
// an installed script is of ("@modelcontextprotocol/server-everything"
// for node_modules/@modelcontextprotocol/server-everything/dist/index.js),
// else the script's name without its extension, or its folder's for an
// index or main file; prog when there is no script.
func scriptName(args []string, prog string) string {
	for i, arg := range args {
		if arg == "" || strings.HasPrefix(arg, "-") {
			continue
		}
		if prog == "deno" && (arg == "run" || arg == "serve") {
			continue
		}
		if (prog == "python" || prog == "python3") && i > 0 && args[i-1] == "-m" {
			return arg
		}
		path := filepath.ToSlash(arg)
		if i := strings.LastIndex(path, "node_modules/"); i >= 0 {
			parts := strings.Split(path[i+len("node_modules/"):], "/")
			if strings.HasPrefix(parts[0], "@") && len(parts) > 1 {
				return parts[0] + "/" + parts[1]
			}
			return parts[0]
		}
		base := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
		if dir := filepath.Base(filepath.Dir(path)); (base == "index" || base == "main" || base == "server") && dir != "." && dir != "/" {
			if dir == "dist" || dir == "build" || dir == "src" || dir == "lib" {
				dir = filepath.Base(filepath.Dir(filepath.Dir(path)))
			}
			if dir != "." && dir != "/" {
				return dir
			}
		}
		return base
	}
	return prog
}

// withoutVersion strips "@1.2.3" from "pkg@1.2.3" and "@scope/pkg@1.2.3";
// the "@" that starts a scope stays. uvx's "pkg==1.2" loses its version too.
func withoutVersion(pkg string) string {
	if i := strings.Index(pkg, "=="); i > 0 {
		return pkg[:i]
	}
	if i := strings.LastIndexByte(pkg, '@'); i > 0 {
		return pkg[:i]
	}
	return pkg
}

func (s Spec) timeout() time.Duration {
	if s.Timeout > 0 {
		return s.Timeout
	}
	return DefaultTimeout
}

func (s Spec) listTimeout() time.Duration {
	if s.ListTimeout > 0 {
		return s.ListTimeout
	}
	return DefaultListTimeout
}

func (s Spec) startTimeout() time.Duration {
	if s.StartTimeout > 0 {
		return s.StartTimeout
	}
	return DefaultStartTimeout
}

// StartNotice is how long a spawned server may take over its handshake
// before [Spec.Progress] is told.
const StartNotice = time.Second

// startLine is what Progress is told of a spawned server that is slow to
// start: a package runner may be installing the package.
func (s Spec) startLine() string {
	bound := "--start-timeout " + durationText(s.startTimeout())
	name := safeName(s.DisplayName())
	if prog := filepath.Base(s.Command[0]); packageRunners[prog] {
		if pkg := commandName(s.Command); s.Name != "" && pkg != s.Name {
			name += " (" + safeName(pkg) + ")" // the servers file's name, and the package it runs
		}
		return fmt.Sprintf("starting %s, %s may be installing it (%s)", name, prog, bound)
	}
	return fmt.Sprintf("starting %s, waiting for its first answer (%s)", name, bound)
}

func (s Spec) protocolVersion() string {
	if s.ProtocolVersion != "" {
		return s.ProtocolVersion
	}
	return DefaultProtocolVersion
}

// Validate says what is wrong with s before anything is started or
// reached: not one of a command and a URL, an environment entry or a URL
// that is malformed.
func (s Spec) Validate() error {
	switch {
	case len(s.Command) > 0 && s.URL != "":
		return errors.New("both a command and a URL: give one")
	case len(s.Command) == 0 && s.URL == "":
		return errors.New("no command and no URL")
	case len(s.Command) > 0 && s.Command[0] == "":
		return errors.New("the command is empty")
	}
	for _, kv := range s.Env {
		if _, _, err := ParseEnv(kv); err != nil {
			return err
		}
	}
	if s.URL == "" {
		return nil
	}
	u, err := url.Parse(s.URL)
	if err != nil {
		return err
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return fmt.Errorf("server URL %q: want http:// or https:// and a host", s.URL)
	}
	return nil
}

// SplitCommand splits a command line into words as a POSIX shell does,
// without running one: words are separated by blanks; single quotes keep
// everything up to the next one; double quotes keep everything but a
// backslash before $, `, ", \ or a newline; a backslash outside quotes
// keeps the character after it. Nothing is expanded: $VAR, globs, pipes and
// redirections are words like any other.
func SplitCommand(line string) ([]string, error) {
	var (
		words []string
		word  strings.Builder
		in    bool // inside a word, possibly an empty one ('')
	)
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if in {
				words = append(words, word.String())
				word.Reset()
				in = false
			}
		case c == '\\':
			if i+1 == len(line) {
				return nil, errors.New("command line ends in a backslash that escapes nothing")
			}
			i++
			if line[i] != '\n' { // a backslash and newline join two lines
				word.WriteByte(line[i])
				in = true
			}
		case c == '\'':
			end := strings.IndexByte(line[i+1:], '\'')
			if end < 0 {
				return nil, fmt.Errorf("command line: the single quote at byte %d is not closed", i+1)
			}
			word.WriteString(line[i+1 : i+1+end])
			i += 1 + end
			in = true
		case c == '"':
			n, err := doubleQuoted(line[i:], &word)
			if err != nil {
				return nil, fmt.Errorf("command line: the double quote at byte %d %v", i+1, err)
			}
			i += n - 1
			in = true
		default:
			word.WriteByte(c)
			in = true
		}
	}
	if in {
		words = append(words, word.String())
	}
	if len(words) == 0 {
		return nil, errors.New("the command line is empty")
	}
	return words, nil
}

// doubleQuoted writes the text of the double-quoted string at the start of
// s to w and returns its length, quotes included.
func doubleQuoted(s string, w *strings.Builder) (int, error) {
	for i := 1; i < len(s); i++ {
		switch c := s[i]; c {
		case '"':
			return i + 1, nil
		case '\\':
			if i+1 < len(s) && strings.IndexByte("$`\"\\\n", s[i+1]) >= 0 {
				i++
				if s[i] != '\n' {
					w.WriteByte(s[i])
				}
				continue
			}
			w.WriteByte(c)
		default:
			w.WriteByte(c)
		}
	}
	return 0, errors.New("is not closed")
}

// ParseEnv splits a KEY=VALUE environment entry.
func ParseEnv(kv string) (key, value string, err error) {
	key, value, ok := strings.Cut(kv, "=")
	if !ok || key == "" {
		return "", "", fmt.Errorf("environment entry %q: want KEY=VALUE", kv)
	}
	if strings.ContainsRune(kv, 0) {
		return "", "", fmt.Errorf("environment entry %q holds a NUL byte", kv)
	}
	return key, value, nil
}

// ParseHeader reads a "Name: value" header. In the value, $VAR and ${VAR}
// are replaced by the variable's value, as lookup finds it (os.LookupEnv,
// usually), so that a token need not be written on the command line; a
// variable that is not set is an error, and $$ is a literal $.
func ParseHeader(h string, lookup func(string) (string, bool)) (name, value string, err error) {
	name, value, ok := strings.Cut(h, ":")
	name = strings.TrimSpace(name)
	if !ok || name == "" {
		return "", "", fmt.Errorf("header %q: want \"Name: value\"", h)
	}
	if !isToken(name) {
		return "", "", fmt.Errorf("header %q: the name may hold only letters, digits and !#$%%&'*+-.^_`|~", h)
	}
	value, err = expandVars(strings.TrimSpace(value), lookup)
	if err != nil {
		return "", "", fmt.Errorf("header %s: %w", name, err)
	}
	if err := checkHeaderValue(value); err != nil {
		return "", "", fmt.Errorf("header %s: %w", name, err)
	}
	return http.CanonicalHeaderKey(name), value, nil
}

// isToken reports whether s is an HTTP token (RFC 9110), as header names
// must be.
func isToken(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		alnum := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
		if !alnum && strings.IndexByte("!#$%&'*+-.^_`|~", c) < 0 {
			return false
		}
	}
	return s != ""
}

// checkHeaderValue refuses control characters other than tab, which would
// let a value end the header early.
func checkHeaderValue(v string) error {
	for i := 0; i < len(v); i++ {
		if c := v[i]; c < ' ' && c != '\t' || c == 0x7f {
			return fmt.Errorf("the value holds the control character %q", string(c))
		}
	}
	return nil
}

// expandVars replaces $NAME and ${NAME} in s, and ${NAME:-default} by the
// default when NAME is unset or empty. A $ not followed by a name is kept;
// $$ is one $.
func expandVars(s string, lookup func(string) (string, bool)) (string, error) {
	if !strings.Contains(s, "$") {
		return s, nil
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '$' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		ref, n := varRef(s[i+1:])
		switch {
		case s[i+1] == '$':
			b.WriteByte('$')
			i++
		case n == 0:
			b.WriteByte('$')
		default:
			v, err := resolveVar(ref, lookup)
			if err != nil {
				return "", err
			}
			b.WriteString(v)
			i += n
		}
	}
	return b.String(), nil
}

// varRef returns the reference at the start of s, just after a $: NAME, or
// what is inside ${...}; n is how many bytes it takes, 0 if it is none.
func varRef(s string) (ref string, n int) {
	if strings.HasPrefix(s, "{") {
		end := strings.IndexByte(s, '}')
		if end < 0 {
			return "", 0
		}
		if name, _, _ := strings.Cut(s[1:end], ":-"); !isName(name) {
			return "", 0
		}
		return s[1:end], end + 1
	}
	for n < len(s) && isNameByte(s[n]) {
		n++
	}
	if !isName(s[:n]) {
		return "", 0
	}
	return s[:n], n
}

func resolveVar(ref string, lookup func(string) (string, bool)) (string, error) {
	name, def, hasDefault := strings.Cut(ref, ":-")
	v, ok := lookup(name)
	if hasDefault && v == "" {
		return def, nil
	}
	if !ok {
		return "", fmt.Errorf("the environment variable %s is not set", name)
	}
	return v, nil
}

func isName(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isNameByte(s[i]) {
			return false
		}
	}
	return true
}

func isNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
