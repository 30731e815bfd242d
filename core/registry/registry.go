package registry

import (
	"embed"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/schema"
	"toolbench/core/termtext"
	"toolbench/core/tooldef"
)

//go:embed schemas/*.json
var schemaFiles embed.FS

// versions are the versions of the registry's schema toolbench embeds and
// validates against, oldest first: each is schemas/VERSION.json.
var versions = []string{"2025-12-11"}

// olderVersions are the registry's versions before the first of
// versions: a manifest of one is checked against the registry's rules,
// not its schema.
var olderVersions = []string{"2025-07-09", "2025-09-16", "2025-09-29", "2025-10-11", "2025-10-17"}

// Versions returns the versions of the registry's schema Check validates
// against, oldest first.
func Versions() []string { return slices.Clone(versions) }

// CurrentSchemaURL is the "$schema" of a manifest of the newest version
// toolbench has.
func CurrentSchemaURL() string { return schemaURLOf(versions[len(versions)-1]) }

func schemaURLOf(version string) string {
	return "https://static.modelcontextprotocol.io/schemas/" + version + "/server.schema.json"
}

// schemaURL finds the version in a "$schema", as the registry reads it:
// the path segment before /server.schema.json, under /schemas/.
var schemaURL = regexp.MustCompile(`/schemas/([A-Za-z0-9_~.-]+)/server\.schema\.json$`)

// toolKeys are members of a tools document's root, none of which a
// server.json has.
var toolKeys = []string{"tools", "result", "jsonrpc", "type", "function", "functionDeclarations",
	"parameters", "parametersJsonSchema", "input_schema", "inputSchema"}

// Is reports whether doc is a registry manifest rather than tools: an
// object with none of a tools document's members that names the
// registry's schema, has a "version" (no tool has one), lists packages
// or remotes, or is a file named server.json.
func Is(doc *jsondoc.Document) bool {
	root := doc.Root
	if doc.JSONLines || !root.Is(jsondoc.Object) {
		return false
	}
	for _, k := range toolKeys {
		if root.Has(k) {
			return false
		}
	}
	return schemaURL.MatchString(root.Get("$schema").Text()) || root.Has("version") || root.Has("packages") || root.Has("remotes") ||
		filepath.Base(doc.Name) == "server.json"
}

// compiled holds each embedded schema, compiled on first use.
var compiled sync.Map // version -> *compiledSchema

type compiledSchema struct {
	once sync.Once
	val  *schema.Validator
	err  error
}

// validatorFor returns the validator of an embedded version's schema.
func validatorFor(version string) (*schema.Validator, error) {
	v, _ := compiled.LoadOrStore(version, &compiledSchema{})
	cs := v.(*compiledSchema)
	cs.once.Do(func() {
		name := version + ".json"
		src, err := schemaFiles.ReadFile("schemas/" + name)
		if err != nil {
			cs.err = err
			return
		}
		doc, err := jsondoc.Parse(name, src)
		if err != nil {
			cs.err = err
			return
		}
		cs.val, cs.err = schema.Compile("server.schema", doc.Root, false)
	})
	return cs.val, cs.err
}

// Lint lints doc as what it is: a registry manifest by Check, anything
// else as tools by lint.Lint. It is what toolbench lint does with a file,
// and what every other reader of a file (the MCP server, watch mode)
// does too.
func Lint(doc *jsondoc.Document, opt lint.Options) *lint.Result {
	if Is(doc) {
		return Check(doc, opt)
	}
	return lint.Lint(doc, opt)
}

