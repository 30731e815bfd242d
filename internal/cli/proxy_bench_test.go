package cli

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"toolbench/internal/jsonrpc"
	"toolbench/internal/proctest"
)

// lineClient speaks raw JSON-RPC lines to a process on stdio: a server,
// or toolbench proxy in front of one.
type lineClient struct {
	w io.Writer
	r *jsonrpc.Reader
}

// startLines starts argv with env added, and a lineClient of it; the
// process's whole group ends with the benchmark.
func startLines(b *testing.B, env []string, argv ...string) *lineClient {
	b.Helper()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), env...)
	cmd.SysProcAttr = proctest.GroupAttr()
	in, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		in.Close()
		proctest.KillGroup(cmd.Process.Pid)
		cmd.Wait()
	})
	return &lineClient{w: in, r: jsonrpc.NewReader(bufio.NewReader(out), 0)}
}

// call sends a request with the id and waits for its answer.
func (c *lineClient) call(b *testing.B, id int, method, params string) {
	fmt.Fprintf(c.w, `{"jsonrpc":"2.0","id":%d,"method":%q,"params":%s}`+"\n", id, method, params)
	want := strconv.Itoa(id)
	for {
		line, err := c.r.Next()
		if err != nil {
			b.Fatalf("%s #%d: %v", method, id, err)
		}
		if m := jsonrpc.Parse(line); m.Kind == jsonrpc.Response && string(m.ID) == want {
			return
		}
	}
}

// BenchmarkProxyCommandAddedLatency times small tools/call round trips
// to the Go SDK test server directly and through the toolbench proxy
// command as a servers file runs it, recording every message to a file,
// alternately, and reports the quantiles of each and what the proxy
// adds: the package's BenchmarkAddedLatency, with the command's record.
func BenchmarkProxyCommandAddedLatency(b *testing.B) {
	exe := testServerCommand(b)
	env := []string{testServerEnv + "=tools"}
	record := filepath.Join(b.TempDir(), "rec.jsonl")
	direct := startLines(b, env, exe)
	proxied := startLines(b, env, toolbenchBin, "--no-config", "proxy", "--record", record, "--", exe)
	for _, c := range []*lineClient{direct, proxied} {
		c.call(b, 0, "initialize", `{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}`)
		fmt.Fprintln(c.w, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
		c.call(b, 1, "tools/list", `{}`)
	}
	params := `{"name":"echo","arguments":{"text":"a small call"}}`
	roundTrip := func(c *lineClient, id int) time.Duration {
		start := time.Now()
		c.call(b, id, "tools/call", params)
		return time.Since(start)
	}
	for i := range 200 { // warm both up
		roundTrip(direct, 10+i)
		roundTrip(proxied, 10+i)
	}
	var d, p []time.Duration
	b.ResetTimer()
	for i := range b.N {
		d = append(d, roundTrip(direct, 1000+i))
		p = append(p, roundTrip(proxied, 1000+i))
	}
	b.StopTimer()
	slices.Sort(d)
	slices.Sort(p)
	at := func(s []time.Duration, q float64) time.Duration { return s[min(len(s)-1, int(q*float64(len(s))))] }
	for _, q := range []struct {
		name string
		q    float64
	}{{"p50", 0.50}, {"p99", 0.99}} {
		dq, pq := at(d, q.q), at(p, q.q)
		b.ReportMetric(float64(dq.Nanoseconds())/1e3, "direct-"+q.name+"-µs")
		b.ReportMetric(float64(pq.Nanoseconds())/1e3, "proxied-"+q.name+"-µs")
		b.ReportMetric(float64((pq-dq).Nanoseconds())/1e3, "added-"+q.name+"-µs")
	}
}
