package watch

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
)

// waitLimit is how long a test waits for an Event that must come. It is
// generous because the machine may be busy; a passing test never waits it.
const waitLimit = 5 * time.Second

// quiet is how long a test listens to be sure no Event comes: several
// debounce windows plus the time of a load.
const quiet = 4 * Debounce

const (
	toolA = `[{"name": "alpha", "description": "Find things in the index.", "parameters": {"type": "object", "properties": {}}}]`
	toolB = `[{"name": "beta", "description": "Find other things in the index.", "parameters": {"type": "object", "properties": {}}}]`
)

func start(t *testing.T, path string, opts Options) *Watcher {
	t.Helper()
	w, err := New(path, opts)
	if err != nil {
		t.Fatalf("New(%q): %v", path, err)
	}
	t.Cleanup(func() { w.Close() })
	return w
}

// next returns the next Event, failing the test when none comes in time.
func next(t *testing.T, w *Watcher) Event {
	t.Helper()
	select {
	case ev, ok := <-w.Events():
		if !ok {
			t.Fatal("Events closed while an event was expected")
		}
		return ev
	case <-time.After(waitLimit):
		t.Fatalf("no event within %v", waitLimit)
	}
	panic("unreachable")
}

// until reads Events until one satisfies ok and returns it with the number
// of Events read, that one included.
func until(t *testing.T, w *Watcher, what string, ok func(Event) bool) (Event, int) {
	t.Helper()
	deadline := time.After(waitLimit)
	for n := 1; ; n++ {
		select {
		case ev, open := <-w.Events():
			if !open {
				t.Fatalf("Events closed while waiting for %s", what)
			}
			if ok(ev) {
				return ev, n
			}
		case <-deadline:
			t.Fatalf("no event with %s within %v", what, waitLimit)
		}
	}
}

// content reports whether ev is a successful load of exactly src.
func content(src string) func(Event) bool {
	return func(ev Event) bool { return ev.Result != nil && ev.Result.Doc.Src == src }
}

// silent fails the test when an Event arrives within d.
func silent(t *testing.T, w *Watcher, d time.Duration) {
	t.Helper()
	select {
	case ev := <-w.Events():
		t.Fatalf("unexpected event: %s", describe(ev))
	case <-time.After(d):
	}
}

func describe(ev Event) string {
	switch {
	case ev.Err != nil:
		return "error " + ev.Err.Error()
	case ev.Result != nil:
		return "load of " + ev.Result.Doc.Src
	}
	return "empty event"
}

func write(t *testing.T, path, src string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
}

func codes(r *lint.Result) []string {
	var cs []string
	for _, is := range r.Issues {
		cs = append(cs, is.Code)
	}
	return cs
}

func hasCode(r *lint.Result, code string) bool {
	for _, c := range codes(r) {
		if c == code {
			return true
		}
	}
	return false
}

func TestNewEmitsTheInitialLoadWithoutAChange(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tools.json")
	write(t, path, toolA)
	w := start(t, path, Options{})
	ev := next(t, w)
	if ev.Err != nil || ev.Result == nil {
		t.Fatalf("initial event = %s, want a load", describe(ev))
	}
	if ev.Path != path {
		t.Errorf("Path = %q, want %q (as the caller named it)", ev.Path, path)
	}
	if got := ev.Result.Doc.Src; got != toolA {
		t.Errorf("Src = %q, want %q", got, toolA)
	}
	if ev.Time.IsZero() {
		t.Error("Time is zero")
	}
	silent(t, w, quiet)
}

func TestNewKeepsARelativePathAsNamed(t *testing.T) {
	t.Parallel()
	dir := t.TempDir() // the working directory the path is from
	write(t, filepath.Join(dir, "tools.json"), toolA)
	w := start(t, "tools.json", Options{Dir: dir})
	ev := next(t, w)
	if ev.Path != "tools.json" || ev.Result == nil || ev.Result.Doc.Name != "tools.json" {
		t.Fatalf("event = %s with Path %q, want a load named tools.json", describe(ev), ev.Path)
	}
	write(t, filepath.Join(dir, "tools.json"), toolB)
	until(t, w, "the new content", content(toolB))
}