// Check checks doc, a server.json, against the registry's schema for the
// version its "$schema" names and against the registry's rules beyond
// it, with opt's levels and ignores (the registry/ prefix addresses every
// check), and returns its issues as a lint's, errors first and each in
// the order of the text. The Result has no tools.
func Check(doc *jsondoc.Document, opt lint.Options) *lint.Result {
	c := &checker{doc: doc, opt: &opt}
	if doc.Root.Is(jsondoc.Object) {
		version := c.schemaVersion()
		c.rules()
		if version != "" {
			c.schema(version)
		}
	} else {
		c.report(schemaMismatch, doc.Root, nil, "server.json is "+doc.Root.Kind.Phrase()+", not an object",
			`Write the manifest as an object: {"$schema": "`+CurrentSchemaURL()+`", "name": ..., "description": ..., "version": ...}.`)
	}
	return c.result(doc)
}

// result is the checker's issues on doc as a lint's: errors first and
// each in the order of the text, positioned, and counted.
func (c *checker) result(doc *jsondoc.Document) *lint.Result {
	slices.SortStableFunc(c.issues, func(a, b lint.Issue) int {
		if a.Severity != b.Severity {
			return int(a.Severity) - int(b.Severity)
		}
		return a.Offset - b.Offset
	})
	lint.Position(doc, c.issues)
	res := &lint.Result{Doc: doc, Tools: &tooldef.ToolSet{Doc: doc}, Issues: c.issues}
	for _, is := range c.issues {
		if is.Severity == catalog.Error {
			res.Errors++
		} else {
			res.Warnings++
		}
	}
	return res
}

type checker struct {
	doc    *jsondoc.Document
	opt    *lint.Options
	issues []lint.Issue
	// scopes are the places the registry's rules reported (an argument, a
	// transport, a value), as JSON pointers: the schema's findings inside
	// one are the same defect in the schema's words, and are dropped.
	scopes []string
}

// report records an issue of rule r about node n, at the JSON path of
// segs from the root, unless the options turn r off.
func (c *checker) report(r *lint.Rule, n *jsondoc.Node, segs []jsondoc.Seg, msg, hint string) {
	sev, on := c.opt.Apply(r.Code, r.Severity)
	if !on {
		return
	}
	is := lint.Issue{Severity: sev, Code: r.Code, Path: jsondoc.AppendSegs("$", segs), Message: msg, Hint: hint, File: c.doc.Name, Offset: -1, EndOffset: -1}
	if n != nil {
		is.Offset, is.EndOffset = int(n.Start), int(n.End)
	}
	c.issues = append(c.issues, is)
}

// rule reports a finding of the registry's rules about the value at
// segs, and marks scope (segs when nil) as reported.
func (c *checker) rule(r *lint.Rule, n *jsondoc.Node, segs, scope []jsondoc.Seg, msg, hint string) {
	if scope == nil {
		scope = segs
	}
	c.scopes = append(c.scopes, pointerOf(scope))
	c.report(r, n, segs, msg, hint)
}

// schemaVersion reads the "$schema" and reports what is wrong with it;
// it returns the embedded version to validate against, "" for none.
func (c *checker) schemaVersion() string {
	root := c.doc.Root
	m, ok := root.Member("$schema")
	newest := versions[len(versions)-1]
	hint := `Set "$schema": "` + CurrentSchemaURL() + `".`
	if !ok {
		c.report(schemaVersion, root, nil, `server.json has no "$schema"; the registry requires one naming the schema's version`, hint)
		return newest
	}
	segs := []jsondoc.Seg{jsondoc.KeySeg("$schema")}
	found := schemaURL.FindStringSubmatch(m.Value.Text())
	if !m.Value.Is(jsondoc.String) || found == nil {
		c.rule(schemaVersion, m.Value, segs, nil, `"$schema" names no version of the registry's schema (https://static.modelcontextprotocol.io/schemas/VERSION/server.schema.json)`, hint)
		return newest
	}
	v := found[1]
	switch {
	case slices.Contains(versions, v):
		return v
	case slices.Contains(olderVersions, v):
		c.rule(schemaOutdated, m.Value, segs, nil, "schema version "+v+" is not the current one ("+newest+"): toolbench checks the registry's rules, not this version's schema",
			"Move the manifest to version "+newest+" and set \"$schema\" to its URL; the registry's changelog says what changed.")
		return ""
	case isDate(v) && v > newest:
		c.rule(schemaOutdated, m.Value, segs, nil, "schema version "+v+" is newer than the versions toolbench has; checked against "+newest,
			"Update toolbench to check the manifest against its own version.")
		return newest
	}
	c.rule(schemaVersion, m.Value, segs, nil, "the registry has no schema version "+termtext.Quote(v), hint)
	return newest
}

