package jsonrpc

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

var smallCall = []byte(`{"jsonrpc":"2.0","id":42,"method":"tools/call","params":{"name":"search","arguments":{"query":"vector db","limit":5}}}`)

// largeResult is a tools/call result of one text item of n bytes.
func largeResult(n int) []byte {
	return []byte(`{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"` + strings.Repeat("abcdefgh", n/8) + `"}]}}`)
}

func BenchmarkParseSmallCall(b *testing.B) {
	b.SetBytes(int64(len(smallCall)))
	for b.Loop() {
		Parse(smallCall)
	}
}

// BenchmarkValidFloor is encoding/json's check of the same message, the
// floor Parse is read against.
func BenchmarkValidFloor(b *testing.B) {
	b.SetBytes(int64(len(smallCall)))
	for b.Loop() {
		json.Valid(smallCall)
	}
}

func BenchmarkParseLargeResult(b *testing.B) {
	raw := largeResult(8 << 20)
	b.SetBytes(int64(len(raw)))
	for b.Loop() {
		Parse(raw)
	}
}

func BenchmarkValidFloorLargeResult(b *testing.B) {
	raw := largeResult(8 << 20)
	b.SetBytes(int64(len(raw)))
	for b.Loop() {
		json.Valid(raw)
	}
}

func BenchmarkReaderSmallLines(b *testing.B) {
	in := bytes.Repeat(append(append([]byte{}, smallCall...), '\n'), 10000)
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		r := NewReader(bytes.NewReader(in), 0)
		for {
			if _, err := r.Next(); err != nil {
				break
			}
		}
	}
}
