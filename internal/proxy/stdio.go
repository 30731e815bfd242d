package proxy

import (
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"toolbench/core/catalog"
	"toolbench/internal/jsonrpc"
	"toolbench/internal/mcpclient"
)

// A lineWriter writes MCP's stdio framing, a message a line, for several
// goroutines: what the relay passes on and what the proxy answers.
type lineWriter struct {
	mu  sync.Mutex
	w   io.Writer
	buf []byte
}

// smallMessage is the size under which a message and its line end are
// written with one write, copied; a larger message is written as it is,
// and its line end after it.
const smallMessage = 64 << 10

func (lw *lineWriter) writeLine(msg []byte) error {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	if len(msg) < smallMessage {
		lw.buf = append(append(lw.buf[:0], msg...), '\n')
		_, err := lw.w.Write(lw.buf)
		return err
	}
	if _, err := lw.w.Write(msg); err != nil {
		return err
	}
	_, err := lw.w.Write([]byte{'\n'})
	return err
}

// stdioDown is a client on standard input and output.
type stdioDown struct {
	out *lineWriter
	// gone is closed when a write to the client fails: a client that
	// closed its end of the output is gone, though its input stays open.
	gone     chan struct{}
	goneOnce sync.Once
}

func (d *stdioDown) send(msg []byte, _, _ *request, _ *delivery) error {
	err := d.out.writeLine(msg)
	if err != nil {
		d.goneOnce.Do(func() { close(d.gone) })
	}
	return err
}

// stdioUp is a server spawned on stdio.
type stdioUp struct {
	proc *mcpclient.Process
	in   *lineWriter
}

func (u *stdioUp) send(msg []byte, _ *request, _ http.Header) error {
	if err := u.in.writeLine(msg); err != nil {
		return errServerGone
	}
	return nil
}

func (u *stdioUp) close() error { return u.proc.Stop() }

// readClient reads the client's messages until its input ends, and
// returns the error that ended it (nil for the end of the input). A
// line over the bound is answered as an invalid request.
func (s *session) readClient(in io.Reader, route any) error {
	r := jsonrpc.NewReader(in, s.opt.maxMessage())
	for {
		line, err := r.Next()
		var tooLong *jsonrpc.TooLongError
		switch {
		case err == nil:
			s.fromClient(line, route, nil)
		case errors.As(err, &tooLong):
			s.clientTooLong(tooLong, route)
		case errors.Is(err, io.EOF):
			return nil
		default:
			return err
		}
	}
}

// clientTooLong answers a message of the client's over the bound:
// JSON-RPC's invalid request, with the id its head gives, else null.
func (s *session) clientTooLong(e *jsonrpc.TooLongError, route any) {
	m := jsonrpc.Message{Kind: jsonrpc.Invalid, ID: e.HeadID(), Err: &jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest, Message: e.Error()}}
	ev := &Event{From: Client, To: Server, Kind: "invalid", ID: m.ID, Bytes: e.Read}
	s.place(ev)
	s.refuseInvalid(&m, ev, route)
}

// readServer reads the server's messages until its output ends, and
// returns the error that ended it. A line over the bound is dropped, and
// said on stderr.
func (s *session) readServer(out io.Reader) error {
	r := jsonrpc.NewReader(out, s.opt.maxMessage())
	for {
		line, err := r.Next()
		var tooLong *jsonrpc.TooLongError
		switch {
		case err == nil:
			s.fromServer(line, nil)
		case errors.As(err, &tooLong):
			s.serverTooLong(tooLong)
		default:
			return err
		}
	}
}

// serverTooLong drops a message of the server's over the bound, says so
// on stderr, and answers the request its head names, if any, with an
// error in its place.
func (s *session) serverTooLong(e *jsonrpc.TooLongError) {
	id := e.HeadResponseID()
	s.log.printf("the server wrote %s; it is not passed on", e.Error())
	s.emit(&Event{From: Server, To: Client, Kind: "invalid", ID: id, Bytes: e.Read, Verdict: Dropped,
		Findings: []Finding{{Code: CodeInvalidMessage, Severity: catalog.Error, Text: e.Error(), Hint: "raise the bound on a message, or have the server send less at once"}}})
	if id == nil {
		return
	}
	if req := s.takePending(id); req != nil {
		msg := jsonrpc.AppendError(nil, req.id, jsonrpc.CodeInternalError, "toolbench proxy: the server's answer is "+strings.TrimPrefix(e.Error(), "line "+strconv.Itoa(e.Line)+": "))
		if req.own != nil {
			req.own <- msg
			return
		}
		s.answer(msg, req, req.method)
	}
}
