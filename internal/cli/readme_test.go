package cli

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"go.yaml.in/yaml/v3"

	"toolbench/core/catalog"
	"toolbench/core/config"
	"toolbench/core/lint"
	"toolbench/core/report"
	"toolbench/core/schema"
	"toolbench/internal/golden"
	"toolbench/tui"
)

// README.md is the front page and docs/ the manual. Their tables of
// commands, targets, rules, changes, keys, formats and configuration
// keys, and the screens of the workbench they show, are made from the
// tables in the code (and the workbench's golden files), and these
// tests fail when they differ; go test ./internal/cli -run Docs -update rewrites
// them.
//
// A generated region lies between <!-- NAME:start --> (or, for a region
// made from something it names, <!-- NAME ARG:start -->) and
// <!-- NAME:end -->.

// docRegions are the kinds of generated region. Each makes its text for
// the doc at file (a path from the repository's root, for links) from
// arg.
var docRegions = []struct {
	name string
	make func(file, arg string) (string, error)
}{
	{"commands", commandsMarkdown},
	{"targets", noArg(targetsMarkdown)},
	{"formats", noArg(formatsMarkdown)},
	{"changes", changesMarkdown},
	{"call-codes", callCodesMarkdown},
	{"fixes", fixesMarkdown},
	{"keys", noArg(keysMarkdown)},
	{"config", noArg(configMarkdown)},
	{"report-formats", noArg(reportFormatsMarkdown)},
	{"screen", screenMarkdown},
	{"flags", flagsMarkdown},
	{"exit", exitMarkdown},
	{"action-inputs", noArgErr(actionInputsMarkdown)},
	{"hooks", noArgErr(hooksMarkdown)},
}

// noArg and noArgErr make a region of a table that takes no argument.
func noArg(f func() string) func(string, string) (string, error) {
	return func(string, string) (string, error) { return f(), nil }
}

func noArgErr(f func() (string, error)) func(string, string) (string, error) {
	return func(string, string) (string, error) { return f() }
}

