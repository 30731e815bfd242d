package mcpclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// MaxDocumentSize bounds the tool document of a listing, as toolbench
// bounds any document it reads (core.MaxDocumentSize).
const MaxDocumentSize = 256 << 20

// MaxPages bounds the pages of a listing, so that a server that hands out
// new cursors forever cannot keep a listing going. The time of a listing
// has a bound too (Spec.ListTimeout), and so has the size of its pages
// together, MaxDocumentSize.
const MaxPages = 10000

// A ToolList is every tool a server listed, in one JSON document.
type ToolList struct {
	// Name is the server's name: the document's name in positions.
	Name string
	// Document is {"tools": [...]} holding each tool exactly as the server
	// sent it, in the server's order, one tool after each line break:
	//
	//	{"tools": [
	//	{"name":"a",...},
	//	{"name":"b",...}
	//	]}
	//
	// The first tool starts at line 2, column 1. A server's tools hold no
	// line breaks over stdio, so there the tool of index i is line i+2 and
	// its columns are the server's own. No tools is {"tools": []}. The
	// document ends with a line break.
	Document []byte
	// Tools is how many tools there are.
	Tools int
	// Entries are the tools, each as sent, in order: slices of the pages'
	// messages.
	Entries [][]byte
	// Pages are the responses the listing took, in order.
	Pages []Page
	// ProtocolVersion is the session's MCP revision, which says what the
	// listing is held to.
	ProtocolVersion string
	// Changes is how many list_changed notices the session had heard when
	// the listing began (see Client.Changes).
	Changes int64
}

// A Page is one tools/list response.
type Page struct {
	// Cursor is the cursor the page was asked for with; empty for the first.
	Cursor string
	// NextCursor is the cursor the page gave for the next; empty for the last.
	NextCursor string
	// Tools is how many tools the page held.
	Tools int
	// Message is the JSON-RPC response as received.
	Message []byte
	// Elapsed is the round-trip time of the request.
	Elapsed time.Duration
	// ResultType, TTLMs and CacheScope are the result's members of those
	// names, as sent (JSON text), nil when it has none: MCP 2026-07-28
	// asks every result for a resultType, and a listing for how long it
	// stays fresh and who may cache it. The SDK's decoding would give
	// their absence a value.
	ResultType, TTLMs, CacheScope json.RawMessage
}

// ListTools lists the server's tools, every page of them, each page
// within the client's timeout and all of them within the Spec's
// ListTimeout, MaxPages and MaxDocumentSize, past which the error is a
// *LimitError. A page that is not a JSON-RPC response holding a "tools"
// list is a *ResponseError, positioned in the page. A tool that is not an
// object is kept as it is, for the linter to report.
func (c *Client) ListTools(ctx context.Context) (*ToolList, error) {
	var (
		tools [][]byte
		pages []Page
		size  int
	)
	changes := c.Changes()
	lctx, cancel := context.WithTimeout(ctx, c.spec.listTimeout())
	defer cancel()
	seen := map[string]int{} // cursor → the page it gave
	for cursor := ""; ; {
		n := len(pages) + 1
		page, pageTools, err := c.listPage(lctx, n, cursor)
		if err != nil {
			if ctx.Err() == nil && errors.Is(lctx.Err(), context.DeadlineExceeded) {
				return nil, fmt.Errorf("tools/list page %d: %w", n, &LimitError{What: "the listing", Limit: durationText(c.spec.listTimeout()) + " a listing may take", Flag: listTimeoutFlag})
			}
			return nil, err
		}
		pages, tools = append(pages, page), append(tools, pageTools...)
		// The pages are kept whole, and count, whatever they hold beside
		// the tools.
		size += len(page.Message)
		if size > MaxDocumentSize {
			return nil, fmt.Errorf("tools/list page %d: %w", n, &LimitError{What: "the listing", Limit: sizeText(MaxDocumentSize) + " a tools document may take"})
		}
		if page.NextCursor == "" {
			break
		}
		if n == MaxPages {
			return nil, fmt.Errorf("tools/list page %d: %w", n, &LimitError{What: "the listing", Limit: fmt.Sprintf("%d pages toolbench reads", MaxPages)})
		}
		if prev, ok := seen[page.NextCursor]; ok {
			return nil, fmt.Errorf("tools/list page %d: the server gave the cursor %s of page %d again", n, quote([]byte(page.NextCursor), quoteLimit), prev)
		}
		seen[page.NextCursor] = n
		cursor = page.NextCursor
	}
	return &ToolList{Name: c.name, Document: ToolsDocument(tools), Tools: len(tools), Entries: tools, Pages: pages, ProtocolVersion: c.info.ProtocolVersion, Changes: changes}, nil
}

