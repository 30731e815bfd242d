package jsondoc

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/termtext"
)

// Bad and extreme input: loading either succeeds or fails with an error
// that says where and what was wrong; nothing panics, recurses without
// bound, reads without end or writes the input's control characters to
// a terminal.

// checkPositioned fails unless err is a *SyntaxError whose line and
// column are those of its offset in src, and whose text is safe to print.
func checkPositioned(t *testing.T, err error, src string) *SyntaxError {
	t.Helper()
	var se *SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("error %v (%T) is not a *SyntaxError", err, err)
	}
	if se.Offset < 0 || se.Offset > len(src) {
		t.Fatalf("error %q at offset %d, outside the %d bytes of input", err, se.Offset, len(src))
	}
	doc := &Document{Src: src}
	if line, col := doc.Position(se.Offset); se.Line != line || se.Column != col {
		t.Errorf("error %q says %d:%d, but its offset %d is at %d:%d", err, se.Line, se.Column, se.Offset, line, col)
	}
	if s := err.Error(); termtext.EscapeLine(s) != s {
		t.Errorf("error %q holds characters a terminal would interpret", s)
	}
	return se
}

func TestParseRejectsWhatIsNotJSONWithItsPosition(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"empty file", "", "in.json:1:1: empty input: expected a JSON value"},
		{"only white space", " \n\t\r\n  ", "in.json:3:3: no JSON value, only white space"},
		{"a byte order mark and nothing else", "\ufeff", "in.json:1:4: no JSON value, only white space"},
		{"binary garbage", "\x89PNG\r\n\x1a\n\x00\x00", `in.json:1:1: invalid character '\x89' at start of value`},
		{"NUL bytes", "\x00\x00\x00", `in.json:1:1: invalid character '\x00' at start of value`},
		{"a NUL byte in a string", "[\"a\x00b\"]", `in.json:1:4: invalid character '\x00' in string (expecting non-control character)`},
		{"invalid UTF-8 in a string", "[\n\"\xff\xfe\"]", "in.json:2:2: invalid UTF-8"},
		{"invalid UTF-8 outside a string", "[\xff]", `in.json:1:2: invalid character '\xff' at start of value`},
		{"a Hangul filler outside a string", "\uffa0", `in.json:1:1: invalid character '\u{FFA0}' at start of value`},
		{"NaN", `{"x": NaN}`, "in.json:1:7: invalid character 'N' at start of value"},
		{"Infinity", `{"x": Infinity}`, "in.json:1:7: invalid character 'I' at start of value"},
		{"minus Infinity", `[-Infinity]`, "in.json:1:3: invalid character 'I' in number (expecting digit)"},
		{"a second value after the first", "[]\n[]", "in.json:2:1: after the JSON value: unexpected data, only white space may follow"},
		{"a second scalar after the first", `"a" 1`, "in.json:1:5: after the JSON value: unexpected data, only white space may follow"},
		{"garbage after the value", "{} x", "in.json:1:4: after the JSON value: invalid character 'x' at start of value"},
		{"a stray closing bracket after the value", "[1]]", "in.json:1:4: after the JSON value: unexpected data, only white space may follow"},
		{"a trailing comma in an array", "[1,]", "in.json:1:3: a trailing comma: JSON allows no ',' before ']'"},
		{"a trailing comma in an object", "{\"a\": 1,\n}", "in.json:1:8: a trailing comma: JSON allows no ',' before '}'"},
		{"two commas", "[1,,2]", "in.json:1:4: invalid character ',' at start of value"},
		{"single quotes", "{'a': 1}", "in.json:1:2: invalid character '\\'' at start of value"},
		{"a comment", "// tools\n[]", "in.json:1:1: invalid character '/' at start of value"},
		{"an escape sequence in a key", "{\"\x1b[31m\": 1}", `in.json:1:3: invalid character '\x1b' in string (expecting non-control character)`},
		{"a bidi override outside a string", "[\u202e]", `in.json:1:2: invalid character '\u202e' at start of value`},
		{"an unclosed array", "[{\"a\": 1}", "in.json:1:10: unexpected end of input: an array is not closed (expected ']')"},
		{"an unclosed string", "[\"abc", "in.json:1:6: unexpected end of input: an array is not closed (expected ']')"},
		{"a byte order mark inside", "[\ufeff1]", `in.json:1:2: invalid character '\ufeff' at start of value`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := Parse("in.json", []byte(tc.src))
			if err == nil {
				t.Fatalf("Parse(%q) = %v, want an error", tc.src, doc.Root.Kind)
			}
			checkPositioned(t, err, tc.src)
			if got := err.Error(); got != tc.want {
				t.Errorf("Parse(%q) error\n got %s\nwant %s", tc.src, got, tc.want)
			}
		})
	}
}

