package cli

import (
	"bufio"
	"bytes"
	"errors"
	"io"

	"toolbench/internal/proxy"
)

// A record of toolbench proxy (--record) is a CALLS input of toolbench
// call: the params of each tools/call request the client sent are a call
// in the flat form, {"name", "arguments"}, at the record's line, so that
// what an agent called can be checked again against the tools as they
// are now, or as a new version will be.

// A record's line starts {"time":"...","from":"; a history of call --run
// starts with the time too, then "server".
var (
	recordStart = []byte(`{"time":"`)
	recordFrom  = []byte(`","from":"`)
)

// recordHead reports, of text, the start of an input, whether it starts
// as a record does, and whether that can be told yet.
func recordHead(text []byte) (record, told bool) {
	n := min(len(text), len(recordStart))
	if !bytes.Equal(text[:n], recordStart[:n]) {
		return false, true
	}
	if n < len(recordStart) {
		return false, false
	}
	rest := text[n:]
	end := bytes.IndexByte(rest, '"')
	switch {
	case end < 0:
		return false, len(rest) > 64 // no time is that long
	case len(rest)-end < len(recordFrom):
		// Too little yet, unless what there is already differs.
		return false, !bytes.HasPrefix(recordFrom, rest[end:])
	}
	return bytes.HasPrefix(rest[end:], recordFrom), true
}

// callsOf returns the calls in r: r itself, or when r is a record (and
// record says so), its calls at their lines, each other line blank. stop
// ends the reading of a record early, for a reader of the calls that
// stops before their end.
func callsOf(r io.Reader) (calls io.Reader, record bool, stop func()) {
	br := bufio.NewReaderSize(r, 64<<10)
	if !startsRecord(br) {
		return br, false, func() {}
	}
	pr, pw := io.Pipe()
	go func() {
		w := bufio.NewWriterSize(pw, 64<<10)
		written := 0 // lines
		err := proxy.ReadRecord(br, func(line int, e proxy.Event) error {
			for ; written < line-1; written++ {
				w.WriteByte('\n') // the blank lines ReadRecord skipped
			}
			if e.From == proxy.Client && e.Kind == "request" && e.Method == "tools/call" {
				params := e.Params
				if params == nil {
					params = []byte(`{}`) // a call without params: malformed, "no name"
				}
				w.Write(params)
			}
			written++
			return w.WriteByte('\n')
		})
		if err == nil {
			err = w.Flush()
		}
		pw.CloseWithError(err)
	}()
	return pr, true, func() { pr.Close() }
}

// inFile is err, an error of reading file, named by file: FILE:LINE:COL:
// for a line of a record, which editors jump to, FILE: for another.
func inFile(file string, err error) string {
	var at *proxy.RecordError
	if errors.As(err, &at) {
		return file + ":" + err.Error()
	}
	return file + ": " + err.Error()
}

// startsRecord reports whether br starts as a record does, white space
// aside. It reads no more than it must to tell, so that calls piped in
// one at a time are checked as they come.
func startsRecord(br *bufio.Reader) bool {
	for n := 1; ; {
		b, err := br.Peek(n)
		record, told := recordHead(bytes.TrimLeft(b, " \t\r\n"))
		if told || err != nil || n == br.Size() {
			return record
		}
		n = min(max(len(b)+1, br.Buffered()), br.Size())
	}
}
