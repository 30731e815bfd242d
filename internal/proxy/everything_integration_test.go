//go:build integration

package proxy

// End-to-end tests against MCP's reference server, the TypeScript
// @modelcontextprotocol/server-everything pinned in
// internal/mcpclient/testdata/mcp and installed there by `npm ci`.

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"toolbench/internal/jsonrpc"
	"toolbench/internal/mcpclient"
	"toolbench/internal/proctest"
)

// everything is the Upstream of server-everything on stdio, its
// processes marked; the test is skipped without node or the package.
func everything(t *testing.T) (mcpclient.Spec, string) {
	t.Helper()
	entry := proctest.Everything(t, "../..")
	mark := fmt.Sprintf("PROXY_TEST_MARK=%s-%d", t.Name(), time.Now().UnixNano())
	return mcpclient.Spec{Name: "everything", Command: []string{"node", entry, "stdio"}, Env: []string{mark}}, mark
}

// everythingInit runs the handshake, and waits for the tools the server
// registers once it has begun (it says so with list_changed).
func everythingInit(p *peer) []byte {
	resp := p.initialize()
	for {
		m := jsonrpc.Parse(p.next())
		if m.Method == "notifications/tools/list_changed" {
			return resp
		}
	}
}

func TestServerEverythingThroughTheProxy(t *testing.T) {
	up, mark := everything(t)
	d := newDirect(t, mcpclient.Spec{Command: up.Command})
	r := start(t, Options{Upstream: up})
	p := r.peer(t)
	if got, want := everythingInit(p), everythingInit(d); !bytes.Equal(got, want) {
		t.Errorf("initialize through the proxy:\n%s\ndirect:\n%s", got, want)
	}
	for _, x := range []struct{ id, method, params string }{
		{"1", "tools/list", `{}`},
		{"2", "tools/call", `{"name":"echo","arguments":{"message":"héllo"}}`},
		{"3", "tools/call", `{"name":"get-sum","arguments":{"a":2,"b":3.5}}`},
	} {
		got, want := p.call(x.id, x.method, x.params), d.call(x.id, x.method, x.params)
		if !bytes.Equal(got, want) {
			t.Errorf("%s %s through the proxy:\n%.300s\ndirect:\n%.300s", x.method, x.params, got, want)
		}
	}
	bad := p.call("4", "tools/call", `{"name":"echo","arguments":{"msg":"x"}}`)
	if text := toolText(t, jsonrpc.Parse(bad).Result); !strings.HasPrefix(text, "toolbench proxy") || !strings.Contains(text, "missing:message") || !strings.Contains(text, "extra:msg") {
		t.Errorf("an invalid call got %s", text)
	}
	r.in.Close()
	if left := waitNoneWith(mark, endBound); len(left) > 0 {
		t.Errorf("processes %v still run %s after the client went", left, endBound)
	} else if !proctest.Supported() {
		t.Log("the server's processes cannot be seen here: that none is left is not checked")
	}
	r.stop(t)
	lines := recordLines(t, r.record.String())
	refused := 0
	for _, l := range lines {
		if field(l.Raw, "verdict") == "refused" {
			refused++
		}
	}
	if refused != 1 {
		t.Errorf("%d refused messages recorded, want 1:\n%s", refused, describe(lines))
	}
}