func TestParseSkipsAByteOrderMarkAtTheStart(t *testing.T) {
	src := "\ufeff\n[1, \"a\"]"
	doc, err := Parse("in.json", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if doc.Root.Kind != Array || doc.Root.Len() != 2 || doc.Root.Elem(1).Str() != "a" {
		t.Fatalf("root = %s of %d, want the array [1, \"a\"]", doc.Root.Kind, doc.Root.Len())
	}
	// Offsets stay offsets in the file, mark included.
	if got := src[doc.Root.Start:doc.Root.End]; got != `[1, "a"]` {
		t.Errorf("root text = %q, want [1, \"a\"]", got)
	}
	if line, col := doc.Position(int(doc.Root.Start)); line != 2 || col != 1 {
		t.Errorf("root at %d:%d, want 2:1", line, col)
	}
}

func TestParseKeepsExtremeNumbersAsWritten(t *testing.T) {
	cases := []struct {
		name, literal string
		isInt         bool
	}{
		{"an exponent past float64", "1e999999", false},
		{"a negative exponent past float64", "-1E+999999", false},
		{"a value below the smallest float64", "1e-999999", false},
		{"a fraction of a thousand digits", "0." + strings.Repeat("0", 1000) + "1", false},
		{"an integer of ten thousand digits", "-" + strings.Repeat("9", 10000), true},
		{"an integer past int64", "9223372036854775808", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := Parse("in.json", []byte(`{"n": `+tc.literal+`}`))
			if err != nil {
				t.Fatal(err)
			}
			n := doc.Root.Get("n")
			if n.Kind != Number || n.Str() != tc.literal || n.IsInt() != tc.isInt {
				t.Errorf("n = %s %.40q int=%v, want the number %.40q int=%v", n.Kind, n.Str(), n.IsInt(), tc.literal, tc.isInt)
			}
		})
	}
}