// Each way editors save a file must reload it with the new content.
func TestEveryKindOfSaveReloads(t *testing.T) {
	t.Parallel()
	saves := []struct {
		name string
		save func(t *testing.T, path, src string)
	}{
		{"atomic save: write a temporary file and rename it over", func(t *testing.T, path, src string) {
			tmp := filepath.Join(filepath.Dir(path), ".tools.json.swp")
			write(t, tmp, src)
			if err := os.Rename(tmp, path); err != nil {
				t.Fatal(err)
			}
		}},
		{"rename the original away and write a new file", func(t *testing.T, path, src string) {
			if err := os.Rename(path, path+"~"); err != nil {
				t.Fatal(err)
			}
			write(t, path, src)
			if err := os.Remove(path + "~"); err != nil {
				t.Fatal(err)
			}
		}},
		{"truncate and write in place", func(t *testing.T, path, src string) {
			f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.WriteString(src); err != nil {
				t.Fatal(err)
			}
			if err := f.Close(); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, tc := range saves {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "tools.json")
			write(t, path, toolA)
			w := start(t, path, Options{})
			if ev := next(t, w); !content(toolA)(ev) {
				t.Fatalf("initial event = %s", describe(ev))
			}
			tc.save(t, path, toolB)
			until(t, w, "the saved content", content(toolB))
			// A second save works as well as the first: the watch
			// survived the first one.
			tc.save(t, path, toolA)
			until(t, w, "the content of the second save", content(toolA))
		})
	}
}

func TestBurstOfWritesGivesFewReloadsOfTheLastContent(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tools.json")
	write(t, path, toolA)
	w := start(t, path, Options{})
	next(t, w)
	const writes = 100
	var last string
	for i := range writes {
		last = strings.Replace(toolA, "alpha", "alpha_"+strings.Repeat("x", i), 1)
		write(t, path, last)
	}
	_, n := until(t, w, "the last content", content(last))
	silent(t, w, quiet)
	// One reload is the aim; a busy machine may split the burst, and
	// writes longer apart than maxDelay windows reload on their own.
	if n > 3 {
		t.Errorf("%d writes gave %d events, want 1 to 3", writes, n)
	}
}

func TestRemovalIsAnEventAndRecreationReloads(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tools.json")
	write(t, path, toolA)
	w := start(t, path, Options{})
	next(t, w)
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	ev := next(t, w)
	if !ev.Removed || ev.Result != nil {
		t.Fatalf("after removal: Removed = %v, event %s; want Removed", ev.Removed, describe(ev))
	}
	if !errors.Is(ev.Err, ErrRemoved) || ev.Err.Error() != path+": removed" {
		t.Errorf("Err = %v, want %q wrapping ErrRemoved", ev.Err, path+": removed")
	}
	silent(t, w, quiet)
	write(t, path, toolB)
	ev, _ = until(t, w, "the re-created content", content(toolB))
	if ev.Removed {
		t.Error("Removed still set after re-creation")
	}
}

func TestMissingFileAtStartLoadsWhenCreated(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "tools.json")
	w := start(t, path, Options{})
	ev := next(t, w)
	if !ev.Removed || ev.Err == nil || ev.Err.Error() != path+": does not exist" {
		t.Fatalf("initial event = %s, Removed %v; want %q", describe(ev), ev.Removed, path+": does not exist")
	}
	write(t, path, toolA)
	until(t, w, "the created content", content(toolA))
}

func TestNewFailsWhenTheDirectoryIsMissing(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "no-such-dir", "tools.json")
	w, err := New(path, Options{})
	if err == nil {
		w.Close()
		t.Fatal("New succeeded on a file in a missing directory")
	}
	if !strings.Contains(err.Error(), path) {
		t.Errorf("error %q does not name %s", err, path)
	}
}

