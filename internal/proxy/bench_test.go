package proxy

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"toolbench/internal/mcpclient"
)

// The proxy's costs, each measured against the same traffic without the
// proxy in the same run, so that the ratios hold on a busy machine. The
// proxy runs as a process of its own (this test binary), as a client
// spawns it; the server is the Go SDK's (the "tools" test server) or the
// raw server, which answers as fast as a server can.

// benchPeers are a peer of the server of behaviour and a peer of a proxy
// process in front of another, each past the handshake and a listing.
func benchPeers(b *testing.B, behaviour string) (direct, proxied *peer) {
	up, _ := testServer(b, behaviour)
	direct = newDirect(b, up)
	_, _, proxied, _ = proxyProcess(b, behaviour, "PROXY_TEST_MARK=bench")
	for _, p := range []*peer{direct, proxied} {
		p.initialize()
		p.call("1", "tools/list", `{}`)
	}
	return direct, proxied
}

// quantile is the q-quantile of sorted durations.
func quantile(sorted []time.Duration, q float64) time.Duration {
	return sorted[min(len(sorted)-1, int(q*float64(len(sorted))))]
}

func micros(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e3 }

// BenchmarkAddedLatency times b.N small tools/call round trips to the
// Go SDK server directly and as many through the proxy, alternating, and
// reports the quantiles of each and what the proxy adds to them. Goals:
// added p50 under 100 µs, added p99 under 1 ms.
func BenchmarkAddedLatency(b *testing.B) {
	for _, behaviour := range []string{"tools", "raw"} {
		b.Run(behaviour, func(b *testing.B) {
			d, p := benchPeers(b, behaviour)
			msg := `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"echo","arguments":{"text":"a small call"}}}`
			var direct, proxied []time.Duration
			roundTrip := func(peer *peer, id int) time.Duration {
				start := time.Now()
				peer.send(fmt.Sprintf(msg, id))
				peer.answer(strconv.Itoa(id))
				return time.Since(start)
			}
			for i := range 200 { // warm both up
				roundTrip(d, i+10)
				roundTrip(p, i+10)
			}
			b.ResetTimer()
			for i := range b.N {
				direct = append(direct, roundTrip(d, i+1000))
				proxied = append(proxied, roundTrip(p, i+1000))
			}
			b.StopTimer()
			slices.Sort(direct)
			slices.Sort(proxied)
			for _, q := range []struct {
				name string
				q    float64
			}{{"p50", 0.50}, {"p99", 0.99}} {
				dq, pq := quantile(direct, q.q), quantile(proxied, q.q)
				b.ReportMetric(micros(dq), "direct-"+q.name+"-µs")
				b.ReportMetric(micros(pq), "proxied-"+q.name+"-µs")
				b.ReportMetric(micros(pq-dq), "added-"+q.name+"-µs")
			}
			b.ReportMetric(float64(quantile(proxied, 0.5))/float64(quantile(direct, 0.5)), "p50-ratio")
		})
	}
}

// pipelined sends n small calls with window of them in flight at a time,
// and returns the calls a second.
func pipelined(peer *peer, n, window, base int) float64 {
	msg := `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"echo","arguments":{"text":"a small call"}}}`
	start := time.Now()
	sent := 0
	for ; sent < window && sent < n; sent++ {
		peer.send(fmt.Sprintf(msg, base+sent))
	}
	for got := 0; got < n; got++ {
		peer.next()
		if sent < n {
			peer.send(fmt.Sprintf(msg, base+sent))
			sent++
		}
	}
	return float64(n) / time.Since(start).Seconds()
}

// BenchmarkThroughput sends small calls, 32 in flight at a time, to the
// server directly and through the proxy, and reports the calls a second
// of each. Goal: at least 10,000 a second through the proxy on 2
// processors (the raw server shows what the proxy can carry; the Go SDK
// server, what it carries for a real one).
func BenchmarkThroughput(b *testing.B) {
	const calls = 20000
	for _, behaviour := range []string{"raw", "tools"} {
		b.Run(behaviour, func(b *testing.B) {
			d, p := benchPeers(b, behaviour)
			var direct, proxied []float64
			for i := range b.N {
				direct = append(direct, pipelined(d, calls, 32, (i+1)*calls))
				proxied = append(proxied, pipelined(p, calls, 32, (i+1)*calls))
			}
			slices.Sort(direct)
			slices.Sort(proxied)
			b.ReportMetric(direct[len(direct)/2], "direct-calls/s")
			b.ReportMetric(proxied[len(proxied)/2], "proxied-calls/s")
			b.ReportMetric(proxied[len(proxied)/2]/direct[len(direct)/2], "ratio")
		})
	}
}

// peakRSS is the peak resident set size of process pid, in bytes.
func peakRSS(b testing.TB, pid int) int64 {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		b.Fatal(err)
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb << 10
		}
	}
	b.Fatal("no VmHWM")
	return 0
}

