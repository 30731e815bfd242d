package lint

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
)

// ServerFacts is what a live MCP server's listing shows beyond the tools
// of its document: what each tools/list response said of itself, and
// the tools of other listings to compare with. The caller gathers it
// from the wire (toolbench's mcpclient); the linter only reads it. A
// lint of a file has none.
type ServerFacts struct {
	// ProtocolVersion is the MCP revision of the session ("2026-07-28").
	// The rules of these facts hold from 2026-07-28 on.
	ProtocolVersion string
	// Pages are the listing's tools/list responses, in order: the tools
	// of the document are theirs, page after page.
	Pages []PageFacts
	// Again is a second listing in the same session, made at once after
	// the first; nil when none was made.
	Again *Relisting
	// Elsewhere is a listing on a second connection to the server; nil
	// when none was made.
	Elsewhere *Relisting
}

// PageFacts is what one tools/list response said of itself.
type PageFacts struct {
	// Tools is how many tools the page held.
	Tools int
	// ResultType, TTLMs and CacheScope are the result's members of those
	// names as sent (JSON text), nil when absent.
	ResultType, TTLMs, CacheScope []byte
}

// Relisting is another listing of the server's tools.
type Relisting struct {
	// Tools are its tools, each as sent (JSON text), in its order.
	Tools [][]byte
	// Changed says the server announced a change of its tools
	// (notifications/tools/list_changed) between the listings, which are
	// then not comparable.
	Changed bool
}

// serverTarget is the target a server's tools are held to when no target
// is asked for, f being the facts of its listing (nil for a file of MCP's
// shape): the MCP target of the revision the session speaks, the newest
// for a file.
func serverTarget(f *ServerFacts) string {
	if f == nil {
		return mcpTarget.Name
	}
	return MCPTargetFor(f.ProtocolVersion).Name
}

// Server returns the facts of the live server whose listing is linted,
// nil for a file.
func (c *DocContext) Server() *ServerFacts { return c.l.server }

// modernServer returns the facts of a server of MCP 2026-07-28 or later,
// nil for a file or a server of an earlier revision. Versions are dates,
// which compare as strings.
func modernServer(c *DocContext) *ServerFacts {
	f := c.Server()
	if f == nil || f.ProtocolVersion < "2026-07-28" {
		return nil
	}
	return f
}