func TestOtherFilesInTheDirectoryAreIgnored(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tools.json")
	write(t, path, toolA)
	w := start(t, path, Options{})
	next(t, w)
	others := []string{"other.json", "tools.json~", ".tools.json.swp", "tools", "tools.json.bak"}
	for _, name := range others {
		write(t, filepath.Join(dir, name), toolB)
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "sub", "tools.json"), toolB)
	for _, name := range others {
		if err := os.Remove(filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	silent(t, w, quiet)
	write(t, path, toolB)
	until(t, w, "the watched file's content", content(toolB))
}

func TestSymlinkedFileFollowsItsTarget(t *testing.T) {
	linkDir, targetDir := t.TempDir(), t.TempDir()
	target := filepath.Join(targetDir, "real.json")
	write(t, target, toolA)
	link := filepath.Join(linkDir, "tools.json")
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	w := start(t, link, Options{})
	if ev := next(t, w); !content(toolA)(ev) {
		t.Fatalf("initial event = %s", describe(ev))
	}

	// Writing the target in place.
	write(t, target, toolB)
	until(t, w, "the target's new content", content(toolB))

	// An atomic save of the target, in the target's directory.
	tmp := filepath.Join(targetDir, ".real.json.tmp")
	write(t, tmp, toolA)
	if err := os.Rename(tmp, target); err != nil {
		t.Fatal(err)
	}
	until(t, w, "the target's saved content", content(toolA))

	// Other files beside the target are not the file.
	write(t, filepath.Join(targetDir, "other.json"), toolB)
	silent(t, w, quiet)

	// Pointing the link at another file loads that file, and then edits
	// of the new target reload.
	otherDir := t.TempDir()
	other := filepath.Join(otherDir, "moved.json")
	write(t, other, toolB)
	newLink := filepath.Join(linkDir, ".tools.json.new")
	if err := os.Symlink(other, newLink); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(newLink, link); err != nil {
		t.Fatal(err)
	}
	until(t, w, "the new target's content", content(toolB))
	write(t, other, toolA)
	until(t, w, "the new target's edit", content(toolA))

	// The old target is no longer the file.
	write(t, target, toolB)
	silent(t, w, quiet)
}

func TestHalfWrittenFileReportsItsPositionAndTheNextWriteReloads(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "tools.json")
	write(t, path, toolA)
	w := start(t, path, Options{})
	next(t, w)
	write(t, path, toolB[:len(toolB)/2])
	ev := next(t, w)
	var se *jsondoc.SyntaxError
	if !errors.As(ev.Err, &se) || ev.Result != nil || ev.Removed {
		t.Fatalf("half-written file gave %s, want a *jsondoc.SyntaxError", describe(ev))
	}
	if want := regexp.MustCompile("^" + regexp.QuoteMeta(path) + `:1:\d+: `); !want.MatchString(ev.Err.Error()) {
		t.Errorf("Err = %q, want it to match %s", ev.Err, want)
	}
	write(t, path, toolB)
	until(t, w, "the complete content", content(toolB))
}

// Whatever lands in the file on a save, the watch reports it and recovers
// when the file is fixed.
func TestBadContentOnASaveIsReportedAndTheFixReloads(t *testing.T) {
	t.Parallel()
	deep := strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	cases := []struct {
		name string
		src  string
		want string // a part of the error, "" for any positioned error
	}{
		{"empty file", "", "empty"},
		{"only white space", " \n\t\n", ""},
		{"binary garbage", "\x89PNG\r\n\x1a\n\x00\x00", ""},
		{"NUL bytes", "\x00\x00\x00", ""},
		{"invalid UTF-8", `[{"name": "` + "\xff\xfe" + `"}]`, ""},
		{"NaN", `[{"name": "a", "x": NaN}]`, ""},
		{"Infinity", `[{"name": "a", "x": Infinity}]`, ""},
		{"trailing data", toolA + " []", ""},
		{"nesting 100,000 deep", deep, "deeply nested"},
	}
	path := filepath.Join(t.TempDir(), "tools.json")
	write(t, path, toolA)
	w := start(t, path, Options{})
	next(t, w)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			write(t, path, tc.src)
			ev := next(t, w)
			var se *jsondoc.SyntaxError
			if !errors.As(ev.Err, &se) {
				t.Fatalf("got %s, want a *jsondoc.SyntaxError", describe(ev))
			}
			if se.Line == 0 || !strings.HasPrefix(ev.Err.Error(), path+":") {
				t.Errorf("Err = %q, want file:line:col", ev.Err)
			}
			if !strings.Contains(ev.Err.Error(), tc.want) {
				t.Errorf("Err = %q, want it to contain %q", ev.Err, tc.want)
			}
			write(t, path, toolB)
			until(t, w, "the fixed content", content(toolB))
		})
	}
}

