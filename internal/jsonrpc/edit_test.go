package jsonrpc

import "testing"

func TestReplacePutsEachEditInItsPlaceAndKeepsTheRest(t *testing.T) {
	msg := []byte(`{"jsonrpc":"2.0","params":{"_meta":{"progressToken":"p"}},"id":1.50,"method":"tools/call"}`)
	m := Parse(msg)
	token := Member(Member(m.Params, "_meta"), "progressToken")
	tests := []struct {
		name  string
		edits []Edit
		want  string
	}{
		{"none", nil, string(msg)},
		{"the id", []Edit{{m.ID, []byte(`"c1"`)}}, `{"jsonrpc":"2.0","params":{"_meta":{"progressToken":"p"}},"id":"c1","method":"tools/call"}`},
		{"the id and a token before it, in either order", []Edit{{m.ID, []byte(`7`)}, {token, []byte(`"t-long"`)}}, `{"jsonrpc":"2.0","params":{"_meta":{"progressToken":"t-long"}},"id":7,"method":"tools/call"}`},
		{"a part emptied", []Edit{{m.Params, nil}}, `{"jsonrpc":"2.0","params":,"id":1.50,"method":"tools/call"}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Replace(msg, tc.edits...); string(got) != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
			if string(m.Raw) != string(msg) {
				t.Errorf("the message changed: %s", m.Raw)
			}
		})
	}
}

func TestReplacePanicsOnAPartThatIsNotOfTheMessage(t *testing.T) {
	msg := []byte(`{"jsonrpc":"2.0","id":1,"result":{}}`)
	m := Parse(msg)
	tests := []struct {
		name  string
		edits []Edit
	}{
		{"another message's", []Edit{{Parse([]byte(`{"jsonrpc":"2.0","id":1,"result":{}}`)).ID, nil}}},
		{"parts that overlap", []Edit{{m.Result, nil}, {m.Raw[len(m.Raw)-3:], nil}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			Replace(msg, tc.edits...)
		})
	}
}
