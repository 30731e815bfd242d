package mcpclient

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// What a hostile server does to a client, and what the client does about
// it: headers stay with their origin, every read has a bound.

// headerLog records the Authorization headers a server received.
type headerLog struct {
	mu   sync.Mutex
	seen []string
}

func (l *headerLog) record(r *http.Request) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.seen = append(l.seen, r.Method+" "+r.URL.Path+" "+r.Header.Get("Authorization"))
}

func (l *headerLog) requests() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.seen...)
}

func TestHTTPHeadersNeverLeaveTheServersOrigin(t *testing.T) {
	var elsewhere headerLog
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		elsewhere.record(r)
		http.Error(w, "not here", http.StatusNotFound)
	}))
	t.Cleanup(other.Close)
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return newToolsServer(nil, nil) }, nil)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/moved": // within the origin
			http.Redirect(w, r, "/mcp", http.StatusTemporaryRedirect)
		case "/hop": // within the origin, to one that leads away
			http.Redirect(w, r, "/away", http.StatusTemporaryRedirect)
		case "/away": // to another origin
			http.Redirect(w, r, other.URL+"/mcp?token=in-the-query", http.StatusTemporaryRedirect)
		case "/mcp":
			if r.Header.Get("Authorization") != "Bearer "+testToken {
				http.Error(w, "missing or wrong bearer token", http.StatusUnauthorized)
				return
			}
			h.ServeHTTP(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	spec := func(path string) Spec {
		s := httpSpec(t, srv)
		s.URL = srv.URL + path
		return s
	}

	t.Run("a redirect within the origin is followed with the headers", func(t *testing.T) {
		c := connectHTTP(t, spec("/moved"))
		if _, err := c.ListTools(context.Background()); err != nil {
			t.Fatal(err)
		}
	})
	for _, tc := range []struct {
		name, path string
		from       string // the URL that redirected away
	}{
		{"a redirect to another origin is refused and said", "/away", "/away"},
		{"a redirect away after one within the origin names the URL that led away", "/hop", "/away"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Connect(context.Background(), spec(tc.path))
			var re *RedirectError
			if !errors.As(err, &re) {
				t.Fatalf("Connect: %v, want a *RedirectError", err)
			}
			from, to := srv.URL+tc.from, other.URL+"/mcp"
			if re.From != from || re.To != to {
				t.Errorf("the error says from %q to %q, want %q to %q", re.From, re.To, from, to)
			}
			want := from + " redirected to " + to + ", another origin: not followed, so that the server's headers go to its origin only (give that URL if the server is there)"
			if got := re.Error(); got != want {
				t.Errorf("the refusal says\n%s\nwant\n%s", got, want)
			}
			if strings.Count(err.Error(), to) != 1 || strings.Count(err.Error(), srv.URL) != 1 {
				t.Errorf("error %q does not name each URL once", err)
			}
			if strings.Contains(err.Error(), "in-the-query") {
				t.Errorf("error %q quotes the query of the URL it names", err)
			}
			if got := elsewhere.requests(); len(got) > 0 {
				t.Errorf("the other origin received %q", got)
			}
		})
	}
}

// serveAlike answers every request with the body write writes, under the
// headers given, and keeps the most bytes the client took of one.
func serveAlike(t *testing.T, header http.Header, write func(w http.ResponseWriter) int64) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var most atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for k, v := range header {
			w.Header()[k] = v
		}
		w.WriteHeader(http.StatusOK)
		n := write(w)
		for {
			if m := most.Load(); n <= m || most.CompareAndSwap(m, n) {
				break
			}
		}
	}))
	t.Cleanup(srv.Close)
	return srv, &most
}

// writeUpTo writes chunk after chunk until limit bytes are written or the
// client stops reading, and returns how many it took.
func writeUpTo(w http.ResponseWriter, chunk []byte, limit int64) int64 {
	var n int64
	for n < limit {
		m, err := w.Write(chunk)
		n += int64(m)
		if err != nil {
			break
		}
	}
	return n
}