// Legal but extreme content loads; a file past the size limit is an
// error, found without reading it; either way the fix reloads.
func TestExtremeContentOnASaveIsLoadedOrRefusedAndTheFixReloads(t *testing.T) {
	t.Parallel()
	tool := func(extra string) string {
		return `[{"name": "gamma", "description": "Find yet more things in the index.", "parameters": {"type": "object", "properties": {}}` + extra + `}]`
	}
	cases := []struct {
		name string
		save func(path string) error
		code string // an issue code the load must have, or "" for none
		err  string // the error the save must give, or "" for a load
	}{
		{name: "1e999999", save: writeFunc(tool(`, "x-max": 1e999999`))},
		{name: "a 10 MB string", save: writeFunc(tool(`, "x-notes": "` + strings.Repeat("x", 10<<20) + `"`))},
		{name: "a duplicate key", save: writeFunc(tool(`, "name": "gamma"`)), code: "duplicate-key"},
		{name: "past the size limit", save: func(path string) error { return os.Truncate(path, jsondoc.MaxDocumentSize+1) },
			err: ": input is larger than the 256 MiB limit"},
	}
	path := filepath.Join(t.TempDir(), "tools.json")
	write(t, path, toolA)
	w := start(t, path, Options{})
	next(t, w)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.save(path); err != nil {
				t.Fatal(err)
			}
			// os.WriteFile truncates, then writes: on a slow machine a
			// reload may come between the two and see half of a large
			// file, an error the write's own event then replaces. A load
			// case waits for its load; an error case for its error.
			ev, _ := until(t, w, "the save", func(ev Event) bool {
				if tc.err == "" {
					return ev.Result != nil && ev.Result.Doc.Src != toolA
				}
				return ev.Err != nil || ev.Result != nil && ev.Result.Doc.Src != toolA
			})
			switch {
			case tc.err != "" && (ev.Err == nil || ev.Err.Error() != path+tc.err):
				t.Errorf("got %.200s, want the error %s%s", describe(ev), path, tc.err)
			case tc.err == "" && ev.Err != nil:
				t.Errorf("got %s, want a load", describe(ev))
			case tc.code != "" && !hasCode(ev.Result, tc.code):
				t.Errorf("issues %v, want %s among them", codes(ev.Result), tc.code)
			}
			write(t, path, toolA)
			until(t, w, "the fixed content", content(toolA))
		})
	}
}

func writeFunc(src string) func(path string) error {
	return func(path string) error { return os.WriteFile(path, []byte(src), 0o644) }
}

func TestByteOrderMarkOnASaveStillLoads(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "tools.json")
	write(t, path, toolA)
	w := start(t, path, Options{})
	next(t, w)
	write(t, path, "\ufeff"+toolB)
	// The mark is skipped, so the document is toolB's tool, not an error.
	until(t, w, "the content after the mark", func(ev Event) bool {
		return ev.Result != nil && len(ev.Result.Tools.Tools) == 1 && ev.Result.Tools.Tools[0].Name == "beta"
	})
}

func TestFileReplacedByADirectoryIsReportedAndRecovers(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "tools.json")
	write(t, path, toolA)
	w := start(t, path, Options{})
	next(t, w)
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
	ev, _ := until(t, w, "a not-a-file error", func(ev Event) bool { return ev.Err != nil && !ev.Removed })
	if want := path + ": not a regular file"; ev.Err.Error() != want {
		t.Errorf("Err = %q, want %q", ev.Err, want)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	write(t, path, toolB)
	until(t, w, "the file's content", content(toolB))
}