// listPage asks for the page at cursor and reads it from the bytes the
// server sent.
func (c *Client) listPage(ctx context.Context, n int, cursor string) (Page, [][]byte, error) {
	page := Page{Cursor: cursor}
	rctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	rctx, ex := withExchange(rctx, c.timeout, timeoutFlag, "tools/list")
	defer ex.release()
	start := time.Now()
	// The SDK's decoding of the page is not used, and its error counts only
	// when no response came: toolbench reads the page itself.
	_, err := c.session.ListTools(rctx, &mcp.ListToolsParams{Cursor: cursor})
	elapsed := time.Since(start)
	msg := ex.message()
	if msg == nil {
		page.Elapsed = elapsed
		return page, nil, fmt.Errorf("tools/list page %d: %w", n, c.cause(rctx, ex, err))
	}
	page, tools, err := ReadToolsPage(msg, n, cursor)
	page.Elapsed = elapsed
	var rpcErr *RPCError
	if errors.As(err, &rpcErr) {
		err = fmt.Errorf("tools/list page %d: %w", n, err)
	}
	return page, tools, err
}

// ToolsDocument lays out tools, the text of each, as ToolList.Document
// says. The tools of a file are written in this layout too, to be read
// as a server's are.
func ToolsDocument(tools [][]byte) []byte {
	if len(tools) == 0 {
		return []byte("{\"tools\": []}\n")
	}
	size := 16
	for _, t := range tools {
		size += len(t) + 2
	}
	doc := make([]byte, 0, size)
	doc = append(doc, "{\"tools\": [\n"...)
	for i, t := range tools {
		if i > 0 {
			doc = append(doc, ",\n"...)
		}
		doc = append(doc, t...)
	}
	return append(doc, "\n]}\n"...)
}

// A CallResult is a tools/call result as the server sent it.
type CallResult struct {
	// Result is the result object as received: content, structuredContent,
	// isError and whatever else the server put there.
	Result json.RawMessage
	// IsError is the result's isError: the tool failed, and said so in
	// content. A call the server refused is an *RPCError instead.
	IsError bool
	// InputRequired is set when the server asks for more before it
	// completes the call (resultType "input_required"): what it asks,
	// for [Client.Answer].
	InputRequired *InputRequired
	// Elapsed is the round-trip time of the request.
	Elapsed time.Duration
}

// Call calls the tool name with arguments, a JSON object (nil for none),
// within the client's timeout. Cancelling ctx cancels the request: the
// server is told (notifications/cancelled) and Call returns at once.
//
// A JSON-RPC error in answer (the Go SDK's servers answer an unknown tool
// so) is an *RPCError; a result that sets isError (as TypeScript servers
// answer an unknown tool or bad arguments) is a CallResult with IsError.
// A result that asks for input is a CallResult with InputRequired, and a
// result whose resultType, or whose requests for input, break the
// specification is a *ResponseError.
func (c *Client) Call(ctx context.Context, name string, arguments json.RawMessage) (*CallResult, error) {
	return c.call(ctx, &mcp.CallToolParams{Name: name}, arguments)
}

// call sends the tools/call of params with arguments.
func (c *Client) call(ctx context.Context, params *mcp.CallToolParams, arguments json.RawMessage) (*CallResult, error) {
	name := quote([]byte(params.Name), quoteLimit)
	if arguments == nil {
		arguments = json.RawMessage("{}")
	}
	if err := checkArguments(arguments); err != nil {
		return nil, fmt.Errorf("tools/call %s: %w", name, err)
	}
	params.Arguments = arguments
	if c.Modern() {
		params.Meta = mcp.Meta{mcp.MetaKeyClientCapabilities: elicitationCapability}
	}
	rctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	rctx, ex := withExchange(rctx, c.timeout, timeoutFlag, "tools/call")
	defer ex.release()
	start := time.Now()
	_, err := c.session.CallTool(rctx, params)
	elapsed := time.Since(start)
	msg := ex.message()
	// A call that timed out or was cancelled has no result, though an
	// answer came as it ended (the server's to the cancellation).
	if msg == nil || err != nil && rctx.Err() != nil {
		return nil, fmt.Errorf("tools/call %s: %w", name, c.cause(rctx, ex, err))
	}
	resp, err := readResponse(msg, "tools/call", 0)
	if err != nil {
		return nil, err
	}
	if resp.rpcErr != nil {
		resp.rpcErr.Method = "tools/call"
		return nil, fmt.Errorf("tools/call %s: %w", name, resp.rpcErr)
	}
	if bytes.IndexByte(resp.result, '{') != 0 {
		line, col := lineCol(msg, resp.resultOff)
		return nil, &ResponseError{Method: "tools/call", Line: line, Column: col, Msg: "the result is not an object", Message: msg}
	}
	in, err := readInputRequired(msg, resp)
	if err != nil {
		return nil, err
	}
	return &CallResult{Result: resp.result, IsError: isErrorResult(resp.result), InputRequired: in, Elapsed: elapsed}, nil
}

// checkArguments refuses arguments that are not one JSON object, before
// anything is sent. A name twice is the server's to judge.
func checkArguments(args json.RawMessage) error {
	v := jsontext.Value(bytes.TrimSpace(args))
	if !v.IsValid(jsontext.AllowDuplicateNames(true)) {
		return errors.New("the arguments are not valid JSON")
	}
	if v.Kind() != '{' {
		return fmt.Errorf("the arguments are %s, not an object", kindName(v.Kind()))
	}
	return nil
}

// isErrorResult reports whether a result sets "isError": true.
func isErrorResult(result []byte) bool {
	var r struct {
		IsError json.RawMessage `json:"isError"`
	}
	return json.Unmarshal(result, &r) == nil && string(r.IsError) == "true"
}
