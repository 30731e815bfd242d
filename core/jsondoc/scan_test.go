package jsondoc

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// decoderParse parses data with the decoder alone, the path the scanner
// must agree with; lines accepts JSON Lines.
func decoderParse(data []byte, lines bool) (*Document, error) {
	doc := &Document{Name: "t.json", Src: string(data)}
	p := parser{doc: doc, lines: lines}
	root, err := p.parseAll(data)
	if err != nil {
		return nil, err
	}
	doc.Root = root
	doc.Duplicates = p.duplicates()
	return doc, nil
}

// scannerParse parses data with the scanner alone; ok is false where the
// scanner gives up. lines accepts JSON Lines.
func scannerParse(data []byte, lines bool) (doc *Document, ok bool) {
	doc = &Document{Name: "t.json", Src: string(data)}
	p := parser{doc: doc, src: doc.Src, lines: lines}
	doc.Root, ok = p.scan(1)
	doc.Duplicates = p.duplicates()
	return doc, ok
}

// dumpTree writes every node of the tree with its offsets, text and keys,
// so two trees compare as strings.
func dumpTree(b *strings.Builder, n *Node) {
	fmt.Fprintf(b, "%s %d-%d %q", n.Kind, n.Start, n.End, n.Str())
	if n.Kind == Object || n.Kind == Array {
		fmt.Fprintf(b, " %d{", len(n.Kids()))
		for _, m := range n.Kids() {
			fmt.Fprintf(b, "%q: ", m.Key)
			dumpTree(b, m.Value)
			b.WriteString(", ")
		}
		b.WriteString("}")
	}
}

func dumpDoc(d *Document) string {
	var b strings.Builder
	dumpTree(&b, d.Root)
	fmt.Fprintf(&b, " duplicates %+v JSON Lines %v", d.Duplicates, d.JSONLines)
	return b.String()
}

// checkScanMatchesDecoder fails when the scanner and the decoder disagree
// about data, read as one value and as a document that may be JSON
// Lines: whether it is JSON, or the nodes it makes.
func checkScanMatchesDecoder(t *testing.T, data []byte) {
	t.Helper()
	for _, lines := range []bool{false, true} {
		want, err := decoderParse(data, lines)
		got, ok := scannerParse(data, lines)
		switch {
		case ok && err != nil:
			t.Fatalf("lines %v: the scanner takes %q, which the decoder rejects: %v", lines, data, err)
		case !ok && err == nil:
			t.Fatalf("lines %v: the scanner gives up on %q, which the decoder reads", lines, data)
		case ok:
			if w, g := dumpDoc(want), dumpDoc(got); w != g {
				t.Fatalf("lines %v: %q: the scanner's tree differs from the decoder's:\n got %s\nwant %s", lines, data, g, w)
			}
		}
	}
}

var scanCases = []string{
	// Values of every kind, and white space of every kind.
	`null`, `true`, `false`, `0`, `-0`, `12.5e-3`, `1E+2`, `""`, `"x"`, `[]`, `{}`,
	" \t\r\n[ 1 , 2 ]\n", `{"a":{"b":[true,false,null]}}`, "\xef\xbb\xbf{}",
	`{"a": 1, "a": 2, "b": {"a": 3, "a": [4]}}`,
	// Numbers the grammar refuses.
	`01`, `-`, `1.`, `.5`, `1e`, `1e+`, `+1`, `0x1`, `1.5.5`, `[1,]`, `-a`, `2.e3`, `NaN`, `Infinity`,
	// Literals, cut or followed by more.
	`tru`, `nul`, `falsey`, `[truefalse]`, `nullnull`, `[null,nul]`,
	// Escapes: every valid one, surrogate pairs, and the broken ones.
	`"\" \\ \/ \b \f \n \r \t \u00e9 \uFFFF"`, `"\ud83d\ude00"`, `"\uD83D\uDE00"`,
	`"\ud83d"`, `"\ude00"`, `"\ud83d\u0041"`, `"\ud83dx"`, `"\ud83d\"`, `"\u12"`, `"\u12G4"`, `"\x"`, `"\`, `"\u"`,
	`{"\u0061": 1, "a": 2}`,
	// Characters: raw controls, DEL, multi-byte UTF-8, U+FFFD written out,
	// and bytes that are not UTF-8.
	"\"a\tb\"", "\"a\x00b\"", "\"\x7f\"", "\"é ✓ 😀\"", "\"\xef\xbf\xbd\"",
	"\"\xff\"", "\"\xc3\"", "\"\xed\xa0\x80\"", "\"\xc0\xaf\"", "\"\xf4\x90\x80\x80\"",
	// Structure that is off.
	`{"a" 1}`, `{"a":}`, `{a:1}`, `{"a":1,}`, `{"a":1 "b":2}`, `[1 2]`, `[`, `{`, `]`, `}`,
	`{"a":1}}`, `[1]]`, `1 2`, `{} x`, `"unterminated`, ``, `   `, "\xef\xbb\xbf", "\xef\xbb",
	`{1:2}`, `[,1]`, `{"a":1,,"b":2}`, `{,}`,
	// JSON Lines, and texts that are not: a value of several lines first,
	// a second value on a line, a value of several lines later, blank
	// lines, CRLF, repeated keys in the first value and the later ones.
	"[]\n[]", "1\n2\n\n  3 \n", "{\"a\":1,\"a\":2}\n{\"b\":[{\"c\":1,\"c\":2}]}\n", "{}\r\n[1]\r\n",
	"{\n}\n{}", "{}\n{} {}", "{}\n{\n}", "{}\n}", "{}\n{\"a\":", "{}\n[1,]", "\n\n{}\n{}", "{} \n\n\t[true]",
}

