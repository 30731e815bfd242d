package schema

import (
	"slices"
	"testing"
	"time"

	"toolbench/core/jsondoc"
	"toolbench/core/schema/schematest"
	"toolbench/core/tooldef"
	"toolbench/internal/gen"
)

// all covers what the base rules of a lint cover when none is ignored.
var all = Covered{Types: true, Required: true, Enum: true}

func TestQuickCheckGivesTheValidatorsFindings(t *testing.T) {
	corpus := schematest.Corpus(t)
	for _, on := range []Covered{all, {}} {
		judged := 0
		for _, src := range corpus {
			n, err := jsondoc.ParseValue("schema.json", src)
			if err != nil {
				t.Fatal(err)
			}
			d := DraftOf(n)
			slow := issueTexts(Check(n, d, on, false))
			fast := issueTexts(Check(n, d, on, true))
			if (metaPrecheck{d: d, on: on}).schema(n, true, true) {
				judged++
			}
			if !slices.Equal(fast, slow) {
				t.Errorf("covering %+v, schema %s:\n quick path gives %q\n validator gives %q", on, src, fast, slow)
			}
		}
		t.Logf("covering %+v: %d schemas, %d judged by the quick check", on, len(corpus), judged)
	}
}

func TestQuickCheckTakesCommonValidSchemas(t *testing.T) {
	for _, src := range schematest.Bases {
		n, _ := jsondoc.ParseValue("schema.json", src)
		if !(metaPrecheck{d: DraftOf(n), on: all}).schema(n, true, true) {
			t.Errorf("the quick check does not judge %s", src)
		}
	}
}

func issueTexts(is []Problem) []string {
	var out []string
	for _, i := range is {
		out = append(out, jsondoc.AppendSegs("$", i.Segs)+": "+i.Msg)
	}
	return out
}

func TestQuickCheckTakesTheBenchmarkTools(t *testing.T) {
	doc, err := jsondoc.Parse("bench.json", gen.Tools(60))
	if err != nil {
		t.Fatal(err)
	}
	ts := tooldef.Tools(doc)
	judged := 0
	for _, tl := range ts.Tools {
		if (metaPrecheck{d: DraftOf(tl.Params), on: all}).schema(tl.Params, true, true) {
			judged++
		}
	}
	// One tool in sixty has an unknown type, which unknown-type reports:
	// the quick check takes that one too.
	if judged != len(ts.Tools) {
		t.Errorf("the quick check judged %d of %d generated tools, want all", judged, len(ts.Tools))
	}
}

// BenchmarkMetaSchema validates the parameter schemas of 2,000 generated
// tools against the meta-schema, the quick way (as lint does) and through
// the validator alone, and reports the cost per tool.
func BenchmarkMetaSchema(b *testing.B) {
	const tools = 2000
	doc, err := jsondoc.Parse("bench.json", gen.Tools(tools))
	if err != nil {
		b.Fatal(err)
	}
	ts := tooldef.Tools(doc)
	Drafts[0].compiled()
	for _, bc := range []struct {
		name  string
		quick bool
	}{
		{"lint", true},
		{"validator", false},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			start := time.Now()
			for b.Loop() {
				for i := range ts.Tools {
					p := ts.Tools[i].Params
					Check(p, DraftOf(p), all, bc.quick)
				}
			}
			b.ReportMetric(float64(time.Since(start).Nanoseconds())/float64(b.N*tools), "ns/tool")
		})
	}
}
