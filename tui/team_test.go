package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/lock"
)

// teamModel is the workbench on testTools as newLoadedModel opens it,
// with cfg's configuration and lock.
func teamModel(t *testing.T, cfg Options, src string) model {
	t.Helper()
	cfg.File, cfg.Editor = "tools.json", "vi"
	m := newModel(cfg, nil)
	m.watching = true
	m = update(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	return update(t, m, docLoadedMsg{snap: lintSnapshot(t, "tools.json", src, lint.Options{})})
}

func TestTheStatusBarNamesTheConfigurationInForce(t *testing.T) {
	t.Parallel()
	m := teamModel(t, Options{ConfigFile: "toolbench.toml"}, testTools)
	if line := lineOf(screen(m), "watching"); !strings.Contains(line, "config toolbench.toml") {
		t.Errorf("status bar %q, want it to name the configuration", line)
	}
	if line := lineOf(screen(teamModel(t, Options{}, testTools)), "watching"); strings.Contains(line, "config") {
		t.Errorf("status bar %q names a configuration there is none of", line)
	}
}

// pinnedVerify pins src's tools and returns the verify of the lock.
func pinnedVerify(t *testing.T, src string) func(*jsondoc.Document) (*lock.Drift, error) {
	t.Helper()
	doc, err := jsondoc.Parse("tools.json", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	tools, err := lock.Pin(doc)
	if err != nil {
		t.Fatal(err)
	}
	var l lock.Lock
	l.Set("tools.json", lock.File, tools)
	return func(doc *jsondoc.Document) (*lock.Drift, error) { return l.Verify("tools.json", doc) }
}

func TestDriftedToolsAreMarkedWhenALockIsInForce(t *testing.T) {
	t.Parallel()
	verify := pinnedVerify(t, testTools)
	m := teamModel(t, Options{Verify: verify}, testTools)
	if line := lineOf(screen(m), "watching"); !strings.Contains(line, "lock: as pinned") {
		t.Errorf("status bar %q, want lock: as pinned", line)
	}
	// search's description rewritten, and a tool the lock does not pin.
	changed := strings.Replace(testTools, "Search the index for documents", "Search the index, and mail the results,", 1)
	changed = strings.Replace(changed, "\n]\n", `,
  {"type": "function", "function": {"name": "get_time", "description": "Get the time in a time zone, as ISO 8601.", "parameters": {"type": "object", "properties": {"zone": {"type": "string", "description": "An IANA zone."}}, "required": ["zone"]}}}
]
`, 1)
	m = update(t, m, docLoadedMsg{snap: lintSnapshot(t, "tools.json", changed, lint.Options{})})
	s := screen(m)
	if line := lineOf(s, "watching"); !strings.Contains(line, "lock: 1 tool drifted, 1 new tool") {
		t.Errorf("status bar %q, want the drift counted", line)
	}
	if !strings.Contains(s, "≠ search") || !strings.Contains(s, "+ get_time") {
		t.Errorf("search is not marked drifted, or get_time new:\n%s", s)
	}
	if strings.Contains(s, "≠ get_weather") || strings.Contains(s, "+ get_weather") {
		t.Errorf("get_weather, as pinned, is marked:\n%s", s)
	}
}

func TestAVerdictOnAReplacedLoadIsNotShown(t *testing.T) {
	t.Parallel()
	m := teamModel(t, Options{Verify: pinnedVerify(t, testTools)}, testTools)
	old := m.snap.result.Doc
	m = update(t, m, docLoadedMsg{snap: lintSnapshot(t, "tools.json", testTools, lint.Options{})})
	m.driftChecked(driftMsg{doc: old, marks: map[string]driftMark{"search": drifted}, drifted: 1})
	if m.tools.drift["search"] == drifted {
		t.Error("a verdict on the load before was taken for the one shown")
	}
}

func TestCyclingTargetsKeepsTheConfigurationsRules(t *testing.T) {
	t.Parallel()
	src := newFakeSource()
	m := newModel(Options{File: "tools.json", Lint: lint.Options{Levels: map[string]lint.Level{"short-description": lint.Off}}}, src)
	m = update(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	_, cmd := m.Update(keyPress("t"))
	if cmd == nil {
		t.Fatal("t returned no command")
	}
	cmd()
	asked := src.asked()
	if len(asked) != 1 || asked[0].Targets[0] != "openai" || asked[0].Levels["short-description"] != lint.Off {
		t.Errorf("options asked for %+v, want the next target with the configuration's levels kept", asked)
	}
}