func TestLintIssuesArriveWithTheLoad(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		file string
		src  string
		code string
	}{
		{"tool without a name", "tools.json", `[{"description": "Does something useful."}]`, "missing-name"},
		{"object that is not a tools document", "tools.json", `{"x": 1}`, "invalid-document"},
		{"tool entry that is not an object", "tools.json", `[1]`, "invalid-tool"},
		{"registry manifest without its schema", "server.json", `{"name": "io.github.user/weather", "description": "Weather.", "version": "1.0.0"}`, "registry/schema-version"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), tc.file)
			write(t, path, tc.src)
			w := start(t, path, Options{})
			ev := next(t, w)
			if ev.Result == nil {
				t.Fatalf("got %s, want a load", describe(ev))
			}
			if !hasCode(ev.Result, tc.code) {
				t.Errorf("issues %v, want one with code %s", codes(ev.Result), tc.code)
			}
		})
	}
}

func TestSetOptionsRelintsWithTheNewOptions(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tools.json")
	write(t, path, `{"x": 1}`)
	w := start(t, path, Options{Lint: lint.Options{Ignore: []string{"invalid-document"}}})
	ev := next(t, w)
	if ev.Result == nil || hasCode(ev.Result, "invalid-document") {
		t.Fatalf("initial load with invalid-document ignored: %s, issues %v", describe(ev), codes(ev.Result))
	}
	w.SetOptions(lint.Options{})
	ev = next(t, w)
	if ev.Result == nil || !hasCode(ev.Result, "invalid-document") {
		t.Fatalf("after SetOptions: %s, want invalid-document", describe(ev))
	}
	silent(t, w, quiet)
}

func TestSlowConsumerGetsOnlyTheNewestPendingEvent(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tools.json")
	write(t, path, toolA)
	const debounce = 10 * time.Millisecond
	w := start(t, path, Options{Debounce: debounce})
	// Nobody reads while the initial load and several separate saves
	// happen, each one reloaded on its own.
	var last string
	for i := range 5 {
		last = strings.Replace(toolA, "alpha", "alpha_"+strings.Repeat("y", i), 1)
		write(t, path, last)
		time.Sleep(5 * debounce)
	}
	_, n := until(t, w, "the last content", content(last))
	// At most one stale event can be waiting before the newest: the one
	// the loader was holding when the last reload began.
	if n > 2 {
		t.Errorf("a consumer that read nothing during 6 loads then got %d events, want at most 2", n)
	}
	silent(t, w, 10*debounce)
}

func TestCloseClosesEventsAndIsSafeTwice(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "tools.json")
	write(t, path, toolA)
	w, err := New(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	next(t, w)
	if err := w.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if err := w.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	select {
	case _, ok := <-w.Events():
		if ok {
			t.Error("Events delivered after Close")
		}
	case <-time.After(waitLimit):
		t.Fatal("Events not closed by Close")
	}
	w.SetOptions(lint.Options{}) // must neither block nor panic
}

func TestCloseWithAnUnreadEventReturns(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "tools.json")
	write(t, path, toolA)
	w, err := New(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	write(t, path, toolB)
	done := make(chan error)
	go func() { done <- w.Close() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Close: %v", err)
		}
	case <-time.After(waitLimit):
		t.Fatal("Close blocked on an event nobody read")
	}
}

func TestAcceptTakesIssuesOutOfEveryLoad(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "tools.json")
	write(t, path, toolA)
	var seen int
	accept := func(r *lint.Result) *lint.Result {
		seen++
		return r.Without(func(*lint.Issue) bool { return true })
	}
	first := start(t, path, Options{})
	if ev := next(t, first); ev.Result == nil || len(ev.Result.Issues) == 0 {
		t.Fatalf("the file has no issue to accept: %s", describe(ev))
	}
	w := start(t, path, Options{Accept: accept})
	if ev := next(t, w); ev.Result == nil || len(ev.Result.Issues) != 0 || seen != 1 {
		t.Fatalf("first load %s, accept called %d times; want no issues, once", describe(ev), seen)
	}
	w.SetOptions(lint.Options{Targets: []string{"openai"}})
	if ev := next(t, w); ev.Result == nil || len(ev.Result.Issues) != 0 || seen != 2 {
		t.Errorf("after SetOptions %s, accept called %d times", describe(ev), seen)
	}
}
