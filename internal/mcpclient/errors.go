package mcpclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// quoteLimit bounds how much of what a server wrote an error quotes.
const quoteLimit = 200

// stderrLimit bounds how much of a server's standard error an error message
// quotes; the whole tail stays in the error's Stderr field.
const stderrLimit = 512

// ConnectError is the error of a failed [Connect]: the server it was for,
// why, and the server's standard error up to then (empty for HTTP).
type ConnectError struct {
	Server string
	Err    error
	Stderr string
}

func (e *ConnectError) Error() string {
	msg := fmt.Sprintf("connect to %s: %v", safeName(e.Server), e.Err)
	var exit *ExitError
	if errors.As(e.Err, &exit) {
		return msg // an ExitError quotes the standard error itself
	}
	return msg + stderrSuffix(e.Stderr)
}

func (e *ConnectError) Unwrap() error { return e.Err }

// ExitError reports that a spawned server exited on its own: at once, or
// in the middle of a session.
type ExitError struct {
	// Code is the exit status, or -1 if a signal ended the server.
	Code int
	// Signal names the signal that ended the server, if one did.
	Signal string
	// Stderr is the tail of the server's standard error when it exited.
	Stderr string
	// AtStop says it exited as Stop closed its input, before any signal:
	// a failure of its own, which its caller may hold to whether the
	// server took part in the session (see Process.Ended).
	AtStop bool
}

func (e *ExitError) Error() string {
	how := fmt.Sprintf("server exited with status %d", e.Code)
	if e.Signal != "" {
		how = "server was ended by signal " + e.Signal
	}
	return how + stderrSuffix(e.Stderr)
}

// OutputError reports that a stdio server wrote something to its standard
// output that is not a JSON-RPC message, such as a log line.
type OutputError struct {
	// Output is the start of the line the server wrote.
	Output []byte
	// Err says what is wrong with it.
	Err error
}

func (e *OutputError) Error() string {
	if t := bytes.TrimLeft(e.Output, " \t\r"); len(t) == 0 || t[0] != '{' && t[0] != '[' {
		// Not JSON at all, most often a log line: what the decoder
		// says of its second byte would help no one.
		return fmt.Sprintf("server wrote to stdout a line that is not JSON: %s (a server writes only JSON-RPC messages there, and its logs to stderr)",
			quote(e.Output, quoteLimit))
	}
	return fmt.Sprintf("server wrote to stdout what is not a JSON-RPC message: %s: %v",
		quote(e.Output, quoteLimit), e.Err)
}

func (e *OutputError) Unwrap() error { return e.Err }

// ResponseError reports a response that cannot be read as what was asked
// for, such as a page of tools/list whose "tools" is not a list, at a
// line and column of the response as the server sent it.
type ResponseError struct {
	// Method is the request's, such as "tools/list".
	Method string
	// Page counts the pages of a listing from 1; it is 0 for a method
	// without pages.
	Page int
	// Line and Column are 1-based; the column counts bytes.
	Line, Column int
	Msg          string
	// Message is the JSON-RPC response as received.
	Message []byte
}

func (e *ResponseError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.Name(), e.Line, e.Column, e.Msg)
}

// Name names the response as a file is named in positions:
// "tools/list page 2", "tools/call response".
func (e *ResponseError) Name() string {
	if e.Page > 0 {
		return fmt.Sprintf("%s page %d", e.Method, e.Page)
	}
	return e.Method + " response"
}

// HTTPError reports an HTTP response that refused a request.
type HTTPError struct {
	StatusCode int
	// Status is the status line's text, such as "401 Unauthorized".
	Status string
	// Body is the first line of the response body.
	Body string
}

func (e *HTTPError) Error() string {
	if e.Body == "" {
		return "HTTP " + e.Status
	}
	return "HTTP " + e.Status + ": " + quote([]byte(e.Body), quoteLimit)
}

// RedirectError reports a redirect to another origin, which toolbench
// does not follow: the headers given for the server are for its origin
// only.
type RedirectError struct {
	// From is the URL that answered with the redirect (the server's, or
	// one it redirected to within its origin), To the URL it redirected
	// to; both without their user information or query.
	From, To string
}

