package proxy

import (
	"context"
	"io"
	"testing"
	"time"

	"toolbench/core/lock"
	"toolbench/internal/jsonrpc"
	"toolbench/internal/mcpclient"
)

// FuzzSession feeds a session any message, as the client's, as the
// server's answer to a tools/call, and as the server's answer to a
// tools/list under a lock: nothing panics, whatever the proxy sends the
// client is one JSON value, and every event placed in the record is
// completed, so that no line waits for ever.
func FuzzSession(f *testing.F) {
	for _, seed := range []string{
		`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"text":"x"}}}`,
		`{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"a\u202eb\ud83d\ude00` + "\x1b" + `"}],"structuredContent":{"n":1}}}`,
		`{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"echo","inputSchema":{"type":"object"}},{"name":"x"},3],"nextCursor":"c"}}`,
		`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":"{}","name":"other"}}`,
		`[]`, `{"jsonrpc":"2.0","id":true}`, `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1}}`,
	} {
		for mode := range byte(3) {
			f.Add(mode, []byte(seed))
		}
	}
	l := &lock.Lock{}
	l.Set("fuzz", lock.Server, []lock.Tool{{Name: "echo", SHA256: "sha256:0"}})
	f.Fuzz(func(t *testing.T, mode byte, msg []byte) {
		opt := &Options{Upstream: mcpclient.Spec{Name: "fuzz", Command: []string{"none"}}, Lock: l, Record: io.Discard}
		log := &logger{w: io.Discard}
		rec := newRecorder(opt, log)
		s := newSession(context.Background(), opt, rec, log)
		down := &answers{}
		s.up, s.down = discard{}, down
		s.fromClient([]byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`), nil, nil)
		s.fromServer([]byte(`{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"echo","inputSchema":{"type":"object","properties":{"text":{"type":"string","maxLength":3}},"required":["text"]},"outputSchema":{"type":"object"}}]}}`), nil)
		switch mode % 3 {
		case 0:
			s.fromClient(msg, nil, nil)
		case 1:
			s.fromClient([]byte(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"text":"x"}}}`), nil, nil)
			s.fromServer(msg, nil)
		case 2:
			s.fromClient([]byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`), nil, nil)
			s.fromServer(msg, nil)
		}
		for _, sent := range down.sent {
			if !jsonrpc.Valid(sent) {
				t.Fatalf("the client was sent what is not JSON: %q", sent)
			}
		}
		s.awaitLint(time.Minute)
		rec.mu.Lock()
		placed := len(rec.placed)
		rec.mu.Unlock()
		if placed > 0 {
			t.Errorf("%d events placed in the record are not complete", placed)
		}
		rec.close()
	})
}