func TestParseReadsATenMegabyteString(t *testing.T) {
	plain := strings.Repeat("abcdefghij", 1<<20)
	escaped := strings.Repeat(`\u00e9\n`, 1<<20)
	doc, err := Parse("in.json", []byte(`{"plain": "`+plain+`", "escaped": "`+escaped+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := doc.Root.Get("plain").Str(); got != plain {
		t.Errorf("plain string is %d bytes, want %d", len(got), len(plain))
	}
	if got, want := doc.Root.Get("escaped").Str(), strings.Repeat("é\n", 1<<20); got != want {
		t.Errorf("escaped string is %d bytes, want %d", len(got), len(want))
	}
}

func TestParseStopsNestingPastMaxDepth(t *testing.T) {
	nested := func(levels int, open, close string) string {
		return strings.Repeat(open, levels) + "1" + strings.Repeat(close, levels)
	}
	tooDeep := fmt.Sprintf("too deeply nested: more than %d levels of objects and arrays", MaxDepth)
	cases := []struct {
		name, src string
		want      string // "" when it loads
	}{
		{"arrays at the limit", nested(MaxDepth, "[", "]"), ""},
		{"objects at the limit", nested(MaxDepth, `{"a":`, "}"), ""},
		{"arrays one past the limit", nested(MaxDepth+1, "[", "]"), fmt.Sprintf("in.json:1:%d: %s", MaxDepth+1, tooDeep)},
		{"arrays 100,000 deep", nested(100000, "[", "]"), fmt.Sprintf("in.json:1:%d: %s", MaxDepth+1, tooDeep)},
		{"objects 100,000 deep", nested(100000, `{"a":`, "}"), fmt.Sprintf("in.json:1:%d: %s", 5*MaxDepth+1, tooDeep)},
		{"mixed 100,000 deep", nested(50000, `[{"a":`, "}]"), fmt.Sprintf("in.json:1:%d: %s", 3*MaxDepth+1, tooDeep)},
		{"unclosed arrays 100,000 deep", strings.Repeat("[", 100000), fmt.Sprintf("in.json:1:%d: %s", MaxDepth+1, tooDeep)},
		{"deep on the third line", "\n\n  " + nested(MaxDepth+1, "[", "]"), fmt.Sprintf("in.json:3:%d: %s", MaxDepth+3, tooDeep)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("in.json", []byte(tc.src))
			if tc.want == "" {
				if err != nil {
					t.Fatalf("Parse: %v, want it to load", err)
				}
				return
			}
			if err == nil {
				t.Fatal("Parse loaded it, want too deeply nested")
			}
			checkPositioned(t, err, tc.src)
			if err.Error() != tc.want {
				t.Errorf("error\n got %s\nwant %s", err, tc.want)
			}
		})
	}
}

func TestParseFindsDuplicateKeysInObjectsOfEverySize(t *testing.T) {
	for _, size := range []int{2, keyIndexAt - 1, keyIndexAt, keyIndexAt + 1, 5000} {
		t.Run(fmt.Sprint(size, " keys"), func(t *testing.T) {
			var b strings.Builder
			b.WriteByte('{')
			offset := map[string]int{}
			member := func(key string, v int) {
				if b.Len() > 1 {
					b.WriteString(", ")
				}
				if _, ok := offset[key]; !ok {
					offset[key] = b.Len()
				}
				fmt.Fprintf(&b, "%q: %d", key, v)
			}
			for i := range size {
				member(fmt.Sprint("k", i), i)
			}
			// Repeat the first key, the last one, and one in the middle.
			var want []DuplicateKey
			for _, i := range []int{0, size - 1, size / 2} {
				key := fmt.Sprint("k", i)
				second := b.Len() + 2
				member(key, -i)
				want = append(want, DuplicateKey{Path: "$", Key: key, First: int32(offset[key]), Second: int32(second)})
			}
			b.WriteByte('}')
			doc, err := Parse("in.json", []byte(b.String()))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, doc.Duplicates); diff != "" {
				t.Errorf("duplicates (-want +got):\n%s", diff)
			}
			if doc.Root.Len() != size {
				t.Errorf("the object has %d members, want %d", doc.Root.Len(), size)
			}
			for _, i := range []int{0, size - 1, size / 2} {
				key := fmt.Sprint("k", i)
				if v := doc.Root.Get(key); v.Str() != fmt.Sprint(-i) {
					t.Errorf("%s = %s, want the last value %d", key, v.Str(), -i)
				}
			}
		})
	}
}

func TestParseOfAnObjectWithManyKeysTakesLinearTime(t *testing.T) {
	var b strings.Builder
	b.WriteByte('{')
	const keys = 200000
	for i := range keys {
		fmt.Fprintf(&b, `"key%d": %d,`, i, i)
	}
	b.WriteString(`"key0": 0}`)
	start := time.Now()
	doc, err := Parse("in.json", []byte(b.String()))
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	if doc.Root.Len() != keys || len(doc.Duplicates) != 1 {
		t.Fatalf("%d members, %d duplicates; want %d and 1", doc.Root.Len(), len(doc.Duplicates), keys)
	}
	// Comparing every key with every other takes minutes; a map, well
	// under a second even on a busy machine.
	if took > 5*time.Second {
		t.Errorf("parsing %d keys took %v", keys, took)
	}
}

