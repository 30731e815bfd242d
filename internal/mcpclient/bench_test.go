package mcpclient

import (
	"context"
	"os"
	"os/exec"
	"slices"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// BenchmarkConnectListClose spawns the pages test server (15 tools in 5
// pages) over stdio, lists its tools and closes, through this package and
// through a bare SDK client that does only that, one of each a round, and
// reports the ratio of their median times as x-bare. The goal is at most
// 1.2. Medians, because on a shared machine one slow spawn in a hundred
// would move a mean.
//
//	go test -run '^$' -bench ConnectListClose -benchtime 100x ./internal/mcpclient
func BenchmarkConnectListClose(b *testing.B) {
	spec := serverSpec(b, "pages")
	var ours, bare []time.Duration
	for b.Loop() {
		// Take turns at going first, so that neither side always finds the
		// machine as the other left it.
		if len(ours)%2 == 0 {
			ours = append(ours, timed(b, func() error { return listThroughClient(spec) }))
			bare = append(bare, timed(b, func() error { return listThroughSDK(spec) }))
		} else {
			bare = append(bare, timed(b, func() error { return listThroughSDK(spec) }))
			ours = append(ours, timed(b, func() error { return listThroughClient(spec) }))
		}
	}
	o, s := median(ours), median(bare)
	b.ReportMetric(float64(o)/float64(s), "x-bare")
	b.ReportMetric(float64(o.Microseconds())/1000, "ms-client")
	b.ReportMetric(float64(s.Microseconds())/1000, "ms-sdk")
}

func median(ds []time.Duration) time.Duration {
	slices.Sort(ds)
	return ds[len(ds)/2]
}

func timed(b *testing.B, f func() error) time.Duration {
	start := time.Now()
	if err := f(); err != nil {
		b.Fatal(err)
	}
	return time.Since(start)
}

func listThroughClient(spec Spec) error {
	ctx := context.Background()
	c, err := Connect(ctx, spec)
	if err != nil {
		return err
	}
	if _, err := c.ListTools(ctx); err != nil {
		c.Close()
		return err
	}
	return c.Close()
}

// listThroughSDK is the bare SDK client: the same protocol version, the
// SDK's own stdio transport, and session.Tools for every page.
func listThroughSDK(spec Spec) error {
	ctx := context.Background()
	cmd := exec.Command(spec.Command[0], spec.Command[1:]...)
	cmd.Env = append(os.Environ(), spec.Env...)
	client := mcp.NewClient(&mcp.Implementation{Name: "bare", Version: "0"}, nil)
	session, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, &mcp.ClientSessionOptions{ProtocolVersion: DefaultProtocolVersion})
	if err != nil {
		return err
	}
	for _, err := range session.Tools(ctx, nil) {
		if err != nil {
			session.Close()
			return err
		}
	}
	return session.Close()
}