// mcpLiveRules are MCP 2026-07-28's rules of what only a live server
// shows: what its listing says of itself, and whether it lists the same
// tools in the same order every time. They run with the mcp target, on
// the facts a lint of a server is given (Options.Server).
var mcpLiveRules = []*Rule{
	{
		Entry: catalog.Entry{
			Code: "mcp/list-result-type", Severity: catalog.Error,
			Summary: "A tools/list result of MCP 2026-07-28 has no resultType, or one other than \"complete\".",
			Doc: `From MCP 2026-07-28 on, every result carries a "resultType": "complete"
for an ordinary result, "input_required" for the interim result of a
multi round-trip request. A client must take a result without it as
"complete" only from servers of earlier revisions, and any other value as
invalid; and tools/list is not among the requests that may answer
"input_required".

The issue points at the first tool of the page (at the list, for a page
without tools) and names the page.
Fix: answer tools/list with "resultType": "complete"; an SDK of the
revision does it for you.

Source: Model Context Protocol specification 2026-07-28, Base protocol,
Messages, "ResultType",
modelcontextprotocol.io/specification/2026-07-28/basic#resulttype, and
Multi Round-Trip Requests, "Supported Requests",
modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr#supported-requests.`,
		},
		Document: func(c *DocContext) {
			f := modernServer(c)
			if f == nil {
				return
			}
			for i, p := range f.Pages {
				switch v := string(p.ResultType); v {
				case `"complete"`:
				case "":
					liveReportPage(c, f, i, "has no \"resultType\"; a result of MCP 2026-07-28 says \"resultType\": \"complete\"", `Add "resultType": "complete" to the tools/list result.`)
				default:
					liveReportPage(c, f, i, "has \"resultType\": "+liveShortJSON(v)+"; a tools/list result is \"complete\"", `Answer tools/list with "resultType": "complete".`)
				}
			}
		},
	},
	{
		Entry: catalog.Entry{
			Code: "mcp/list-cache-hints", Severity: catalog.Error,
			Summary: "A tools/list result of MCP 2026-07-28 lacks ttlMs or cacheScope, or gives them values the specification does not allow.",
			Doc: `From MCP 2026-07-28 on, a server must give every tools/list result (each
page of it) caching hints: "ttlMs", an integer of milliseconds, 0 or
more, for which a client may take the list as fresh, and "cacheScope",
"public" when the list is the same for every user or "private" when it
is not, which says whether a shared cache may keep it. Every page of one
listing must have the same cacheScope. Without them a client assumes a
ttlMs of 0, and a gateway does not know whether it may share the list.

The issue points at the first tool of the page (at the list, for a page
without tools) and names the page.
Fix: add "ttlMs": 0 (or how long the list stays the same) and
"cacheScope": "public" (or "private") to every tools/list result.

Source: Model Context Protocol specification 2026-07-28, Server
utilities, Caching, "Cacheable Results", "Time-to-Live (TTL) Field",
"Cache Scope Field" and "Interaction with Pagination",
modelcontextprotocol.io/specification/2026-07-28/server/utilities/caching.`,
		},
		Document: func(c *DocContext) {
			f := modernServer(c)
			if f == nil {
				return
			}
			firstScope := ""
			for i, p := range f.Pages {
				if msg := liveTTLProblem(p.TTLMs); msg != "" {
					liveReportPage(c, f, i, msg, `Give the result "ttlMs": 0, or the milliseconds the list stays fresh.`)
				}
				scope := string(p.CacheScope)
				switch {
				case scope == "":
					liveReportPage(c, f, i, "has no \"cacheScope\"", `Give the result "cacheScope": "public", or "private" when the list depends on who asks.`)
				case scope != `"public"` && scope != `"private"`:
					liveReportPage(c, f, i, "has \"cacheScope\": "+liveShortJSON(scope)+"; it is \"public\" or \"private\"", `Write "cacheScope": "public" or "private".`)
				case firstScope == "":
					firstScope = scope
				case scope != firstScope:
					liveReportPage(c, f, i, "has \"cacheScope\": "+scope+", and page 1 of the listing "+firstScope+"; every page of a listing has the same", "Give every page of the listing the same cacheScope.")
				}
			}
		},
	},
	{
		Entry: catalog.Entry{
			Code: "mcp/tool-order-unstable", Severity: catalog.Warning,
			Summary: "A live server listed the same tools in another order when asked again.",
			Doc: `MCP 2026-07-28 asks servers to list their tools in a deterministic order:
the same order every time, as long as the tools are the same. Clients
cache the list by its content, and models see the tools in the prompt in
the order listed: a new order is a new prompt, and misses the model
provider's prompt cache. A server that builds its list from a hash map
(a Go map, a Python set) lists in an order that changes from one listing
to the next.

toolbench lists the tools twice in one session, and on a server reached
by URL once more on a second connection (for a list of at most 1,000
tools, where listing again is cheap); when a listing holds the same
tools in another order, the issue points at the first tool whose place
differs. It is a SHOULD, so the rule warns.
Fix: sort the tools (by name, say) before answering tools/list.

Source: Model Context Protocol specification 2026-07-28, Server features,
Tools, "Capabilities" ("Servers SHOULD return tools in a deterministic
order"),
modelcontextprotocol.io/specification/2026-07-28/server/tools#capabilities,
and the changelog, minor change 3.`,
		},
		Document: func(c *DocContext) {
			f := modernServer(c)
			if f == nil {
				return
			}
			names := liveToolNames(c)
			for _, again := range []struct {
				listing *Relisting
				what    string
			}{{f.Again, "a second listing in the same session"}, {f.Elsewhere, "a listing on a second connection"}} {
				other := liveRelistedNames(again.listing)
				if other == nil || slices.Equal(names, other) || !liveSameMultiset(names, other) {
					continue
				}
				i := liveFirstDifference(names, other)
				c.Report(liveToolNode(c, i), liveToolPath(c, i),
					fmt.Sprintf("this listing has %s at index %d, and %s had %s there: the same tools in another order", liveQuoteName(names[i]), i, again.what, liveQuoteName(other[i])),
					"List the tools in a fixed order, sorted by name for instance.")
				return
			}
		},
	},
	{
		Entry: catalog.Entry{
			Code: "mcp/tool-list-varies", Severity: catalog.Error,
			Summary: "A live server listed other tools, or tools written otherwise, on a second connection.",
			Doc: `From MCP 2026-07-28 on, the tools a server lists must not vary per
connection, nor as a side effect of other requests on a connection: the
protocol has no sessions, and a client, a gateway or a load balancer
may send any request on any connection. The list may change over time
(and list_changed says so), and it may depend on the authorization a
request carries, but two connections with the same credentials must see
the same tools.

toolbench compares the listing with one on a second connection, for a
server reached by URL and a list of at most 1,000 tools (a second start
of a spawned server would run its start-up again, and a spawned
server's connection is its process). A
tool missing from the other listing, or written otherwise there, is
reported at the tool; a tool only the other listing has, at the list.
Listings between which the server announced a change are not compared.
Fix: keep per-connection state out of what tools/list answers; a tool
that needs state takes a handle as an argument.

Source: Model Context Protocol specification 2026-07-28, Server features,
Tools, "Capabilities" ("MUST NOT vary per-connection") and "Stateful
Tools",
modelcontextprotocol.io/specification/2026-07-28/server/tools#capabilities,
and the changelog, major change 1.`,
		},
		Document: func(c *DocContext) {
			f := modernServer(c)
			if f == nil || f.Elsewhere == nil || f.Elsewhere.Changed {
				return
			}
			liveCompareConnections(c, f.Elsewhere)
		},
	},
}

