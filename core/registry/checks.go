package registry

import (
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"toolbench/core/jsondoc"
	"toolbench/core/termtext"
)

// The registry's rules beyond its schema, as its validation enforces
// them when a server is published (see the rules' Source).

var (
	// The schema's pattern of a name, and the registry's of its parts: a
	// namespace and a name that each start and end with a letter or a
	// digit, around one "/".
	schemaName    = regexp.MustCompile(`^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$`)
	namespacePart = regexp.MustCompile(`^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$`)
	namePart      = regexp.MustCompile(`^[a-zA-Z0-9]([a-zA-Z0-9._-]*[a-zA-Z0-9])?$`)

	// Versions that name no one version: a comparator (^1.2.3, >=1.0),
	// a hyphen range (1.2.3 - 2.0.0), alternatives (1.2 || 1.3), and a
	// dotted version with a wildcard (1.x, 1.2.*).
	versionRanges = []*regexp.Regexp{
		regexp.MustCompile(`^\s*(?:\^|~|>=|<=|>|<|=)\s*v?\d+(?:\.\d+){0,3}(?:-[0-9A-Za-z.-]+)?\s*$`),
		regexp.MustCompile(`^\s*v?\d+(?:\.\d+){0,3}(?:-[0-9A-Za-z.-]+)?\s-\s*v?\d+(?:\.\d+){0,3}(?:-[0-9A-Za-z.-]+)?\s*$`),
		regexp.MustCompile(`^\s*v?\d+(?:\.\d+){0,3}(?:-[0-9A-Za-z.-]+)?\s*(?:\|\|\s*v?\d+(?:\.\d+){0,3}(?:-[0-9A-Za-z.-]+)?\s*)+$`),
	}
	wildcardVersion = regexp.MustCompile(`^\s*(?:v?\d+|x|X|\*)(?:\.(?:\d+|x|X|\*)){1,2}(?:-[0-9A-Za-z.-]+)?\s*$`)

	repositoryURLs = map[string]*regexp.Regexp{
		"github": regexp.MustCompile(`^https?://(www\.)?github\.com/[\w.-]+/[\w.-]+/?$`),
		"gitlab": regexp.MustCompile(`^https?://(www\.)?gitlab\.com/[\w.-]+(/[\w.-]+)+/?$`),
	}
	subfolderPath = regexp.MustCompile(`^[a-zA-Z0-9\-_./]+$`)
	urlVariable   = regexp.MustCompile(`\{([^}]+)\}`)
	portVariable  = regexp.MustCompile(`:(\{[^}]+\})(/|$)`)
	dateVersion   = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)
)

func isDate(s string) bool { return dateVersion.MatchString(s) }

// key, at and idx build the steps to a place.
func key(segs []jsondoc.Seg, k string) []jsondoc.Seg {
	return append(segs[:len(segs):len(segs)], jsondoc.KeySeg(k))
}

func idx(segs []jsondoc.Seg, i int) []jsondoc.Seg {
	return append(segs[:len(segs):len(segs)], jsondoc.IndexSeg(i))
}

// rules runs the registry's rules beyond its schema on the manifest.
func (c *checker) rules() {
	root := c.doc.Root
	c.name(root.Get("name"))
	c.description(root.Get("description"))
	c.version(root.Get("version"), key(nil, "version"))
	c.https(root.Get("websiteUrl"), key(nil, "websiteUrl"), "websiteUrl")
	for i, m := range root.Get("icons").Elems() {
		c.https(m.Value.Get("src"), key(idx(key(nil, "icons"), i), "src"), "an icon's src")
	}
	c.repository(root.Get("repository"))
	for i, m := range root.Get("packages").Elems() {
		if m.Value.Is(jsondoc.Object) {
			c.pkg(m.Value, idx(key(nil, "packages"), i))
		}
	}
	for i, m := range root.Get("remotes").Elems() {
		if m.Value.Is(jsondoc.Object) {
			c.remote(m.Value, idx(key(nil, "remotes"), i))
		}
	}
}

