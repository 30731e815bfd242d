package live

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"toolbench/core/call"
	"toolbench/core/jsondoc"
	"toolbench/core/report"
	"toolbench/core/termtext"
	"toolbench/internal/mcpclient"
)

// Status is the outcome in a few words, escaped for a terminal: "ok 4 ms"
// or "tool error 4 ms" for a result, "input required 4 ms: " and what
// for one that asks for input; "protocol error 4 ms: " and the
// JSON-RPC error for a call the server refused, "failed 4 ms: " and why
// for one the server failed, "cancelled 4 ms" for one whose context was
// cancelled before the answer came; for a call that was not sent, its
// errors as `toolbench call` prints them.
func (o Outcome) Status() string {
	switch {
	case !o.Valid():
		return report.CallErrorsText(o.Findings, o.Schema)
	case errors.Is(o.Err, context.Canceled):
		return "cancelled " + Millis(o.Elapsed)
	case o.Refused():
		return "protocol error " + Millis(o.Elapsed) + ": " + termtext.EscapeLine(o.Err.Error())
	case o.Err != nil:
		return "failed " + Millis(o.Elapsed) + ": " + termtext.EscapeLine(o.Err.Error())
	case o.IsError:
		return "tool error " + Millis(o.Elapsed)
	case o.Input != nil && len(o.Input.Requests) == 0:
		return "input required " + Millis(o.Elapsed) + ": the server asks to be called again, with the state it gave"
	case o.Input != nil:
		return "input required " + Millis(o.Elapsed) + ": the server asks for " + termtext.Plural(len(o.Input.Requests), "answer") + " before it completes the call"
	}
	return "ok " + Millis(o.Elapsed)
}

// Details are the lines under the Status: what a result that asks for
// input asks (InputLines), or the result's content items (ContentLines),
// then where its structuredContent breaks the tool's outputSchema,
// "output POINTER: message". Each is escaped for a terminal.
func (o Outcome) Details() []string {
	var lines []string
	switch {
	case o.Input != nil:
		lines = InputLines(o.Input)
	case o.Result != nil:
		lines = ContentLines(o.Result)
	}
	for _, e := range o.Output {
		lines = append(lines, OutputLine(e))
	}
	return lines
}

// StructuredLines is the result's structuredContent as indented JSON, a
// line each, escaped for a terminal; nil when the result has none. The
// numbers and strings are as the server wrote them.
func (o Outcome) StructuredLines() []string {
	var r struct {
		StructuredContent json.RawMessage `json:"structuredContent"`
	}
	if o.Result == nil || json.Unmarshal(o.Result, &r) != nil || r.StructuredContent == nil {
		return nil
	}
	var b bytes.Buffer
	if err := json.Indent(&b, r.StructuredContent, "", "  "); err != nil {
		return nil // Unmarshal has read it as JSON already
	}
	lines := strings.Split(b.String(), "\n")
	for i, l := range lines {
		lines[i] = termtext.EscapeLine(l)
	}
	return lines
}

// OutputLine is one outputSchema problem as text: "output /path: message",
// or "output: message" about structuredContent as a whole.
func OutputLine(e call.SchemaError) string {
	if e.Path == "" {
		return termtext.EscapeLine("output: " + e.Message)
	}
	return termtext.EscapeLine("output " + e.Path + ": " + e.Message)
}

