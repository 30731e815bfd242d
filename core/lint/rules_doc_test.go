package lint

import (
	"testing"

	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
)

func TestDuplicateKeyWarnsAtTheSecondKeyNamingTheFirstLine(t *testing.T) {
	src := "[{\n  \"name\": \"a\",\n  \"name\": \"b\"\n}]"
	doc, err := jsondoc.Parse("t.json", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []Issue
	for _, is := range Lint(doc, Options{}).Issues {
		if is.Code == "duplicate-key" {
			got = append(got, is)
		}
	}
	if len(got) != 1 {
		t.Fatalf("duplicate-key issues = %+v, want one", got)
	}
	is := got[0]
	if is.Path != "$[0].name" || is.Line != 3 || is.Column != 3 || is.Severity != catalog.Warning {
		t.Errorf("issue = %s %s at %d:%d, want warning $[0].name at 3:3", is.Severity, is.Path, is.Line, is.Column)
	}
	if want := "key 'name' appears twice in this object; the first is on line 2, and the last value wins"; is.Message != want {
		t.Errorf("message = %q, want %q", is.Message, want)
	}
}

func TestDuplicateKeyOnOneLineNamesTheFirstsColumn(t *testing.T) {
	doc, err := jsondoc.Parse("t.json", []byte(`[{"name": "a", "description": "d", "name": "b"}]`))
	if err != nil {
		t.Fatal(err)
	}
	for _, is := range Lint(doc, Options{}).Issues {
		if is.Code != "duplicate-key" {
			continue
		}
		if want := "key 'name' appears twice in this object; the first is at line 1, column 3, and the last value wins"; is.Message != want || is.Column != 36 {
			t.Errorf("issue at column %d: %q; want column 36: %q", is.Column, is.Message, want)
		}
		return
	}
	t.Error("no duplicate-key issue")
}