// fillReader produces n bytes: first, then fill repeated, cheaply; with
// n < 0 it never ends.
type fillReader struct {
	first []byte
	fill  byte
	n     int64
}

func (r *fillReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	if r.n > 0 && int64(len(p)) > r.n {
		p = p[:r.n]
	}
	k := copy(p, r.first)
	r.first = r.first[k:]
	for i := k; i < len(p); i++ {
		p[i] = r.fill
	}
	if r.n > 0 {
		r.n -= int64(len(p))
	}
	return len(p), nil
}

func TestLoadReaderFailsPastTheSizeLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("reads MaxDocumentSize bytes")
	}
	for _, tc := range []struct {
		name string
		r    io.Reader
	}{
		{"one byte past the limit", &fillReader{first: []byte("["), fill: ' ', n: MaxDocumentSize + 1}},
		{"an endless input", &fillReader{first: []byte(`{"a": "`), fill: 'x', n: -1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			_, err := LoadReader("<stdin>", tc.r)
			t.Logf("failed after %v", time.Since(start))
			if want := "<stdin>: input is larger than the 256 MiB limit"; err == nil || err.Error() != want {
				t.Fatalf("LoadReader = %v, want %s", err, want)
			}
			var tl *TooLargeError
			if !errors.As(err, &tl) || !errors.Is(err, ErrTooLarge) || tl.Limit != MaxDocumentSize {
				t.Errorf("error is a %T (%+v), want a *TooLargeError of the limit, which is ErrTooLarge", err, err)
			}
		})
	}
}

func TestLoadFailsAtTheLimitWhetherTheSizeIsKnownOrNot(t *testing.T) {
	const limit = 100
	for _, n := range []int{limit - 1, limit, limit + 1, 3 * limit} {
		src := "[" + strings.Repeat(" ", n-2) + "]"
		for _, size := range []int64{-1, int64(n)} {
			t.Run(fmt.Sprintf("%d bytes, size %d", n, size), func(t *testing.T) {
				_, err := load("in.json", strings.NewReader(src), size, limit, 16)
				if n <= limit && err != nil {
					t.Errorf("load = %v, want it to load", err)
				}
				if n > limit && (err == nil || err.Error() != "in.json: input is larger than the 100 bytes limit" || !errors.Is(err, ErrTooLarge)) {
					t.Errorf("load = %v, want the limit in force, 100 bytes, as ErrTooLarge", err)
				}
			})
		}
	}
}

