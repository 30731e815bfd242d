package mcpserve

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolbench/internal/jsonrpc"
	"toolbench/internal/mcpclient"
)

// An answer carries only what the session's revision of MCP defines. The
// SDK writes the fields of its latest revision into every answer, whatever
// the session negotiated: a listing's ttlMs and cacheScope (2026-07-28), a
// tool's title and outputSchema, the server's title and a result's
// structuredContent (2025-06-18), a tool's annotations (2025-03-26). It
// leaves out on its own only what it adds for 2026-07-28 alone (a
// result's resultType, the serverInfo in its _meta). The revision that
// added each field is from the schema of each revision
// (schema/REVISION/schema.json of modelcontextprotocol/modelcontextprotocol).

// The revisions that added a field the server sends.
const (
	revisionAnnotations = "2025-03-26"               // Tool.annotations
	revisionTitles      = "2025-06-18"               // Tool.title, Tool.outputSchema, Implementation.title, CallToolResult.structuredContent
	revisionCacheHints  = mcpclient.Revision20260728 // ttlMs and cacheScope of a listing
)

// ofTheRevision is the middleware that trims each answer to what the
// revision it is made under defines (see revisionOf).
func ofTheRevision(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		if err != nil || res == nil {
			return res, err
		}
		return trimmed(res, revisionOf(req, res)), nil
	}
}

// revisionOf is the revision the answer res to req is made under: for
// initialize, the one its answer names; for any other request, the
// request's own (its _meta names it under 2026-07-28), else the session's.
// Revisions are dates, which compare as strings.
func revisionOf(req mcp.Request, res mcp.Result) string {
	if init, ok := res.(*mcp.InitializeResult); ok {
		return init.ProtocolVersion
	}
	if r, ok := req.(interface{ ProtocolVersion() string }); ok {
		return r.ProtocolVersion()
	}
	return ""
}

// trimmed returns res without what revision does not define. What it
// changes it copies first: the server's own values (its Implementation,
// its tools) are shared by every session.
func trimmed(res mcp.Result, revision string) mcp.Result {
	switch r := res.(type) {
	case *mcp.InitializeResult:
		if revision < revisionTitles && r.ServerInfo != nil && r.ServerInfo.Title != "" {
			init, info := *r, *r.ServerInfo
			info.Title = ""
			init.ServerInfo = &info
			return &init
		}
	case *mcp.ListToolsResult:
		list := *r
		list.Tools = make([]*mcp.Tool, len(r.Tools))
		for i, t := range r.Tools {
			list.Tools[i] = toolOf(t, revision)
		}
		return uncached(&list, revision)
	case *mcp.CallToolResult:
		if revision < revisionTitles && r.StructuredContent != nil {
			call := *r
			call.StructuredContent = nil
			return &call
		}
	case *mcp.ListPromptsResult, *mcp.ListResourcesResult, *mcp.ListResourceTemplatesResult:
		return uncached(res, revision)
	}
	return res
}

// toolOf is t as revision defines a tool.
func toolOf(t *mcp.Tool, revision string) *mcp.Tool {
	if revision >= revisionTitles {
		return t
	}
	c := *t
	c.Title, c.OutputSchema = "", nil
	if revision < revisionAnnotations {
		c.Annotations = nil
	}
	return &c
}

// uncached is res, a listing, without ttlMs and cacheScope under a
// revision before they were defined.
func uncached(res mcp.Result, revision string) mcp.Result {
	if revision >= revisionCacheHints {
		return res
	}
	return withoutCacheHints{res}
}

// withoutCacheHints writes a listing without its ttlMs and cacheScope,
// which the SDK's types write always.
type withoutCacheHints struct{ mcp.Result }

func (w withoutCacheHints) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // as the SDK writes an answer
	if err := enc.Encode(w.Result); err != nil {
		return nil, err
	}
	out := []byte{'{'}
	for key, value := range jsonrpc.Members(b.Bytes()) {
		if jsonrpc.KeyIs(key, "ttlMs") || jsonrpc.KeyIs(key, "cacheScope") {
			continue
		}
		if len(out) > 1 {
			out = append(out, ',')
		}
		out = append(append(append(out, key...), ':'), value...)
	}
	return append(out, '}'), nil
}
