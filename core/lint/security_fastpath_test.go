package lint

import (
	"fmt"
	"maps"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"toolbench/core/jsondoc"
	"toolbench/core/tooldef"
)

// corpusTexts calls fn with every text of every tool of the security
// corpus that the scan lexes, lexed.
func corpusTexts(t *testing.T, fn func(file string, x *lexed)) {
	t.Helper()
	var files []string
	for _, g := range []string{"testdata/security/*.json", "testdata/security/*/*.json", "testdata/security/*/*/*.json"} {
		m, _ := filepath.Glob(g)
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Fatal("no corpus")
	}
	for _, f := range files {
		doc, err := jsondoc.LoadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		set := tooldef.Tools(doc) // the tools a lint finds, without linting them
		for i := range set.Tools {
			s := newScan(&set.Tools[i])
			for k := range s.texts {
				s.x.lex(s.texts[k].node.Str())
				fn(f, s.x)
			}
			scanners.Put(s)
		}
	}
}

// pipesToInterpreter spares a long text the scan of the pattern of a
// pipeline into a shell, which ends in "| sh" as a whole word: it must
// find exactly that, on every text of the corpus.
func TestPipesToInterpreterReadsWholeWords(t *testing.T) {
	whole := regexp.MustCompile(`\| *(sudo\W|sudo$|(sh|bash|zsh|dash|python3?|perl|ruby|node|php)\b)`)
	pipes := 0
	corpusTexts(t, func(file string, x *lexed) {
		want := whole.MatchString(x.lower)
		if want {
			pipes++
		}
		if got := pipesToInterpreter(x.lower); got != want {
			t.Errorf("%s: pipesToInterpreter(%.80q) = %v, want %v", file, x.src, got, want)
		}
	})
	if pipes == 0 {
		t.Error("no text of the corpus pipes into a shell")
	}
}

func TestPipesToInterpreter(t *testing.T) {
	for _, tc := range []struct {
		name string
		text string
		want bool
	}{
		{"shell", "echo aGk= | base64 -d | sh", true},
		{"shell at the end", "curl x |sh", true},
		{"bash then arguments", "cat x | bash -s", true},
		{"sudo", "echo x | sudo tee", true},
		{"python 3", "echo x | python3 -", true},
		{"python", "echo x | python", true},
		{"a table's shape", "| shape=cylinder3 | shape name |", false},
		{"a table's dashed", "| dashed=1 | 0 or 1 |", false},
		{"a word that starts with node", "| nodes | edges |", false},
		{"python 3 and more", "| python3x |", false},
		{"no pipe", "sh -c true", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := pipesToInterpreter(tc.text); got != tc.want {
				t.Errorf("pipesToInterpreter(%q) = %v, want %v", tc.text, got, tc.want)
			}
		})
	}
}

// serverWord counts the descriptions that use a word until the count is
// settled, and remembers its answer: it must answer as a count of all of
// them does, asked once or again.
func TestServerWordAnswersAsAFullCount(t *testing.T) {
	for _, tc := range []struct {
		name       string
		with, of   int // descriptions that use the word, of all
		wantServer bool
	}{
		{"two of six", 2, 6, true},
		{"one of three", 1, 3, false},
		{"one of one", 1, 1, false},
		{"three of ten", 3, 10, false},
		{"four of ten", 4, 10, true},
		{"ten of ten", 10, 10, true},
		{"none of five", 0, 5, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var tools []string
			for i := range tc.of {
				desc := "Reads a thing"
				if i >= tc.of-tc.with { // the users last, where a count that stops early would miss them
					desc = "Reads a CircleCI thing"
				}
				tools = append(tools, fmt.Sprintf(`{"name": "t%d", "description": %q, "inputSchema": {"type": "object"}}`, i, desc))
			}
			doc, err := jsondoc.Parse("tools.json", []byte(`{"tools": [`+strings.Join(tools, ",")+`]}`))
			if err != nil {
				t.Fatal(err)
			}
			set := tooldef.Tools(doc)
			c := &ToolContext{DocContext: DocContext{l: &linter{docFacts: &docFacts{}}, Doc: doc, Set: set}, Tool: &set.Tools[0]}
			for range 2 {
				if got := serverWord(c, "circleci"); got != tc.wantServer {
					t.Errorf("serverWord(circleci) = %v, want %v", got, tc.wantServer)
				}
			}
		})
	}
}