// gzipOf compresses b.
func gzipOf(t *testing.T, b []byte) []byte {
	t.Helper()
	var out bytes.Buffer
	zw := gzip.NewWriter(&out)
	if _, err := zw.Write(b); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func TestHTTPReadsNoMoreOfAResponseThanAMessageMayTake(t *testing.T) {
	// Past the bound each server stops, so that a client without one
	// fails the test rather than the machine: 256 MiB, four times the
	// bound.
	const past = 4 * MaxMessageSize
	spaces := bytes.Repeat([]byte{' '}, 1<<20)
	// Gzip members one after another are one stream to Go's reader: a
	// megabyte of spaces compressed, 256 times, is a 256 MiB body in a
	// few hundred kilobytes.
	member := gzipOf(t, spaces)
	tests := []struct {
		name   string
		header http.Header
		write  func(w http.ResponseWriter) int64
		// sent bounds what the client may have read of one response: the
		// bound, and what the connection buffers, which on loopback under
		// load came to a little over 16 MiB; the body is 256 MiB.
		sent int64
	}{
		{"an endless JSON body", http.Header{"Content-Type": {"application/json"}},
			func(w http.ResponseWriter) int64 { return writeUpTo(w, spaces, past) }, MaxMessageSize + 32<<20},
		{"a gzip body that expands past the bound", http.Header{"Content-Type": {"application/json"}, "Content-Encoding": {"gzip"}},
			func(w http.ResponseWriter) int64 {
				return writeUpTo(w, member, int64(len(member))*past/int64(len(spaces)))
			}, 16 << 20},
		{"an event without end", http.Header{"Content-Type": {"text/event-stream"}},
			func(w http.ResponseWriter) int64 {
				w.Write([]byte("event: message\ndata: "))
				return writeUpTo(w, spaces, past)
			}, MaxMessageSize + 32<<20},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv, sent := serveAlike(t, tc.header, tc.write)
			_, err := Connect(context.Background(), Spec{URL: srv.URL + "/mcp", Timeout: 20 * time.Second})
			if err == nil {
				t.Fatal("Connect succeeded")
			}
			if !strings.Contains(err.Error(), "64 MiB") {
				t.Errorf("error %q does not name the bound", err)
			}
			srv.CloseClientConnections()
			srv.Close() // waits for the handler, and its count
			if n := sent.Load(); n > tc.sent {
				t.Errorf("the client took %d MiB of a body, want at most %d MiB", n>>20, tc.sent>>20)
			}
		})
	}
}

func TestListingEndsAtItsTimeBound(t *testing.T) {
	// A server that hands out a new cursor for every page, slowly, kept a
	// listing going for hours.
	var pages atomic.Int64
	s := mcp.NewServer(&mcp.Implementation{Name: "endless-pages", Version: "0"}, nil)
	serveToolsPages(s, func(cursor string) string {
		time.Sleep(20 * time.Millisecond)
		n := pages.Add(1)
		return fmt.Sprintf(`{"tools":[%s],"nextCursor":"page-%d"}`, pagedTool(int(n)), n)
	})
	srv := newHTTPServer(t, s, &mcp.StreamableHTTPOptions{JSONResponse: true})
	spec := httpSpec(t, srv)
	spec.ListTimeout = time.Second
	c := connectHTTP(t, spec)
	start := time.Now()
	_, err := c.ListTools(context.Background())
	var le *LimitError
	if !errors.As(err, &le) || le.Flag != "--list-timeout" {
		t.Fatalf("ListTools: %v, want a *LimitError of --list-timeout", err)
	}
	if !strings.Contains(err.Error(), "1s a listing may take (--list-timeout raises it)") {
		t.Errorf("error %q does not name the bound and its flag", err)
	}
	if took := time.Since(start); took > 30*time.Second {
		t.Errorf("the listing ended after %v", took)
	}
}