// docFiles are README.md and every Markdown file under docs/, as slash
// paths from the repository's root.
func docFiles(t testing.TB) []string {
	t.Helper()
	files := []string{"README.md"}
	err := filepath.WalkDir("docs", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
			files = append(files, filepath.ToSlash(p))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

var regionStart = regexp.MustCompile(`<!-- ([a-z-]+)(?: ([^ >]+))?:start -->\n`)

func TestREADMEAndDocsTablesAreTheCodesTables(t *testing.T) {
	t.Parallel()
	used := map[string]bool{}
	for _, file := range docFiles(t) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		doc, changed := string(data), false
		for from := 0; ; {
			m := regionStart.FindStringSubmatchIndex(doc[from:])
			if m == nil {
				break
			}
			name, arg := doc[from+m[2]:from+m[3]], ""
			if m[4] >= 0 {
				arg = doc[from+m[4] : from+m[5]]
			}
			start := from + m[1]
			end := strings.Index(doc[start:], "<!-- "+name+":end -->")
			if end < 0 {
				t.Errorf("%s: <!-- %s:start --> has no <!-- %s:end -->", file, name, name)
				break
			}
			end += start
			from = end
			i := slices.IndexFunc(docRegions, func(r struct {
				name string
				make func(string, string) (string, error)
			}) bool {
				return r.name == name
			})
			if i < 0 {
				t.Errorf("%s: no table is called %q", file, name)
				continue
			}
			used[name] = true
			want, err := docRegions[i].make(file, arg)
			if err != nil {
				t.Errorf("%s: the %s region: %v", file, name, err)
				continue
			}
			if got := doc[start:end]; got == want {
				continue
			} else if !golden.Update() {
				t.Errorf("%s's %s table is not the code's; run go test ./internal/cli -run Docs -update.\n%s", file, name, golden.FirstDifference(got, want))
				continue
			}
			doc, changed = doc[:start]+want+doc[end:], true
			from = start + len(want)
		}
		if changed {
			if err := os.WriteFile(file, []byte(doc), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, r := range docRegions {
		if !used[r.name] {
			t.Errorf("no doc has the %s table", r.name)
		}
	}
}

// relLink is the link from the doc at file to target, both paths from
// the repository's root.
func relLink(file, target string) string {
	rel, err := filepath.Rel(path.Dir(file), target)
	if err != nil {
		panic(err)
	}
	return filepath.ToSlash(rel)
}

// commandPages are the pages of the manual that document each command.
var commandPages = map[string]string{
	"":           "docs/workbench.md",
	"lint":       "docs/lint.md",
	"dump":       "docs/dump.md",
	"call":       "docs/call.md",
	"fix":        "docs/fix.md",
	"diff":       "docs/diff.md",
	"compat":     "docs/compat.md",
	"watch":      "docs/watch.md",
	"lock":       "docs/lock.md",
	"verify":     "docs/lock.md",
	"rules":      "docs/explain.md",
	"explain":    "docs/explain.md",
	"mcp":        "docs/mcp.md",
	"proxy":      "docs/proxy.md",
	"man":        "docs/completion.md",
	"completion": "docs/completion.md",
}

func commandsMarkdown(file, _ string) (string, error) {
	var b strings.Builder
	b.WriteString("| command | what it does | manual |\n| --- | --- | --- |\n")
	row := func(name, use, short string) error {
		page, ok := commandPages[name]
		if !ok {
			return fmt.Errorf("the command %q has no page in commandPages", name)
		}
		b.WriteString("| `" + use + "` | " + catalog.MarkdownCell(short) + " | [" + strings.TrimSuffix(path.Base(page), ".md") + "](" + relLink(file, page) + ") |\n")
		return nil
	}
	if err := row("", "toolbench [FILE]", "open the workbench"); err != nil {
		return "", err
	}
	for _, c := range testRoot().Commands() {
		if c.IsAvailableCommand() {
			if err := row(c.Name(), "toolbench "+c.Name(), c.Short); err != nil {
				return "", err
			}
		}
	}
	return b.String(), nil
}

func targetsMarkdown() string {
	var b strings.Builder
	b.WriteString("| target | what it adds |\n| --- | --- |\n")
	for _, t := range lint.Targets() {
		b.WriteString("| `" + t.Name + "` | " + catalog.MarkdownCell(t.Summary) + " |\n")
	}
	return b.String()
}

// formatsMarkdown lists the formats deep validation and lint check, and
// those they only carry.
func formatsMarkdown() string {
	var b strings.Builder
	b.WriteString("| format | checked | as |\n| --- | --- | --- |\n")
	for _, f := range schema.Formats() {
		checked := "no, an annotation"
		if f.Asserted {
			checked = "yes"
		}
		b.WriteString("| `" + f.Name + "` | " + checked + " | " + catalog.MarkdownCell(f.Spec) + " |\n")
	}
	return b.String()
}

// ruleLink is a code, linked to its page from the doc at file.
func ruleLink(file, code string) string {
	return "[`" + code + "`](" + relLink(file, catalog.RulePage(code)) + ")"
}

// changesMarkdown is the table of diff's checks: code, severity, summary.
func changesMarkdown(file, _ string) (string, error) {
	var b strings.Builder
	b.WriteString("| Code | Severity | Summary |\n| --- | --- | --- |\n")
	for _, c := range report.Catalog().Codes(catalog.KindChange) {
		b.WriteString("| " + ruleLink(file, c.Code) + " | " + c.Level() + " | " + catalog.MarkdownCell(c.Summary) + " |\n")
	}
	return b.String(), nil
}

// callCodesMarkdown is the table of the codes of the call check, then
// of what a call sent with --run came to.
func callCodesMarkdown(file, _ string) (string, error) {
	var b strings.Builder
	b.WriteString("| Code | Given by | Kind | Summary |\n| --- | --- | --- | --- |\n")
	for _, c := range report.Catalog().Codes(catalog.KindCall, catalog.KindRun) {
		by := "`call`"
		if c.Kind == catalog.KindRun {
			by = "`call --run`"
		}
		b.WriteString("| " + ruleLink(file, c.Code) + " | " + by + " | " + c.Level() + " | " + catalog.MarkdownCell(c.Summary) + " |\n")
	}
	return b.String(), nil
}

// fixesMarkdown is the table of the rules whose issues carry fixes, and
// when toolbench fix makes them.
func fixesMarkdown(file, _ string) (string, error) {
	var b strings.Builder
	b.WriteString("| Rule | toolbench fix makes it |\n| --- | --- |\n")
	for _, r := range lint.Rules() {
		if r.Fix != catalog.FixNone {
			b.WriteString("| " + ruleLink(file, r.Code) + " | " + fixWhen(r) + " |\n")
		}
	}
	return b.String(), nil
}

// fixWhen says when toolbench fix makes a rule's fixes.
func fixWhen(r *lint.Rule) string {
	switch r.Fix {
	case catalog.FixAuto:
		return "always (and the workbench's `f` and `F`)"
	case catalog.FixOnRequest:
		return "only when asked: `toolbench fix --code " + r.Code + "` (and the workbench's `f` on the issue)"
	}
	return "no"
}

// keysMarkdown is the workbench's key table, made from the key map's
// groups that its help screen shows.
func keysMarkdown() string {
	var b strings.Builder
	b.WriteString("| Key | Where | What it does |\n| --- | --- | --- |\n")
	for _, g := range tui.KeyHelp() {
		for _, k := range g.Keys {
			b.WriteString("| `" + catalog.MarkdownCell(k.Keys) + "` | " + catalog.MarkdownCell(g.Where) + " | " + catalog.MarkdownCell(k.What) + " |\n")
		}
	}
	return b.String()
}

// configMarkdown is the table of toolbench.toml's keys, read from the
// JSON Schema config makes from the table its parser checks files
// against.
func configMarkdown() string {
	var s configSchema
	if err := json.Unmarshal(config.Schema(), &s); err != nil {
		panic(err)
	}
	var b strings.Builder
	b.WriteString("| Key | Type | What it holds |\n| --- | --- | --- |\n")
	// A table is written [rules], an array of tables [[ignore]], and
	// the keys of an array's tables after its name.
	var rows func(prefix string, s configSchema)
	rows = func(prefix string, s configSchema) {
		for _, k := range slices.Sorted(maps.Keys(s.Properties)) {
			p := s.Properties[k]
			key := "`" + k + "`"
			switch {
			case p.Type == "object":
				key = "`[" + k + "]`"
			case p.Items != nil && p.Items.Type == "object":
				key = "`[[" + k + "]]`"
			}
			b.WriteString("| " + prefix + key + " | " + configType(p) + " | " + catalog.MarkdownCell(p.Description) + " |\n")
			if p.Items != nil && p.Items.Properties != nil {
				rows(key+" ", *p.Items)
			}
			if p.Properties != nil {
				rows(key+" ", p)
			}
		}
	}
	rows("", s)
	return b.String()
}

type configSchema struct {
	Type                 string                  `json:"type"`
	Description          string                  `json:"description"`
	Enum                 []string                `json:"enum"`
	Minimum              *int                    `json:"minimum"`
	Properties           map[string]configSchema `json:"properties"`
	Items                *configSchema           `json:"items"`
	AdditionalProperties json.RawMessage         `json:"additionalProperties"`
	Required             []string                `json:"required"`
}

// configType words what a key of the configuration holds.
func configType(p configSchema) string {
	values := func(s configSchema) string {
		switch {
		case len(s.Enum) == 0:
			return s.Type
		case len(s.Enum) > 10:
			return "rule codes and target prefixes (`openai/`)"
		}
		quoted := make([]string, len(s.Enum))
		for i, e := range s.Enum {
			quoted[i] = "`\"" + e + "\"`"
		}
		return strings.Join(quoted, ", ")
	}
	switch p.Type {
	case "array":
		if p.Items.Type == "object" {
			return "array of tables"
		}
		return "list of " + values(*p.Items)
	case "object":
		if p.Properties != nil {
			return "table"
		}
		var v configSchema
		json.Unmarshal(p.AdditionalProperties, &v)
		return "table: " + values(v) + " by code or target prefix"
	case "integer":
		if p.Minimum != nil {
			return fmt.Sprintf("integer, at least %d", *p.Minimum)
		}
	}
	return values(p)
}

// reportFormatsMarkdown is the table of report formats: what each is
// for, and which results it writes.
func reportFormatsMarkdown() string {
	results := []struct {
		name   string
		writes func(report.Format) bool
	}{
		{"lint", report.WritesIssues},
		{"diff", report.WritesChanges},
		{"compat", report.WritesMatrix},
		{"verify", func(f report.Format) bool { return f.Verify != nil }},
		{"call", report.WritesCalls},
		{"call --run", report.WritesRuns},
		{"watch", report.WritesEvents},
	}
	var b strings.Builder
	b.WriteString("| `--format` | for |")
	for _, r := range results {
		b.WriteString(" " + r.name + " |")
	}
	b.WriteString("\n| --- | --- |" + strings.Repeat(" :-: |", len(results)) + "\n")
	for _, f := range report.Formats() {
		b.WriteString("| `" + f.Name + "` | " + catalog.MarkdownCell(f.Summary) + " |")
		for _, r := range results {
			if r.writes(f) {
				b.WriteString(" yes |")
			} else {
				b.WriteString(" |")
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// commandNamed is the command arg names in the tree run builds:
// "toolbench" for the root (the workbench), else a command's name.
func commandNamed(arg string) (*cobra.Command, error) {
	root := testRoot()
	if arg == "toolbench" {
		return root, nil
	}
	// A command under another is named with a slash: proxy/wrap.
	c, _, err := root.Find(strings.Split(arg, "/"))
	if err != nil || c == root || c.CommandPath() != "toolbench "+strings.ReplaceAll(arg, "/", " ") {
		return nil, fmt.Errorf("no command is called %q", arg)
	}
	return c, nil
}

// flagsMarkdown is the table of the flags of the command arg, in the
// order its help lists them; "global" for the flags every command takes.
func flagsMarkdown(_, arg string) (string, error) {
	root := testRoot()
	global := root.PersistentFlags()
	flags := global
	if arg != "global" {
		c, err := commandNamed(arg)
		if err != nil {
			return "", err
		}
		flags = c.Flags()
	}
	var b strings.Builder
	b.WriteString("| flag | what it does | default |\n| --- | --- | --- |\n")
	flags.VisitAll(func(f *pflag.Flag) {
		if f.Hidden || f.Name == "help" || f.Name == "version" || flags != global && global.Lookup(f.Name) != nil {
			return
		}
		name := "`--" + f.Name + "`"
		if f.Shorthand != "" {
			name = "`-" + f.Shorthand + "`, " + name
		}
		def := ""
		if d := f.DefValue; d != "" && d != "false" && d != "[]" && d != "0" {
			def = "`" + d + "`"
		}
		b.WriteString("| " + name + " | " + catalog.MarkdownCell(catalog.MarkdownText(flagUsage(f))) + " | " + def + " |\n")
	})
	return b.String(), nil
}

// flagUsage is what the manual says of a flag as one sentence,
// capitalised as help shows its usage.
func flagUsage(f *pflag.Flag) string {
	usage := strings.Join(strings.Fields(flagDoc(f)), " ")
	if usage == "" {
		return usage
	}
	return strings.ToUpper(usage[:1]) + usage[1:]
}

// exitMarkdown is the paragraph of the command arg's help that says what
// its exit statuses mean.
func exitMarkdown(_, arg string) (string, error) {
	c, err := commandNamed(arg)
	if err != nil {
		return "", err
	}
	for _, para := range strings.Split(c.Long, "\n\n") {
		if strings.HasPrefix(para, "Exit status:") {
			return catalog.MarkdownText(strings.Join(strings.Fields(para), " ")) + "\n", nil
		}
	}
	return "", fmt.Errorf("the help of %s says nothing of its exit status", c.CommandPath())
}

// actionInputsMarkdown is the table of action.yml's inputs and outputs,
// in the order the file declares them.
func actionInputsMarkdown() (string, error) {
	data, err := os.ReadFile("action.yml")
	if err != nil {
		return "", err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("| input | what it does | default |\n| --- | --- | --- |\n")
	for _, in := range yamlPairs(yamlValue(doc.Content[0], "inputs")) {
		def := ""
		if d := yamlValue(in[1], "default"); d != nil && d.Value != "" {
			def = "`" + d.Value + "`"
		}
		b.WriteString("| `" + in[0].Value + "` | " + catalog.MarkdownCell(catalog.MarkdownText(yamlValue(in[1], "description").Value)) + " | " + def + " |\n")
	}
	b.WriteString("\n| output | what it holds |\n| --- | --- |\n")
	for _, out := range yamlPairs(yamlValue(doc.Content[0], "outputs")) {
		b.WriteString("| `" + out[0].Value + "` | " + catalog.MarkdownCell(catalog.MarkdownText(yamlValue(out[1], "description").Value)) + " |\n")
	}
	return b.String(), nil
}

// hooksMarkdown is the table of .pre-commit-hooks.yaml's hooks.
func hooksMarkdown() (string, error) {
	data, err := os.ReadFile(".pre-commit-hooks.yaml")
	if err != nil {
		return "", err
	}
	var hooks []struct {
		ID          string `yaml:"id"`
		Description string `yaml:"description"`
		Entry       string `yaml:"entry"`
		Files       string `yaml:"files"`
		Pass        *bool  `yaml:"pass_filenames"`
	}
	if err := yaml.Unmarshal(data, &hooks); err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("| hook | runs | on changes to (files) | what it does |\n| --- | --- | --- | --- |\n")
	for _, h := range hooks {
		run := h.Entry + " FILES..."
		if h.Pass != nil && !*h.Pass {
			run = h.Entry
		}
		b.WriteString("| `" + h.ID + "` | `" + run + "` | `" + catalog.MarkdownCell(h.Files) + "` | " + catalog.MarkdownCell(catalog.MarkdownText(h.Description)) + " |\n")
	}
	return b.String(), nil
}

// yamlValue is the value of key in the mapping node m, or nil.
func yamlValue(m *yaml.Node, key string) *yaml.Node {
	for _, kv := range yamlPairs(m) {
		if kv[0].Value == key {
			return kv[1]
		}
	}
	return nil
}

// yamlPairs are the keys and values of the mapping node m, in order.
func yamlPairs(m *yaml.Node) [][2]*yaml.Node {
	var out [][2]*yaml.Node
	for i := 0; m != nil && i+1 < len(m.Content); i += 2 {
		out = append(out, [2]*yaml.Node{m.Content[i], m.Content[i+1]})
	}
	return out
}