// BenchmarkLargeMessage relays a tools/call result of 64 MiB, less room
// for its envelope, through a proxy process, and reports the proxy's
// peak resident memory against the message's size, and against a proxy
// that relayed only small messages. Goal: peak under twice the size.
func BenchmarkLargeMessage(b *testing.B) {
	size := 64<<20 - 4096
	up, _ := testServer(b, "raw")
	up.Env = append(up.Env, bigEnv+"="+strconv.Itoa(size))
	d := newDirect(b, up)
	d.initialize()
	for range b.N {
		cmd, _, p, _ := proxyProcess(b, "raw", "PROXY_TEST_MARK=bench", bigEnv+"="+strconv.Itoa(size))
		p.initialize()
		p.call("1", "tools/list", `{}`)
		base := peakRSS(b, cmd.Process.Pid)
		start := time.Now()
		d.call("2", "tools/call", `{"name":"big","arguments":{}}`)
		directElapsed := time.Since(start)
		start = time.Now()
		resp := p.call("2", "tools/call", `{"name":"big","arguments":{}}`)
		elapsed := time.Since(start)
		if len(resp) < size || !bytes.HasSuffix(resp, []byte(`"}]}}`)) {
			b.Fatalf("the answer is %d bytes", len(resp))
		}
		b.ReportMetric(float64(directElapsed.Milliseconds()), "direct-ms")
		peak := peakRSS(b, cmd.Process.Pid)
		b.ReportMetric(float64(len(resp))/(1<<20), "message-MiB")
		b.ReportMetric(float64(peak)/(1<<20), "peak-MiB")
		b.ReportMetric(float64(base)/(1<<20), "before-MiB")
		b.ReportMetric(float64(peak)/float64(len(resp)), "peak/size")
		b.ReportMetric(float64(elapsed.Milliseconds()), "relay-ms")
	}
}

// discard is an upstream and a downstream that drop what they are sent.
type discard struct{}

func (discard) send([]byte, *request, http.Header) error { return nil }
func (discard) close() error                             { return nil }

type discardDown struct{}

func (discardDown) send([]byte, *request, *request, *delivery) error { return nil }

// benchSession is a session whose client listed the raw server's tools,
// between peers that drop what they are sent.
func benchSession(b *testing.B) *session {
	opt := &Options{Upstream: mcpclient.Spec{Name: "bench", Command: []string{"none"}}}
	s := newSession(b.Context(), opt, nil, &logger{w: io.Discard})
	s.up, s.down = discard{}, discardDown{}
	s.fromClient([]byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`), nil, nil)
	s.fromServer([]byte(`{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"echo","description":"Echo the text back to the caller.","inputSchema":{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}}]}}`), nil)
	if s.tools.current() == nil {
		b.Fatal("no listing")
	}
	return s
}

// BenchmarkSessionCall is the proxy's own work on one small tools/call
// and its result, without the pipes: the check of the call, and of the
// result.
func BenchmarkSessionCall(b *testing.B) {
	s := benchSession(b)
	call := []byte(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"text":"a small call"}}}`)
	result := []byte(`{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"a small call"}]}}`)
	for b.Loop() {
		s.fromClient(call, nil, nil)
		s.fromServer(result, nil)
	}
}

// BenchmarkSessionCallRecorded is BenchmarkSessionCall with the record
// kept: each message's event placed in the record as it comes, and
// written once complete.
func BenchmarkSessionCallRecorded(b *testing.B) {
	s := benchSession(b)
	log := &logger{w: io.Discard}
	s.rec = newRecorder(&Options{Record: io.Discard}, log)
	defer s.rec.close()
	call := []byte(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"text":"a small call"}}}`)
	result := []byte(`{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"a small call"}]}}`)
	for b.Loop() {
		s.fromClient(call, nil, nil)
		s.fromServer(result, nil)
	}
}

// BenchmarkSessionLargeResult is the proxy's own work on a tools/call
// result of 64 MiB of text.
func BenchmarkSessionLargeResult(b *testing.B) {
	s := benchSession(b)
	call := []byte(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"text":"x"}}}`)
	result := []byte(`{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"` + strings.Repeat("x", 64<<20-4096) + `"}]}}`)
	b.SetBytes(int64(len(result)))
	for b.Loop() {
		s.fromClient(call, nil, nil)
		s.fromServer(result, nil)
	}
}