// liveReportPage reports a problem of page i of the listing at its first
// tool, or at the list when the page has none.
func liveReportPage(c *DocContext, f *ServerFacts, i int, problem, hint string) {
	first := 0
	for _, p := range f.Pages[:i] {
		first += p.Tools
	}
	n, path := liveToolNode(c, first), liveToolPath(c, first)
	if f.Pages[i].Tools == 0 || n == nil {
		n, path = liveToolList(c)
	}
	c.Report(n, path, fmt.Sprintf("tools/list page %d of %d %s", i+1, len(f.Pages), problem), hint)
}

// liveTTLProblem says what is wrong with a page's ttlMs, "" when nothing is.
func liveTTLProblem(ttl []byte) string {
	v := string(ttl)
	if v == "" {
		return "has no \"ttlMs\""
	}
	n, err := strconv.ParseFloat(v, 64)
	switch {
	case err != nil || n != math.Trunc(n):
		return "has \"ttlMs\": " + liveShortJSON(v) + "; it is an integer of milliseconds"
	case n < 0:
		return "has \"ttlMs\": " + liveShortJSON(v) + "; it is 0 or more"
	}
	return ""
}

// liveShortJSON is a JSON value of a page, cut to a length a message takes.
func liveShortJSON(v string) string {
	const limit = 40
	if len(v) > limit {
		return v[:limit] + "..."
	}
	return v
}

// liveToolList is the document's list of tools and its path.
func liveToolList(c *DocContext) (*jsondoc.Node, string) {
	if len(c.Set.Lists) == 0 || c.Set.Lists[0].Node == nil {
		return c.Doc.Root, "$"
	}
	return c.Set.Lists[0].Node, c.Set.Lists[0].Path
}

// liveToolNode is the entry of index i of the list of tools, nil when there
// is none.
func liveToolNode(c *DocContext, i int) *jsondoc.Node {
	list, _ := liveToolList(c)
	if !list.Is(jsondoc.Array) || i >= list.Len() {
		return nil
	}
	return list.Elem(i)
}

func liveToolPath(c *DocContext, i int) string {
	_, path := liveToolList(c)
	return path + "[" + strconv.Itoa(i) + "]"
}

// liveToolNames are the names of the document's entries, in order: "" for an
// entry without a string name.
func liveToolNames(c *DocContext) []string {
	list, _ := liveToolList(c)
	var names []string
	for _, m := range list.Kids() {
		names = append(names, m.Value.Get("name").Text())
	}
	return names
}

// liveRelistedNames are the names of a relisting's tools, nil when there is
// none or the server announced a change meanwhile.
func liveRelistedNames(r *Relisting) []string {
	if r == nil || r.Changed {
		return nil
	}
	names := make([]string, 0, len(r.Tools))
	for _, t := range liveParseTools(r) {
		names = append(names, t.Get("name").Text())
	}
	return names
}

// liveParseTools reads a relisting's tools; one that is not JSON is kept as
// nil, which equals no tool of the document.
func liveParseTools(r *Relisting) []*jsondoc.Node {
	tools := make([]*jsondoc.Node, len(r.Tools))
	for i, t := range r.Tools {
		tools[i], _ = jsondoc.ParseValue("tool", string(t))
	}
	return tools
}

// liveSameMultiset reports whether a and b hold the same names as often.
func liveSameMultiset(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	return slices.Equal(slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b)))
}

// liveFirstDifference is the first index at which a and b differ.
func liveFirstDifference(a, b []string) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// liveCompareConnections reports where the listing of a second connection
// differs from the document's, tool by tool, matched by name.
func liveCompareConnections(c *DocContext, other *Relisting) {
	theirs := map[string]*jsondoc.Node{}
	var order []string
	for _, t := range liveParseTools(other) {
		name := t.Get("name").Text()
		if _, dup := theirs[name]; !dup {
			order = append(order, name)
		}
		theirs[name] = t
	}
	ours := map[string]bool{}
	list, _ := liveToolList(c)
	for i, m := range list.Kids() {
		name := m.Value.Get("name").Text()
		ours[name] = true
		t, ok := theirs[name]
		switch {
		case !ok:
			c.Report(m.Value, liveToolPath(c, i), "a second connection does not list the tool "+liveQuoteName(name)+": the tools must not vary per connection",
				"Answer tools/list alike on every connection.")
		case !jsondoc.Equal(m.Value, t):
			c.Report(m.Value, liveToolPath(c, i), "a second connection lists the tool "+liveQuoteName(name)+" otherwise: the tools must not vary per connection",
				"Answer tools/list alike on every connection.")
		}
	}
	var extra []string
	for _, name := range order {
		if !ours[name] {
			extra = append(extra, liveQuoteName(name))
		}
	}
	if len(extra) > 0 {
		n, path := liveToolList(c)
		c.Report(n, path, "a second connection lists "+strings.Join(extra, ", ")+", which this one does not: the tools must not vary per connection",
			"Answer tools/list alike on every connection.")
	}
}

// liveQuoteName is a tool's name in a message: quoted, escaped; "(no name)"
// for an entry without one.
func liveQuoteName(name string) string {
	if name == "" {
		return "(no name)"
	}
	return strconv.Quote(name)
}