// name holds a name the schema's pattern takes to the registry's parts:
// each starts and ends with a letter or a digit.
func (c *checker) name(n *jsondoc.Node) {
	s := n.Text()
	ns, name, ok := strings.Cut(s, "/")
	if !ok || !schemaName.MatchString(s) {
		return // the schema's pattern reports it
	}
	segs := key(nil, "name")
	hint := `Start and end the namespace and the name with a letter or a digit, e.g. "io.github.user/weather".`
	switch {
	case !namespacePart.MatchString(ns):
		c.rule(invalidName, n, segs, nil, "namespace "+termtext.Quote(ns)+" of the server's name must start and end with a letter or a digit", hint)
	case !namePart.MatchString(name):
		c.rule(invalidName, n, segs, nil, "name "+termtext.Quote(name)+" after the namespace must start and end with a letter or a digit", hint)
	}
}

// maxDescription is the longest description the schema takes, in
// characters.
const maxDescription = 100

// description reports a description of no character, or of more than
// the schema takes.
func (c *checker) description(n *jsondoc.Node) {
	if !n.Is(jsondoc.String) {
		return
	}
	segs := key(nil, "description")
	hint := "Say what the server offers in 1 to 100 characters; its README can say the rest."
	switch l := utf8.RuneCountInString(n.Str()); {
	case l == 0:
		c.rule(invalidDescription, n, segs, nil, "the description is empty", hint)
	case l > maxDescription:
		c.rule(invalidDescription, n, segs, nil, fmt.Sprintf("the description is %d characters long; the registry takes at most %d", l, maxDescription), hint)
	}
}

// version reports a version that names no one version.
func (c *checker) version(n *jsondoc.Node, segs []jsondoc.Seg) {
	if !n.Is(jsondoc.String) {
		return
	}
	v := n.Str()
	hint := `Give one exact version, e.g. "1.0.2".`
	if v == "latest" {
		c.rule(invalidVersion, n, segs, nil, `version "latest" is reserved: give one exact version`, hint)
		return
	}
	if looksLikeRange(v) {
		c.rule(invalidVersion, n, segs, nil, "version "+termtext.Quote(v)+" is a range, not one version", hint)
	}
}

func looksLikeRange(v string) bool {
	if strings.TrimSpace(v) == "" {
		return false
	}
	for _, re := range versionRanges {
		if re.MatchString(v) {
			return true
		}
	}
	return wildcardVersion.MatchString(v) && strings.ContainsAny(v, "xX*")
}

// https reports a URL the registry takes only absolute and https.
func (c *checker) https(n *jsondoc.Node, segs []jsondoc.Seg, what string) {
	if !n.Is(jsondoc.String) {
		return
	}
	u, err := url.Parse(n.Str())
	hint := "Use an absolute https URL, e.g. https://example.com/icon.png."
	switch {
	case err != nil || !u.IsAbs():
		c.rule(invalidURL, n, segs, nil, what+" "+termtext.Quote(n.Str())+" is not an absolute URL", hint)
	case u.Scheme != "https":
		c.rule(invalidURL, n, segs, nil, what+" "+termtext.Quote(n.Str())+" is not https: the registry takes https URLs only", hint)
	}
}

// repository reports a URL not of its source's form, and a subfolder
// that is not a clean relative path.
func (c *checker) repository(r *jsondoc.Node) {
	if !r.Is(jsondoc.Object) {
		return
	}
	segs := key(nil, "repository")
	u, source := r.Get("url"), r.Get("source")
	if u.Is(jsondoc.String) && source.Is(jsondoc.String) && (u.Str() != "" || source.Str() != "") {
		re := repositoryURLs[source.Str()]
		switch {
		case re == nil:
			c.rule(invalidURL, source, key(segs, "source"), nil, "repository source "+termtext.Quote(source.Str())+" is not one the registry takes: github or gitlab",
				`Set "source": "github" (or "gitlab") and its repository's URL.`)
		case !re.MatchString(u.Str()):
			c.rule(invalidURL, u, key(segs, "url"), nil, "repository url "+termtext.Quote(u.Str())+" is not a "+source.Str()+" repository's URL",
				"Give the repository's own URL, e.g. https://github.com/OWNER/REPO.")
		}
	}
	if sub := r.Get("subfolder"); sub.Is(jsondoc.String) && !cleanSubfolder(sub.Str()) {
		c.rule(invalidURL, sub, key(segs, "subfolder"), nil, "repository subfolder "+termtext.Quote(sub.Str())+" is not a clean relative path",
			`Write the path from the repository's top, without a leading or trailing "/" and without "." or ".." segments, e.g. "src/weather".`)
	}
}