// listingPages is a listing of n tools in pages of size each, as the
// server's responses to the requests listingRequests makes, and the
// document of all its tools, for a lock to pin.
func listingPages(n, size int) (requests, responses [][]byte, document []byte) {
	var all []string
	for page := 0; page*size < n; page++ {
		var tools []string
		for i := page * size; i < min(n, (page+1)*size); i++ {
			tools = append(tools, fmt.Sprintf(`{"name":"tool_%d","description":"Look the record %d up by its key, and say what it holds.","inputSchema":{"type":"object","properties":{"key":{"type":"string","description":"The key."},"limit":{"type":"integer","minimum":1}},"required":["key"]}}`, i, i))
		}
		all = append(all, tools...)
		id := strconv.Itoa(page + 10)
		req := `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/list"}`
		if page > 0 {
			req = `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/list","params":{"cursor":"p` + strconv.Itoa(page) + `"}}`
		}
		resp := `{"jsonrpc":"2.0","id":` + id + `,"result":{"tools":[` + strings.Join(tools, ",") + `]`
		if (page+1)*size < n {
			resp += `,"nextCursor":"p` + strconv.Itoa(page+1) + `"`
		}
		requests, responses = append(requests, []byte(req)), append(responses, []byte(resp+"}}"))
	}
	return requests, responses, []byte(`{"tools":[` + strings.Join(all, ",") + `]}`)
}

// BenchmarkSessionListingHoldsTheReading is how long a listing of
// 130,000 tools (about 31 MB) in one page holds the reading of the
// server, which the next message waits for: its page read and passed
// on, its lint off that reading.
func BenchmarkSessionListingHoldsTheReading(b *testing.B) {
	requests, responses, _ := listingPages(130000, 130000)
	opt := &Options{Upstream: mcpclient.Spec{Name: "bench", Command: []string{"none"}}}
	s := newSession(b.Context(), opt, nil, &logger{w: io.Discard})
	s.up, s.down = discard{}, discardDown{}
	b.SetBytes(int64(len(responses[0])))
	var held, lint time.Duration
	for b.Loop() {
		s.fromClient(requests[0], nil, nil)
		start := time.Now()
		s.fromServer(responses[0], nil)
		held += time.Since(start)
		s.awaitLint(time.Minute)
		lint += time.Since(start)
	}
	b.ReportMetric(float64(held.Milliseconds())/float64(b.N), "held-ms")
	b.ReportMetric(float64(lint.Milliseconds())/float64(b.N), "with-lint-ms")
}

// BenchmarkSessionListing is the proxy's own work on a listing of 1000
// tools, every one pinned by the lock, in one page and in pages of 10,
// and a call after it: each page held to the lock, the listing linted
// and verified once its last page is in, the call checked against it. A
// listing in many pages should cost about what it costs in one.
func BenchmarkSessionListing(b *testing.B) {
	for _, size := range []int{1000, 10} {
		b.Run(fmt.Sprintf("pages-of-%d", size), func(b *testing.B) {
			requests, responses, document := listingPages(1000, size)
			opt := &Options{Upstream: mcpclient.Spec{Name: "bench", Command: []string{"none"}}, Lock: pinning(b, "bench", document)}
			s := newSession(b.Context(), opt, nil, &logger{w: io.Discard})
			s.up, s.down = discard{}, discardDown{}
			call := []byte(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"tool_999","arguments":{"key":"k"}}}`)
			result := []byte(`{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"a record"}]}}`)
			for b.Loop() {
				for i := range requests {
					s.fromClient(requests[i], nil, nil)
					s.fromServer(responses[i], nil)
				}
				s.fromClient(call, nil, nil)
				s.fromServer(result, nil)
				s.awaitLint(time.Minute) // the lint is off the reading of the server
			}
			if st := s.tools.current(); st == nil || len(st.toolNames()) != 1000 {
				b.Fatal("the listing is not the client's")
			}
		})
	}
}

// countingWriter counts what is written to it.
type countingWriter struct{ n atomic.Int64 }

func (w *countingWriter) Write(p []byte) (int, error) {
	w.n.Add(int64(len(p)))
	return len(p), nil
}

// BenchmarkProgressRecorded is one progress notification of the
// server's through a recorded session, and the bytes of record it
// costs: of a request waiting, passed on and recorded a line each (the
// floor), and of a request the client cancelled, whose flood is
// recorded once in full and summed up in one line at the session's end.
func BenchmarkProgressRecorded(b *testing.B) {
	for _, cancelled := range []bool{false, true} {
		b.Run(map[bool]string{false: "waiting", true: "stale"}[cancelled], func(b *testing.B) {
			var w countingWriter
			opt := &Options{Upstream: mcpclient.Spec{Name: "bench", Command: []string{"none"}}, Record: &w}
			rec := newRecorder(opt, &logger{w: io.Discard})
			s := newSession(b.Context(), opt, rec, &logger{w: io.Discard})
			s.up, s.down = discard{}, discardDown{}
			s.fromClient([]byte(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":{"progressToken":"p"}}}`), nil, nil)
			if cancelled {
				s.fromClient([]byte(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`), nil, nil)
			}
			progress := []byte(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p","progress":1,"total":100}}`)
			for b.Loop() {
				s.fromServer(progress, nil)
			}
			s.stopUp()
			dropped, _ := rec.close()
			b.ReportMetric(float64(w.n.Load())/float64(b.N), "record-B/msg")
			b.ReportMetric(float64(dropped)/float64(b.N), "unrecorded/msg")
		})
	}
}
