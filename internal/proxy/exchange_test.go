package proxy

import (
	"bytes"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestAClientsQueuePastItsBoundGivesUpItsConnection queues messages for
// a client that reads none of them (nothing serves its exchange): past
// the bound on messages or bytes the message is refused and the
// connection given up, what was queued not written; a message that finds
// the queue empty is queued whatever its size. Whatever was queued and
// not written when the exchange ends is counted as lost.
func TestAClientsQueuePastItsBoundGivesUpItsConnection(t *testing.T) {
	defer func(n, b int) { clientQueueMessages, clientQueueBytes = n, b }(clientQueueMessages, clientQueueBytes)
	clientQueueMessages, clientQueueBytes = 4, 1000
	tests := []struct {
		name     string
		sizes    []int // of the messages queued, in order
		refused  int   // the index of the first refused, -1 for none
		wantLost int
	}{
		{name: "within the bounds", sizes: []int{10, 10, 10, 10}, refused: -1, wantLost: 4},
		{name: "past the bound on messages", sizes: []int{10, 10, 10, 10, 10}, refused: 4, wantLost: 4},
		{name: "past the bound on bytes", sizes: []int{600, 600}, refused: 1, wantLost: 1},
		{name: "one message larger than the bound", sizes: []int{5000}, refused: -1, wantLost: 1},
		{name: "a message after one larger than the bound", sizes: []int{5000, 1}, refused: 1, wantLost: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			x := newExchange(httptest.NewRecorder(), httptest.NewRequest("POST", "/mcp", nil))
			refused := -1
			for i, n := range tc.sizes {
				if err := x.write(bytes.Repeat([]byte("x"), n), false); err != nil {
					if !errors.Is(err, errQueueFull) {
						t.Fatalf("message %d: %v; want errQueueFull", i, err)
					}
					if refused < 0 {
						refused = i
					}
				}
			}
			if refused != tc.refused {
				t.Fatalf("the first message refused is %d, want %d", refused, tc.refused)
			}
			if tc.refused >= 0 {
				if err := x.write([]byte("later"), true); err == nil {
					t.Error("a connection given up takes a later message")
				}
				if why := x.serve(nil, nil); why != givenUp {
					t.Errorf("serve returned %d, want givenUp (%d)", why, givenUp)
				}
			}
			lost, why := x.detach()
			if lost != tc.wantLost || (tc.refused >= 0) != (why != nil) {
				t.Errorf("%d messages lost, for %v; want %d", lost, why, tc.wantLost)
			}
		})
	}
}

// TestAnExchangeWritesItsAnswerAsJSONAloneAndAsTheLastEventOtherwise
// serves exchanges: the answer alone is the JSON body; what comes before
// it makes the response a stream of events, the answer the last.
func TestAnExchangeWritesItsAnswerAsJSONAloneAndAsTheLastEventOtherwise(t *testing.T) {
	tests := []struct {
		name   string
		before []string
		want   string
		json   bool
	}{
		{name: "the answer alone", want: `{"id":1}`, json: true},
		{name: "progress, then the answer", before: []string{`{"p":1}`, `{"p":2}`}, want: "event: message\ndata: {\"p\":1}\n\nevent: message\ndata: {\"p\":2}\n\nevent: message\ndata: {\"id\":1}\n\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := httptest.NewRecorder()
			x := newExchange(w, httptest.NewRequest("POST", "/mcp", nil))
			for _, msg := range tc.before {
				if err := x.write([]byte(msg), false); err != nil {
					t.Fatal(err)
				}
			}
			if err := x.write([]byte(`{"id":1}`), true); err != nil {
				t.Fatal(err)
			}
			if why := x.serve(nil, nil); why != served {
				t.Fatalf("serve returned %d, want served", why)
			}
			if lost, why := x.detach(); lost != 0 || why != nil {
				t.Errorf("%d messages lost, for %v", lost, why)
			}
			ct := w.Header().Get("Content-Type")
			if w.Body.String() != tc.want || tc.json != strings.HasPrefix(ct, "application/json") {
				t.Errorf("the response is %s %q; want %q, as JSON: %v", ct, w.Body, tc.want, tc.json)
			}
		})
	}
}