func cleanSubfolder(p string) bool {
	if p == "" {
		return true
	}
	if strings.HasPrefix(p, "/") || strings.HasSuffix(p, "/") || !subfolderPath.MatchString(p) {
		return false
	}
	for _, s := range strings.Split(p, "/") {
		if s == "" || s == "." || s == ".." {
			return false
		}
	}
	return true
}

// pkg checks a package: its identifier, an MCPB file's hash, its
// version, its arguments and its transport.
func (c *checker) pkg(p *jsondoc.Node, segs []jsondoc.Seg) {
	if id := p.Get("identifier"); id.Is(jsondoc.String) && strings.Contains(id.Str(), " ") {
		c.rule(invalidPackage, id, key(segs, "identifier"), nil, "package identifier "+termtext.Quote(id.Str())+" has spaces",
			"Give the name the package's registry knows it by, or the URL of an MCPB file.")
	}
	if p.Get("registryType").Text() == "mcpb" && !p.Has("fileSha256") {
		c.rule(invalidPackage, p, segs, key(segs, "fileSha256"), `an MCPB package has no "fileSha256": clients must check the file they download against it`,
			`Add "fileSha256": the SHA-256 of the .mcpb file, in 64 lower-case hexadecimal digits (sha256sum FILE).`)
	}
	c.version(p.Get("version"), key(segs, "version"))
	var vars []string
	for _, m := range p.Get("environmentVariables").Elems() {
		if n := m.Value.Get("name"); n.Is(jsondoc.String) {
			vars = append(vars, n.Str())
		}
	}
	for _, list := range []string{"runtimeArguments", "packageArguments"} {
		for i, m := range p.Get(list).Elems() {
			a := m.Value
			if !a.Is(jsondoc.Object) {
				continue
			}
			for _, k := range []string{"name", "valueHint"} {
				if s := a.Get(k).Text(); s != "" {
					vars = append(vars, s)
				}
			}
			c.argument(a, idx(key(segs, list), i))
		}
	}
	if t := p.Get("transport"); t.Is(jsondoc.Object) {
		c.transport(t, key(segs, "transport"), false, vars)
	}
}

// argument checks one runtime or package argument.
func (c *checker) argument(a *jsondoc.Node, segs []jsondoc.Seg) {
	typ := a.Get("type")
	switch typ.Text() {
	case "positional":
		if !a.Has("value") && !a.Has("valueHint") {
			c.rule(invalidArgument, a, segs, nil, `a positional argument has neither a "value" nor a "valueHint"`,
				`Name the argument with "valueHint" (e.g. "config_path"), or give its "value".`)
		}
	case "named":
		name := a.Get("name")
		if !name.Is(jsondoc.String) || name.Str() == "" {
			c.rule(invalidArgument, a, segs, nil, `a named argument has no "name"`, `Give the flag as its "name", e.g. "--port".`)
			return
		}
		if strings.ContainsAny(name.Str(), "<> $") {
			c.rule(invalidArgument, name, key(segs, "name"), segs, "named argument "+termtext.Quote(name.Str())+" holds a value or a description: a name is the flag alone",
				`Give the flag as "name" ("--port") and its value as "value" or "default".`)
			return
		}
		for _, k := range []string{"value", "default"} {
			if v := a.Get(k); v.Is(jsondoc.String) && strings.HasPrefix(v.Str(), name.Str()) {
				c.rule(invalidArgument, v, key(segs, k), segs, "the "+k+" of named argument "+termtext.Quote(name.Str())+" starts with the name: the client puts the name before it",
					"Give the value alone, e.g. \"8080\" for --port.")
			}
		}
	default:
		at, where := a, segs
		if typ != nil {
			at, where = typ, key(segs, "type")
		}
		c.rule(invalidArgument, at, where, segs, `an argument's "type" is neither "positional" nor "named"`,
			`Set "type": "positional" (with a "valueHint") or "named" (with a "name").`)
	}
}

