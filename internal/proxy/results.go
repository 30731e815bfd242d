package proxy

import (
	"bytes"
	"fmt"
	"unicode/utf8"
	"unsafe"

	"toolbench/core/call"
	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
	"toolbench/core/termtext"
	"toolbench/internal/jsonrpc"
	"toolbench/internal/live"
)

// checkResult checks a tools/call result of the tool: its
// structuredContent against the tool's outputSchema (a result that sets
// isError or asks for input is not held to it), and its text items for
// hidden characters and terminal escapes. Nothing it finds keeps the
// result from the client.
func (t *toolSet) checkResult(m *jsonrpc.Message, tool string) []Finding {
	res := m.Result
	if res == nil || res[0] != '{' {
		return nil
	}
	var findings []Finding
	if rt, _ := jsonrpc.Unquote(jsonrpc.Member(res, "resultType")); rt == "input_required" {
		return nil
	}
	if st := t.current(); st != nil && string(jsonrpc.Member(res, "isError")) != "true" && st.callSchemas().OutputSchema(tool) != nil {
		var structured *jsondoc.Node
		if sc := jsonrpc.Member(res, "structuredContent"); sc != nil {
			structured, _ = jsondoc.ParseValue("structuredContent", string(sc))
		}
		for _, e := range call.ValidateOutput(tool, structured, st.callSchemas()) {
			findings = append(findings, Finding{Code: "output", Severity: catalog.Error, Text: live.OutputLine(e), Hint: "the server's result breaks the outputSchema its tool declares", Tool: tool})
		}
	}
	i := 0
	for item := range jsonrpc.Elements(jsonrpc.Member(res, "content")) {
		if typ, _ := jsonrpc.Unquote(jsonrpc.Member(item, "type")); typ == "text" {
			if d := hiddenIn(jsonrpc.Member(item, "text"), fmt.Sprintf("content[%d].text", i)); d != "" {
				findings = append(findings, Finding{Code: CodeHiddenCharacters, Severity: catalog.Warning, Text: d, Hint: "text a reader cannot see, or that a terminal acts on, reaches the model and any screen that shows it", Tool: tool})
			}
		}
		i++
	}
	return findings
}

// hiddenChunk is how much of a result's text is decoded at a time to look
// for hidden characters: a text of 64 MiB never costs a copy of itself.
const hiddenChunk = 256 << 10

// hiddenIn describes the hidden characters of raw, a JSON string as
// written, what being where it is; "" when it hides nothing.
func hiddenIn(raw []byte, what string) string {
	if len(raw) < 2 || raw[0] != '"' {
		return ""
	}
	var (
		first      string
		firstCount int
		total      int
		off        int // characters before the chunk
	)
	eachChunk(raw[1:len(raw)-1], hiddenChunk, func(s string) {
		found := termtext.FindHidden(s)
		if len(found) > 0 && first == "" {
			first, firstCount = termtext.DescribeHidden(s, what), len(found)
			if off > 0 {
				first += fmt.Sprintf(" (characters counted from %d)", off+1)
			}
		}
		total += len(found)
		if first == "" {
			off += utf8.RuneCountInString(s)
		}
	})
	if total > firstCount {
		first += fmt.Sprintf("; %d in the whole text", total)
	}
	return first
}

// eachChunk hands fn the text of body, the inside of a JSON string as
// written, decoded a piece of about size bytes at a time, each cut where
// no character or escape is split. A piece without escapes is handed
// over in place, valid only during fn.
func eachChunk(body []byte, size int, fn func(string)) {
	var scratch []byte
	for len(body) > 0 {
		n := cutAt(body, size)
		piece := body[:n]
		if bytes.IndexByte(piece, '\\') < 0 {
			fn(unsafe.String(unsafe.SliceData(piece), len(piece)))
		} else {
			scratch = append(append(append(scratch[:0], '"'), piece...), '"')
			text, _ := jsonrpc.Unquote(scratch)
			fn(text)
		}
		body = body[n:]
	}
}

// cutAt is where to cut body, the inside of a JSON string, at size or
// just after: not within a character, an escape, or a surrogate pair of
// escapes.
func cutAt(body []byte, size int) int {
	if len(body) <= size {
		return len(body)
	}
	i, afterHigh := 0, false
	for {
		// Only the bytes up to size are searched for an escape: a cut
		// costs what it cuts, not what is left.
		limit := min(len(body), max(i, size)+1)
		j := bytes.IndexByte(body[i:limit], '\\')
		if j < 0 {
			c := max(size, i)
			for c < len(body) && body[c]&0xC0 == 0x80 {
				c++
			}
			return min(c, len(body))
		}
		if j > 0 {
			i += j
			afterHigh = false
		}
		// An escape starts at i.
		if i >= size && !afterHigh || i+1 >= len(body) {
			return i
		}
		if body[i+1] != 'u' || i+6 > len(body) {
			i, afterHigh = i+2, false
			continue
		}
		h := body[i+2 : i+6]
		afterHigh = (h[0] == 'd' || h[0] == 'D') && bytes.IndexByte([]byte("89abAB"), h[1]) >= 0
		i += 6
	}
}
