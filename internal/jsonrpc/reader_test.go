package jsonrpc

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// readAll reads every line and error of r until the end of the input,
// each error as "!" and its message.
func readAll(t *testing.T, r *Reader) []string {
	t.Helper()
	var got []string
	for range 1000 {
		line, err := r.Next()
		switch {
		case errors.Is(err, io.EOF):
			return got
		case err != nil:
			got = append(got, "!"+err.Error())
		default:
			got = append(got, string(line))
		}
	}
	t.Fatal("Next never reached the end")
	return nil
}

func TestReaderReadsALineAtATimeAndGoesOnPastALineTooLong(t *testing.T) {
	long := strings.Repeat("x", 40)
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{name: "lines", in: "a\nbb\n", want: []string{"a", "bb"}},
		{name: "a last line without an end", in: "a\nb", want: []string{"a", "b"}},
		{name: "CRLF", in: "a\r\nb\r\n", want: []string{"a", "b"}},
		{name: "blank lines are skipped", in: "\n  \n\t\r\na\n\n", want: []string{"a"}},
		{name: "a line of exactly the bound", in: strings.Repeat("y", 16) + "\nb\n", want: []string{strings.Repeat("y", 16), "b"}},
		{name: "a line of the bound with CRLF", in: strings.Repeat("y", 16) + "\r\nb\n", want: []string{strings.Repeat("y", 16), "b"}},
		{name: "a line one past the bound", in: strings.Repeat("y", 17) + "\nb\n", want: []string{"!line 1: a message longer than 16 bytes, the most one message may hold", "b"}},
		{name: "a line far past the bound, then more", in: "a\n" + long + "\n" + long + "\nc\n", want: []string{"a", "!line 2: a message longer than 16 bytes, the most one message may hold", "!line 3: a message longer than 16 bytes, the most one message may hold", "c"}},
		{name: "the input ends within a line too long", in: "a\n" + long, want: []string{"a", "!line 2: a message longer than 16 bytes, the most one message may hold"}},
	}
	for _, tc := range tests {
		for _, how := range []struct {
			name string
			wrap func(io.Reader) io.Reader
		}{{"whole", func(r io.Reader) io.Reader { return r }}, {"a byte at a time", iotest.OneByteReader}, {"halves", iotest.HalfReader}} {
			t.Run(tc.name+"/"+how.name, func(t *testing.T) {
				got := readAll(t, NewReader(how.wrap(strings.NewReader(tc.in)), 16))
				if strings.Join(got, "|") != strings.Join(tc.want, "|") {
					t.Errorf("got  %q\nwant %q", got, tc.want)
				}
			})
		}
	}
}

func TestReaderCountsLinesAndPassesOnTheInputsError(t *testing.T) {
	boom := errors.New("boom")
	r := NewReader(io.MultiReader(strings.NewReader("\na\n\nb"), iotest.ErrReader(boom)), 0)
	for _, want := range []struct {
		line string
		n    int
	}{{"a", 2}, {"b", 4}} {
		line, err := r.Next()
		if err != nil || string(line) != want.line || r.Line() != want.n {
			t.Fatalf("Next = %q, %v at line %d; want %q at line %d", line, err, r.Line(), want.line, want.n)
		}
	}
	if _, err := r.Next(); !errors.Is(err, boom) {
		t.Fatalf("error %v, want boom", err)
	}
}

func TestReaderReadsALineOf16MiBWithinTheDefaultBound(t *testing.T) {
	big := bytes.Repeat([]byte("z"), 16<<20)
	in := append(append([]byte{}, big...), "\nnext\n"...)
	r := NewReader(bytes.NewReader(in), 0)
	line, err := r.Next()
	if err != nil || !bytes.Equal(line, big) {
		t.Fatalf("first line: %d bytes, %v; want %d bytes", len(line), err, len(big))
	}
	if line, err := r.Next(); err != nil || string(line) != "next" {
		t.Fatalf("second line %q, %v", line, err)
	}
	// The buffer of a large line is let go once it is read.
	r.Next()
	if len(r.buf) > bigBuffer {
		t.Errorf("the buffer holds %d bytes after the large line", len(r.buf))
	}
}

func TestALineTooLongKeepsItsHeadAndTheIDInIt(t *testing.T) {
	tests := []struct {
		name, line, id string
	}{
		{name: "an id first", line: `{"jsonrpc":"2.0","id":12.5,"result":{"text":"` + strings.Repeat("x", 600) + `"}}`, id: "12.5"},
		{name: "an escaped id", line: `{"jsonrpc":"2.0","\u0069d":"a","method":"m","params":"` + strings.Repeat("x", 600) + `"}`, id: `"a"`},
		{name: "an id past the head", line: `{"jsonrpc":"2.0","result":"` + strings.Repeat("x", 600) + `","id":3}`, id: ""},
		{name: "an id cut off", line: strings.Repeat(" ", 248) + `{"id":123456789}` + strings.Repeat(" ", 600), id: ""},
		{name: "not JSON", line: strings.Repeat("x", 600), id: ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := NewReader(strings.NewReader(tc.line+"\n"), 100).Next()
			var tooLong *TooLongError
			if !errors.As(err, &tooLong) {
				t.Fatalf("error %v, want a *TooLongError", err)
			}
			if len(tooLong.Head) != HeadSize || !strings.HasPrefix(tc.line, string(tooLong.Head)) {
				t.Errorf("head %q, want the line's first %d bytes", tooLong.Head, HeadSize)
			}
			if got := string(tooLong.HeadID()); got != tc.id {
				t.Errorf("id %q, want %q", got, tc.id)
			}
		})
	}
}

func TestTheIDOfAMessageThatIsNotJSONIsFoundBeforeWhatBreaksIt(t *testing.T) {
	tests := []struct {
		name, msg, id string
		request       bool // the message is a request: no answer's id
	}{
		{name: "a control character in a string", msg: "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"text\":\"a\x00b\"}}", id: "3"},
		{name: "a request", msg: "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":\"a\x01b\"}}", id: "1", request: true},
		{name: "a request, its method first", msg: "{\"method\":\"ping\",\"id\":1,\"params\":\"\x01\"}", id: "1", request: true},
		{name: "a request whose method is no string", msg: `{"jsonrpc":"2.0","id":1,"method":5}`, id: "1", request: true},
		{name: "invalid UTF-8", msg: "{\"jsonrpc\":\"2.0\",\"id\":\"x\",\"result\":{\"text\":\"a\xffb\"}}", id: `"x"`},
		{name: "cut short", msg: `{"jsonrpc":"2.0","id":7,"result":{"con`, id: "7"},
		{name: "nested too deep", msg: `{"jsonrpc":"2.0","id":8,"result":` + strings.Repeat("[", 20000), id: "8"},
		{name: "an id after the break", msg: "{\"jsonrpc\":\"2.0\",\"result\":\"\x00\",\"id\":3}", id: ""},
		{name: "an id that is no id", msg: "{\"id\":true,\"result\":\"\x00\"}", id: ""},
		{name: "a number cut short", msg: `{"jsonrpc":"2.0","id":12`, id: ""},
		{name: "not an object", msg: "\x00", id: ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := string(HeadID([]byte(tc.msg))); got != tc.id {
				t.Errorf("HeadID = %q, want %q", got, tc.id)
			}
			want := tc.id
			if tc.request {
				want = ""
			}
			if got := string(HeadResponseID([]byte(tc.msg))); got != want {
				t.Errorf("HeadResponseID = %q, want %q", got, want)
			}
		})
	}
}