// remote checks a remote: a transport reached over HTTP.
func (c *checker) remote(r *jsondoc.Node, segs []jsondoc.Seg) {
	var vars []string
	for _, m := range r.Get("variables").Members() {
		vars = append(vars, m.Key)
	}
	c.transport(r, segs, true, vars)
}

// transport checks a package's transport (remote false) or a remote:
// its type, and its URL, whose {variables} must be among vars.
func (c *checker) transport(t *jsondoc.Node, segs []jsondoc.Seg, remote bool, vars []string) {
	typ := t.Get("type")
	u := t.Get("url")
	switch typ.Text() {
	case "stdio":
		if remote {
			c.rule(invalidTransport, typ, key(segs, "type"), segs, `a remote's "type" is "stdio": remotes are reached over "streamable-http" or "sse"`,
				`Make it "streamable-http" (or "sse") with an https "url", or describe a local server as a package.`)
			return
		}
		if u != nil && u.Text() != "" {
			c.rule(invalidTransport, u, key(segs, "url"), segs, `a "stdio" transport has a "url": it is reached over standard input and output`,
				`Remove the "url", or make the transport "streamable-http".`)
		}
		return
	case "streamable-http", "sse":
	default:
		at, where := t, segs
		if typ != nil {
			at, where = typ, key(segs, "type")
		}
		allowed := `"stdio", "streamable-http" or "sse"`
		if remote {
			allowed = `"streamable-http" or "sse"`
		}
		c.rule(invalidTransport, at, where, segs, "transport type "+termtext.Quote(typ.Text())+" is not one the registry takes: "+allowed,
			`Set "type" to `+allowed+".")
		return
	}
	if !u.Is(jsondoc.String) || u.Str() == "" {
		c.rule(invalidTransport, t, segs, nil, `a "`+typ.Text()+`" transport has no "url"`, `Give the URL it serves at, e.g. "https://api.example.com/mcp".`)
		return
	}
	urlSegs := key(segs, "url")
	parsed, ok := parseTemplate(u.Str())
	if !ok {
		c.rule(invalidTransport, u, urlSegs, segs, "url "+termtext.Quote(u.Str())+" is not an http or https URL", `Give the URL it serves at, e.g. "https://api.example.com/mcp".`)
		return
	}
	if remote {
		host := parsed.Hostname()
		switch {
		case parsed.Scheme != "https":
			c.rule(invalidTransport, u, urlSegs, segs, "a remote's url "+termtext.Quote(u.Str())+" is not https", "Serve the remote over https.")
			return
		case host == "localhost" || host == "127.0.0.1" || strings.HasSuffix(host, ".localhost"):
			c.rule(invalidTransport, u, urlSegs, segs, "a remote's url "+termtext.Quote(u.Str())+" is on localhost, where no client reaches it",
				"Give the URL the server is published at; a server run on the user's machine is a package.")
			return
		}
	}
	for _, m := range urlVariable.FindAllStringSubmatch(u.Str(), -1) {
		if !slices.Contains(vars, m[1]) {
			defined := "an argument's name or valueHint, or an environment variable"
			if remote {
				defined = `a member of the remote's "variables"`
			}
			c.rule(invalidTransport, u, urlSegs, segs, "url "+termtext.Quote(u.Str())+" uses {"+m[1]+"}, which nothing defines: it must be "+defined,
				"Define the variable, or write its value into the URL.")
			return
		}
	}
}

// parseTemplate parses a URL with {variables}, each read as a word (a
// port's as a number), as the registry does; ok is false when it is no
// http or https URL with a host.
func parseTemplate(s string) (*url.URL, bool) {
	s = portVariable.ReplaceAllString(s, ":8080$2")
	s = urlVariable.ReplaceAllString(s, "placeholder")
	u, err := url.Parse(s)
	if err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return nil, false
	}
	return u, true
}