func (e *RedirectError) Error() string {
	return fmt.Sprintf("%s redirected to %s, another origin: not followed, so that the server's headers go to its origin only (give that URL if the server is there)",
		urlText(e.From), urlText(e.To))
}

// urlText writes a URL for an error message: as it is when it is plain
// text of a line's length, quoted and cut otherwise.
func urlText(u string) string {
	if len(u) > quoteLimit {
		return quote([]byte(u), quoteLimit)
	}
	return safeName(u)
}

// LimitError reports what a server sent past one of toolbench's bounds.
type LimitError struct {
	// What passed the bound: "the response", "the listing".
	What string
	// Limit says the bound: "64 MiB a message may take", "10000 pages".
	Limit string
	// Flag is the command-line flag that raises the bound; "" when none
	// does.
	Flag string
}

func (e *LimitError) Error() string {
	msg := fmt.Sprintf("%s is past the %s", e.What, e.Limit)
	if e.Flag != "" {
		msg += " (" + e.Flag + " raises it)"
	}
	return msg
}

// sizeText is a size in bytes as people write it: "64 MiB", "512 KiB".
// It is core/termtext's Size, copied: this package imports no toolbench
// package (see its doc and TestImportsNoToolbenchPackage), so that
// anything may use it.
func sizeText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// RPCError is a JSON-RPC error the server answered a request with. A tool
// that fails answers with a result whose isError is true instead; see
// [CallResult].
type RPCError struct {
	Method  string
	Code    int64
	Message string
	Data    json.RawMessage
}

func (e *RPCError) Error() string {
	return fmt.Sprintf("JSON-RPC error %d: %s", e.Code, quote([]byte(e.Message), quoteLimit))
}

// TimeoutError reports a request the server did not answer in time. It
// wraps context.DeadlineExceeded.
type TimeoutError struct {
	// Method is the request's, such as "server/discover" or "tools/list".
	Method  string
	Timeout time.Duration
	// Flag is the command-line flag that raises the bound:
	// "--start-timeout" for the handshake of a spawned server (see
	// Spec.StartTimeout), "--timeout" for any other request.
	Flag string
}

func (e *TimeoutError) Error() string {
	if e.Flag == "" {
		return "no answer within " + durationText(e.Timeout)
	}
	return fmt.Sprintf("no answer within %s (%s raises it)", durationText(e.Timeout), e.Flag)
}

// durationText is a bound as people write it: "60s" rather than
// time.Duration's "1m0s"; "500ms".
func durationText(d time.Duration) string {
	if d >= time.Second && d%time.Second == 0 {
		return fmt.Sprintf("%ds", d/time.Second)
	}
	return d.String()
}

func (e *TimeoutError) Unwrap() error { return context.DeadlineExceeded }

// quote quotes b as a Go string, escaping control characters and anything
// not printable, and cuts it to about limit bytes.
func quote(b []byte, limit int) string {
	if len(b) <= limit {
		return strconv.Quote(string(b))
	}
	return strconv.Quote(string(b[:limit])) + "..."
}

// StderrNote is how an error message ends that shows the last lines of a
// server's standard error, quoted on one line: `; stderr: "..."`, or
// nothing when it wrote none. Errors that quote it already are a
// *ConnectError and an *ExitError; callers add it to others.
func StderrNote(stderr string) string { return stderrSuffix(stderr) }

// stderrSuffix is the end of an error message that shows the last lines of
// a server's standard error, or nothing when it wrote none.
func stderrSuffix(stderr string) string {
	if strings.TrimSpace(stderr) == "" {
		return ""
	}
	if len(stderr) <= stderrLimit {
		return "; stderr: " + strconv.Quote(stderr)
	}
	last := stderr[len(stderr)-stderrLimit:]
	if i := strings.IndexByte(last, '\n'); i >= 0 && i < len(last)-1 {
		last = last[i+1:]
	}
	return "; stderr ends: " + strconv.Quote(last)
}

// safeName returns a server's name as it is when it is plain text, and
// quoted when it holds spaces or characters a terminal could act on.
func safeName(name string) string {
	for _, r := range name {
		if !unicode.IsPrint(r) || r == ' ' {
			return strconv.Quote(name)
		}
	}
	if name == "" {
		return `""`
	}
	return name
}