// Millis is a round-trip time as people read it: "4 ms", or below a
// millisecond "0.4 ms".
func Millis(d time.Duration) string {
	if d < time.Millisecond {
		return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%d ms", d.Round(time.Millisecond).Milliseconds())
}

// contentItem is what ContentLines reads of a content item of any type.
type contentItem struct {
	Type     string           `json:"type"`
	Text     string           `json:"text"`
	Data     string           `json:"data"`
	MimeType string           `json:"mimeType"`
	URI      string           `json:"uri"`
	Resource *resourceContent `json:"resource"`
}

// resourceContent is the resource of an embedded resource item: text or
// a base64 blob.
type resourceContent struct {
	URI      string  `json:"uri"`
	MimeType string  `json:"mimeType"`
	Text     *string `json:"text"`
	Blob     string  `json:"blob"`
}

// ContentLines describes the content items of a tools/call result, each
// escaped for a terminal: a text item is its text, a line of it per
// line; an image or audio item is its type and size,
// "[image/png, 1,234 bytes]"; a resource link is its URI; an embedded
// resource is "[resource URI, text/plain, 56 bytes]". An item of a type
// MCP does not define shows as "[TYPE content]".
func ContentLines(result json.RawMessage) []string {
	var r struct {
		Content []json.RawMessage `json:"content"`
	}
	if err := json.Unmarshal(result, &r); err != nil {
		return []string{"[content is not a list of items]"}
	}
	var lines []string
	for _, raw := range r.Content {
		var item contentItem
		if err := json.Unmarshal(raw, &item); err != nil {
			lines = append(lines, "[a content item that is not an object]")
			continue
		}
		lines = append(lines, item.lines()...)
	}
	return lines
}

func (c contentItem) lines() []string {
	switch c.Type {
	case "text":
		return strings.Split(termtext.Escape(c.Text), "\n")
	case "image", "audio":
		return []string{"[" + termtext.EscapeLine(orType(c.MimeType, c.Type)) + ", " + base64Size(c.Data) + "]"}
	case "resource_link":
		return []string{termtext.EscapeLine(c.URI)}
	case "resource":
		return []string{c.Resource.line()}
	}
	return []string{"[" + termtext.EscapeLine(c.Type) + " content]"}
}

func (r *resourceContent) line() string {
	if r == nil {
		return "[resource]"
	}
	size := base64Size(r.Blob)
	if r.Text != nil {
		size = bytesText(len(*r.Text))
	}
	return "[resource " + termtext.EscapeLine(r.URI) + ", " + termtext.EscapeLine(orType(r.MimeType, "no MIME type")) + ", " + size + "]"
}

// orType is the MIME type, or what to say when there is none.
func orType(mime, otherwise string) string {
	if mime == "" {
		return otherwise
	}
	return mime
}

// base64Size is the size of the data base64 encodes, or says it is not
// base64.
func base64Size(data string) string {
	b, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		return "data that is not base64"
	}
	return bytesText(len(b))
}

var sizePrinter = message.NewPrinter(language.English)

// bytesText is "1 byte", "1,234 bytes".
func bytesText(n int) string {
	if n == 1 {
		return "1 byte"
	}
	return sizePrinter.Sprintf("%d bytes", n)
}

// InputLines says what an input_required result asks, a request at a
// time, each line escaped for a terminal: the request's key and method,
// and for an elicitation its message and the fields of its form (a * for
// a required one) or the URL it asks to open. toolbench answers forms;
// a request of another kind is named, with what it asks of the client.
func InputLines(in *mcpclient.InputRequired) []string {
	var lines []string
	for _, r := range in.Requests {
		head := "asks " + termtext.Quote(r.Key) + " (" + r.Method
		switch {
		case r.Form():
			lines = append(lines, head+", a form): "+termtext.EscapeLine(r.Message))
			lines = append(lines, formFieldLines(r.Schema)...)
		case r.Method == mcpclient.MethodElicit:
			lines = append(lines, head+", a URL to open): "+termtext.EscapeLine(r.Message), "  "+termtext.EscapeLine(r.URL))
		case r.Method == mcpclient.MethodCreateMessage:
			lines = append(lines, head+"): a completion from the client's model, which toolbench does not make")
		default:
			lines = append(lines, head+"): the client's roots, which toolbench does not have")
		}
	}
	return lines
}

// formFieldLines are the fields of an elicitation's requestedSchema, in
// the order it writes them: "  name* string: Your login.".
func formFieldLines(schema json.RawMessage) []string {
	s, err := jsondoc.ParseValue("requestedSchema", string(schema))
	if err != nil {
		return nil
	}
	required := map[string]bool{}
	for _, m := range s.Get("required").Kids() {
		required[m.Value.Text()] = true
	}
	var lines []string
	for _, m := range s.Get("properties").Kids() {
		line := "  " + m.Key
		if required[m.Key] {
			line += "*"
		}
		if t := m.Value.Get("type").Text(); t != "" {
			line += " " + t
		}
		if d := m.Value.Get("description").Text(); d != "" {
			line += ": " + d
		}
		lines = append(lines, termtext.EscapeLine(line))
	}
	return lines
}