// schema validates the manifest against the schema of version and
// reports each failure under the code of what it is about, but those in
// a place the registry's rules reported already.
func (c *checker) schema(version string) {
	val, err := validatorFor(version)
	if err != nil {
		panic("registry: the embedded schema " + version + " does not compile: " + err.Error())
	}
	seen := map[string]bool{}
	for _, f := range val.Validate(c.doc.Root.Value()) {
		pointer := jsondoc.FormatPointer(f.At)
		if c.reported(pointer) {
			continue
		}
		n, segs, err := c.doc.Root.Pointer(pointer)
		if err != nil {
			n, segs = c.doc.Root, nil
		}
		r := ruleOf(f)
		msg := f.Message(true)
		if key := r.Code + " " + pointer + " " + msg; seen[key] {
			continue
		} else {
			seen[key] = true
		}
		c.report(r, n, segs, msg, hintOf(r))
	}
}

// reported reports whether the registry's rules reported the place of
// pointer, or a place holding it.
func (c *checker) reported(pointer string) bool {
	for _, s := range c.scopes {
		if pointer == s || strings.HasPrefix(pointer, s+"/") {
			return true
		}
	}
	return false
}

// ruleOf is the check whose code a schema failure is reported under:
// that of what it is about.
func ruleOf(f schema.Failure) *lint.Rule {
	at := f.At
	last := ""
	if len(at) > 0 {
		last = at[len(at)-1]
	}
	switch {
	case f.Keyword() == "required":
		return missingField
	case len(at) == 1 && at[0] == "$schema":
		return schemaVersion
	case len(at) == 1 && at[0] == "name":
		return invalidName
	case len(at) == 1 && at[0] == "description":
		return invalidDescription
	case last == "version" && (len(at) == 1 || len(at) == 3 && at[0] == "packages"):
		return invalidVersion
	case slices.Contains(at, "packageArguments") || slices.Contains(at, "runtimeArguments"):
		return invalidArgument
	case slices.Contains(at, "transport") || len(at) > 0 && at[0] == "remotes":
		return invalidTransport
	case len(at) == 1 && at[0] == "websiteUrl", len(at) == 3 && at[0] == "icons" && last == "src",
		len(at) == 2 && at[0] == "repository" && (last == "url" || last == "subfolder"):
		return invalidURL
	case len(at) == 3 && at[0] == "packages" && (last == "identifier" || last == "fileSha256"):
		return invalidPackage
	}
	return schemaMismatch
}

// hintOf is the hint of a schema failure reported under r's code.
func hintOf(r *lint.Rule) string {
	switch r {
	case missingField:
		return "Add the field: the registry's schema requires it."
	case invalidName:
		return `Name the server NAMESPACE/NAME in reverse-DNS form, e.g. "io.github.user/weather".`
	case invalidDescription:
		return "Say what the server offers in 1 to 100 characters."
	case invalidVersion:
		return `Give one exact version, e.g. "1.0.2".`
	}
	return "Make the value what the registry's schema asks for (toolbench explain " + r.Code + ")."
}

// pointerOf is the JSON pointer of segs from the root.
func pointerOf(segs []jsondoc.Seg) string {
	tokens := make([]string, len(segs))
	for i, s := range segs {
		tokens[i] = s.Key
		if s.Index >= 0 {
			tokens[i] = fmt.Sprint(s.Index)
		}
	}
	return jsondoc.FormatPointer(tokens)
}
