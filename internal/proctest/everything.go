package proctest

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// everythingScript is where `npm ci` in internal/mcpclient/testdata/mcp
// installs MCP's reference server-everything, from the module's root.
const everythingScript = "internal/mcpclient/testdata/mcp/node_modules/@modelcontextprotocol/server-everything/dist/index.js"

// Everything returns the absolute path of server-everything's script,
// root being the module's root as the test's working directory names it
// ("." or "../.."), and skips the test without node or the package.
func Everything(t testing.TB, root string) string {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed: the tests against server-everything need it")
	}
	entry, err := filepath.Abs(filepath.Join(root, everythingScript))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(entry); err != nil {
		t.Skip("server-everything is not installed: run `npm ci` in internal/mcpclient/testdata/mcp")
	}
	return entry
}

// EverythingHTTP starts entry's Streamable HTTP transport on a free
// loopback port and returns its address once it accepts connections,
// within wait. When the test ends its process group is killed, and the
// test fails if any of it runs on, where [Supported] says that can be
// seen.
func EverythingHTTP(t testing.TB, entry string, wait time.Duration) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	server := exec.Command("node", entry, "streamableHttp")
	server.Env = append(os.Environ(), fmt.Sprintf("PORT=%d", port))
	server.SysProcAttr = GroupAttr()
	out, err := server.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := server.Start(); err != nil {
		t.Fatal(err)
	}
	pgid := server.Process.Pid
	t.Cleanup(func() {
		KillGroup(pgid)
		server.Wait()
		if !Supported() {
			return
		}
		if alive := WaitGone(pgid, 2*time.Second); alive != nil {
			t.Errorf("server-everything still runs: %v", alive)
		}
	})
	go func() { // it logs each request on stdout
		for sc := bufio.NewScanner(out); sc.Scan(); {
		}
	}()
	for deadline := time.Now().Add(wait); ; time.Sleep(20 * time.Millisecond) {
		conn, err := net.Dial("tcp", addr)
		if err == nil {
			conn.Close()
			return addr
		}
		if time.Now().After(deadline) {
			t.Fatalf("server-everything is not listening on %s", addr)
		}
	}
}