func TestScanMatchesDecoder(t *testing.T) {
	cases := scanCases
	// Nesting at the depth limit and one past it.
	cases = append(cases,
		strings.Repeat("[", MaxDepth)+strings.Repeat("]", MaxDepth),
		strings.Repeat("[", MaxDepth+1)+strings.Repeat("]", MaxDepth+1),
		strings.Repeat(`{"a":`, MaxDepth)+"1"+strings.Repeat("}", MaxDepth),
		strings.Repeat(`{"a":`, MaxDepth+1)+"1"+strings.Repeat("}", MaxDepth+1),
	)
	// A large object, which the parser indexes, with a duplicate past the
	// index's threshold.
	var big strings.Builder
	big.WriteString("{")
	for i := range 3 * keyIndexAt {
		fmt.Fprintf(&big, `"k%d": %d, `, i, i)
	}
	big.WriteString(`"k5": "again"}`)
	cases = append(cases, big.String())
	for _, c := range cases {
		t.Run("", func(t *testing.T) { checkScanMatchesDecoder(t, []byte(c)) })
	}
}

// TestScanMatchesDecoderOnFixtures runs both paths on every JSON file of
// the project's test data, the fuzz corpora included.
func TestScanMatchesDecoderOnFixtures(t *testing.T) {
	var files []string
	for _, dir := range []string{"../../testdata", "../lint/testdata", "../call/testdata"} {
		filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				files = append(files, path)
			}
			return nil
		})
	}
	if len(files) < 20 {
		t.Fatalf("found %d fixture files, want the test data", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if corpus, ok := corpusValues(data); ok {
			for _, v := range corpus {
				t.Run(f, func(t *testing.T) { checkScanMatchesDecoder(t, v) })
			}
			continue
		}
		t.Run(f, func(t *testing.T) { checkScanMatchesDecoder(t, data) })
	}
}

// corpusValues returns the byte and string values of a fuzz corpus file.
func corpusValues(data []byte) ([][]byte, bool) {
	lines := strings.Split(string(data), "\n")
	if lines[0] != "go test fuzz v1" {
		return nil, false
	}
	var out [][]byte
	for _, l := range lines[1:] {
		for _, prefix := range []string{"[]byte(", "string("} {
			if lit, ok := strings.CutPrefix(l, prefix); ok {
				if v, err := strconv.Unquote(strings.TrimSuffix(lit, ")")); err == nil {
					out = append(out, []byte(v))
				}
			}
		}
	}
	return out, true
}

// FuzzScanMatchesDecoder holds the scanner to the decoder, the same
// inputs taken and the same trees built, and a scan by three goroutines
// to a scan by one.
func FuzzScanMatchesDecoder(f *testing.F) {
	for _, c := range scanCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkScanMatchesDecoder(t, data)
		checkParallelScan(t, data, 3)
	})
}

func TestPlainBytesMatchesThePlainTable(t *testing.T) {
	check := func(w [8]byte) {
		want := 0
		for want < 8 && plain[w[want]] {
			want++
		}
		if got := plainBytes(load64(string(w[:]), 0)); got != want {
			t.Fatalf("plainBytes(%q) = %d, want %d", w, got, want)
		}
	}
	for pos := range 8 {
		for c := range 256 {
			w := [8]byte{'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a'}
			w[pos] = byte(c)
			check(w)
			w[(pos+3)%8] = 0xff // a second byte that is not plain, before or after
			check(w)
		}
	}
	r := rand.New(rand.NewPCG(7, 8))
	for range 100000 {
		var w [8]byte
		for i := range w {
			w[i] = byte(0x1e + r.IntN(0x64)) // around the controls, the quote and the backslash
		}
		check(w)
	}
}

func TestSkipSpace(t *testing.T) {
	naive := func(s string, i int) int {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n') {
			i++
		}
		return i
	}
	var cases []string
	for k := range 20 {
		pad := strings.Repeat(" ", k)
		cases = append(cases, "\n"+pad+"x", "\n"+pad, "\r\n"+pad+"\t x", pad+"\n"+pad+"\n"+pad+"}", "\n"+pad+"\x00", "\n"+pad+"\xa0")
	}
	for _, c := range cases {
		for i := range len(c) + 1 {
			if got, want := skipSpace(c, i), naive(c, i); got != want {
				t.Fatalf("skipSpace(%q, %d) = %d, want %d", c, i, got, want)
			}
		}
	}
}