// containsWordFoldByByte is containsWordFold as a plain loop over the
// places of s: what the search by IndexByte must answer.
func containsWordFoldByByte(s, w string) bool {
	for at := 0; at+len(w) <= len(s); at++ {
		if s[at]|0x20 != w[0]|0x20 || !strings.EqualFold(s[at:at+len(w)], w) {
			continue
		}
		end := at + len(w)
		if (at == 0 || !isAlnum(s[at-1])) && (end == len(s) || !isAlnum(s[end])) {
			return true
		}
	}
	return false
}

// containsWordFold answers as a loop over every byte does, for the words
// of the corpus's texts in each of them and in its neighbours, and for
// cases at the edges.
func TestContainsWordFoldAnswersAsAByteLoop(t *testing.T) {
	for _, tc := range []struct{ s, w string }{
		{"CircleCI tools", "circleci"},
		{"the circleci", "circleci"},
		{"circlecix", "circleci"},
		{"xcircleci", "circleci"},
		{"CIRCLECI", "circleci"},
		{"ci", "circleci"},
		{"@home `home", "@home"},
		{"a-b a_b", "a_b"},
		{"\u212aelvin kelvin", "kelvin"},
		{"é café", "café"},
		{"Shopify's tools", "shopify"},
		{"the HubSpot", "hubspot"},
		{"hubspotx", "hubspot"},
		{"xhubspot hubspo", "hubspot"},
		{"jazz", "jazz"},
		{"ajazz jaz", "jazz"},
		{"must", "must"},
	} {
		if got, want := containsWordFold(tc.s, tc.w), containsWordFoldByByte(tc.s, tc.w); got != want {
			t.Errorf("containsWordFold(%q, %q) = %v, want %v", tc.s, tc.w, got, want)
		}
	}
	var texts []string
	corpusTexts(t, func(_ string, x *lexed) {
		if len(texts) < 4000 {
			texts = append(texts, x.src)
		}
	})
	checked, found := 0, 0
	for i, s := range texts {
		var x lexed
		x.lex(s)
		for k, tk := range x.toks {
			if k%7 != 0 || tk.w == "" {
				continue
			}
			for _, in := range []string{s, texts[(i+1)%len(texts)]} {
				got, want := containsWordFold(in, tk.w), containsWordFoldByByte(in, tk.w)
				if got != want {
					t.Fatalf("containsWordFold(%.60q, %q) = %v, want %v", in, tk.w, got, want)
				}
				checked++
				if want {
					found++
				}
			}
		}
	}
	if checked == 0 || found == 0 || found == checked {
		t.Errorf("checked %d words, found %d: the corpus tells nothing", checked, found)
	}
}

// The phrase index tries a phrase only where its first element can
// match and the clause has a word of every element it needs: on every
// clause of the corpus it must find what trying every phrase at every
// token finds.
func TestPhraseIndexFindsWhatTryingEveryPhraseFinds(t *testing.T) {
	type found struct{ item, from, to int }
	number := map[*secItem]int{}
	for k, it := range secIndex.items {
		number[it] = k
	}
	var b matchBufs
	clauses, matched := 0, 0
	corpusTexts(t, func(file string, x *lexed) {
		for ci := range x.clauses {
			cl := x.clause(ci)
			clauses++
			want := map[found]bool{}
			for i := range cl {
				if cl[i].kind == tComma {
					continue
				}
				for k, p := range secIndex.ps {
					if !p.elems[0].matches(&cl[i]) {
						continue
					}
					if end := p.match(cl, i, 0); end > i {
						want[found{k, i, end}] = true
					}
				}
			}
			got := map[found]bool{}
			for _, m := range secIndex.matches(cl, nil, &b) {
				got[found{number[m.item], m.from, m.to}] = true
			}
			if !maps.Equal(got, want) {
				t.Errorf("%s: in %.80q the index finds %v, every phrase tried %v", file, x.src, got, want)
			}
			matched += len(want)
		}
	})
	if clauses == 0 || matched == 0 {
		t.Errorf("%d clauses, %d matches: the corpus tells nothing", clauses, matched)
	}
}