func TestLoadFileRefusesALargeFileWithoutReadingIt(t *testing.T) {
	path := filepath.Join(t.TempDir(), "huge.json")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	// A sparse file: as large as it says, at no cost.
	if err := f.Truncate(MaxDocumentSize + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	start := time.Now()
	_, err = LoadFile(path)
	took := time.Since(start)
	if want := path + ": input is larger than the 256 MiB limit"; err == nil || err.Error() != want {
		t.Fatalf("LoadFile = %v, want %s", err, want)
	}
	if took > time.Second {
		t.Errorf("refusing the file took %v: it was read", took)
	}
}

func TestLoadFileOfDevZeroFailsAtTheFirstByte(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	start := time.Now()
	_, err := LoadFile("/dev/zero")
	took := time.Since(start)
	if want := `/dev/zero:1:1: invalid character '\x00' at start of value`; err == nil || err.Error() != want {
		t.Fatalf("LoadFile = %v, want %s", err, want)
	}
	if took > time.Second {
		t.Errorf("took %v: /dev/zero was read to the limit", took)
	}
}

// errAfterHead is what a reader returns when it is read past the part a
// test gave it: a load that does so did not stop early.
var errAfterHead = errors.New("read past the head")

type headReader struct {
	head io.Reader
}

func (r *headReader) Read(p []byte) (int, error) {
	n, err := r.head.Read(p)
	if err == io.EOF {
		return n, errAfterHead
	}
	return n, err
}

func TestLoadReaderStopsAtAnErrorInTheFirstBytes(t *testing.T) {
	for _, src := range []string{
		"\x00\x00",
		"y\ny\ny\n",
		"[1, 2, 3],",
		strings.Repeat("[", MaxDepth+1),
		"\ufeff{\"a\": NaN",
		"{}\n{\"a\": 1}\n}\n",
		"[1]\n[2] [3]\n",
	} {
		head := src + strings.Repeat(" ", probeSize) // more than the probe, then an endless tail
		_, err := LoadReader("in", &headReader{strings.NewReader(head)})
		_, want := ParseDocument("in", []byte(src+" "))
		if errors.Is(err, errAfterHead) || err == nil {
			t.Errorf("LoadReader(%.20q...) = %v, want the syntax error without reading on", src, err)
			continue
		}
		if werr := fmt.Sprint(want); err.Error() != werr {
			t.Errorf("LoadReader(%.20q...) = %v, want %s", src, err, werr)
		}
	}
}

func TestLoadGivesWhatParseDocumentGivesWhereverTheProbeEnds(t *testing.T) {
	inputs := []string{
		`{"a": [1, 2.5e10, "x\u00e9y", true, null], "b": {}}`,
		"\ufeff  [\"\xc3\xa9\xe2\x80\xae\"]  \n",
		`{"a": 1} {"b": 2}`,
		`[1, 2] x`,
		`123 456`,
		`-1.5e`,
		`[tru`,
		`["a\`,
		`[1,]`,
		"[\"\xff\"]",
		strings.Repeat("[", 12) + strings.Repeat("]", 11),
		" \n \t ",
		"\xef\xbb",
		"[\ufeff1]",
		"[\u202e]",
		"[\U0001F600, \"\U0001F600\"]",
		"",
		"{}\n{\"a\": [1, 2]}\n\n[3]\n",
		"{}\n{\"a\":",
		"{}\n}\n{}",
		"[1]\n[2] [3]",
		"{\"a\": 1}\n{\n}",
	}
	for _, src := range inputs {
		want, werr := ParseDocument("in", []byte(src))
		for probe := 1; probe <= len(src)+1; probe++ {
			got, gerr := load("in", strings.NewReader(src), -1, MaxDocumentSize, probe)
			if fmt.Sprint(gerr) != fmt.Sprint(werr) {
				t.Errorf("load(%q) probing %d bytes: error %v, Parse's %v", src, probe, gerr, werr)
				continue
			}
			if werr == nil && (got.Src != want.Src || got.Root.Start != want.Root.Start || got.Root.End != want.Root.End) {
				t.Errorf("load(%q) probing %d bytes read a different document", src, probe)
			}
		}
	}
}

func TestParseOfDuplicateKeysDeepInsideTakesLittleTime(t *testing.T) {
	const depth = 5000
	src := strings.Repeat(`{"a": 1, "a": `, depth) + "{}" + strings.Repeat("}", depth)
	start := time.Now()
	doc, err := Parse("in.json", []byte(src))
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Duplicates) != depth {
		t.Fatalf("%d duplicates, want %d", len(doc.Duplicates), depth)
	}
	if got, want := doc.Duplicates[depth-1].Path, "$"+strings.Repeat(".a", depth-1); got != want { // text order: the deepest is last
		t.Errorf("the deepest duplicate's path is %.40q... (%d bytes), want %d bytes", got, len(got), len(want))
	}
	// Building each path by appending to the last takes tens of seconds.
	if took > 5*time.Second {
		t.Errorf("parsing took %v", took)
	}
}
