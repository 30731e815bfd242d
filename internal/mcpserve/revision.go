package mcpserve

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolbench/internal/jsonrpc"
	"toolbench/internal/mcpclient"
)

// An answer carries only what the session's revision of MCP defines. The
// SDK writes the fields of its latest revision into every answer, whatever
// the session negotiated: a listing's ttlMs and cacheScope (2026-07-28), a
// tool's title and outputSchema, the server's title and a result's
// structuredContent (2025-06-18), a tool's annotations (2025-03-26). It
// leaves out on its own what it adds for 2026-07-28 alone (a result's
// resultType, the serverInfo in its _meta), but by the revision a
// client's initialize asked for rather than the one agreed on; and it
// sets a tool result's resultType only on the result of a tool's handler,
// not on the tool error the server answers a call with when its
// arguments do not fit (checkedArguments), which 2026-07-28 requires as
// it does every result's. The revision that added each field is from the
// schema of each revision (schema/REVISION/schema.json of
// modelcontextprotocol/modelcontextprotocol).

// The revisions that added a field the server sends.
const (
	revisionAnnotations = "2025-03-26"               // Tool.annotations
	revisionTitles      = "2025-06-18"               // Tool.title, Tool.outputSchema, Implementation.title, CallToolResult.structuredContent
	revisionCacheHints  = mcpclient.Revision20260728 // ttlMs and cacheScope of a listing
	revisionResultType  = mcpclient.Revision20260728 // every result's resultType
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
// request's own (its _meta names it under 2026-07-28), else the one the
// session's initialize agreed on. Revisions are dates, which compare as
// strings.
func revisionOf(req mcp.Request, res mcp.Result) string {
	if init, ok := res.(*mcp.InitializeResult); ok {
		return init.ProtocolVersion
	}
	if p := req.GetParams(); p != nil && !reflect.ValueOf(p).IsNil() {
		if v, ok := p.GetMeta()[mcp.MetaKeyProtocolVersion].(string); ok {
			return v // one the SDK speaks: it answers any other with an error
		}
	}
	// The session keeps the revision the client asked for in initialize,
	// not always the one agreed on.
	if ss, ok := req.GetSession().(*mcp.ServerSession); ok && ss.InitializeParams() != nil {
		return negotiated(ss.InitializeParams().ProtocolVersion)
	}
	return ""
}

// negotiated is the revision initialize agrees on when the client asks
// for asked: asked when the server speaks it, else the latest the server
// speaks (2025-11-25 lifecycle, Version Negotiation), and never one
// without initialize. The session keeps what the client asked, not this.
func negotiated(asked string) string {
	latest := ""
	for _, v := range mcp.SupportedProtocolVersions() { // newest first
		if mcpclient.IsModern(v) {
			continue
		}
		if v == asked {
			return v
		}
		if latest == "" {
			latest = v
		}
	}
	return latest
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
			res = &call
		}
		if revision < revisionResultType {
			// The SDK sets resultType by the revision the client asked
			// for in initialize, not the one agreed on.
			return without{res, []string{"resultType"}}
		}
		return complete{res}
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
	return without{res, []string{"ttlMs", "cacheScope"}}
}

// without writes a result without the members named, which the SDK's
// types write whatever the revision.
type without struct {
	mcp.Result
	names []string
}

func (w without) MarshalJSON() ([]byte, error) {
	b, err := encoded(w.Result)
	if err != nil {
		return nil, err
	}
	return jsonrpc.Keep(b, func(key []byte) bool {
		return !slices.ContainsFunc(w.names, func(name string) bool { return jsonrpc.KeyIs(key, name) })
	}), nil
}

// complete writes a tool result of 2026-07-28 with the resultType
// "complete" where the SDK wrote none: the server never asks a client
// for input, so that every result it makes is complete.
type complete struct{ mcp.Result }

func (c complete) MarshalJSON() ([]byte, error) {
	b, err := encoded(c.Result)
	if err != nil || jsonrpc.Member(b, "resultType") != nil {
		return b, err
	}
	end := bytes.LastIndexByte(b, '}')
	if end < 0 {
		return nil, fmt.Errorf("a tool result written as %.40q, not an object", b)
	}
	out := append([]byte(nil), b[:end]...)
	if len(bytes.TrimSpace(out)) > 1 { // "{" and a member
		out = append(out, ',')
	}
	return append(out, `"resultType":"complete"}`...), nil
}

// encoded is res as the SDK writes an answer.
func encoded(res mcp.Result) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // as the SDK writes an answer
	if err := enc.Encode(res); err != nil {
		return nil, err
	}
	return bytes.TrimSpace(b.Bytes()), nil
}
