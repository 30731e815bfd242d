package jsonrpc

import "testing"

func TestKeepKeepsTheMembersAsWrittenInTheirOrder(t *testing.T) {
	obj := []byte(`{"a":1, "b" : [2,3],"c":{"d":4}}`)
	if got := string(Keep(obj, func(k []byte) bool { return !KeyIs(k, "b") })); got != `{"a":1,"c":{"d":4}}` {
		t.Errorf("without b: %s", got)
	}
	if got := string(Keep(obj, func([]byte) bool { return false })); got != `{}` {
		t.Errorf("none kept: %s", got)
	}
}
