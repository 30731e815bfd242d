package live

import (
	"context"

	"toolbench/core/lint"
	"toolbench/internal/mcpclient"
)

// Facts returns what a server's listing shows beyond its tools, as the
// linter takes it (lint.Options.Server): the session's revision and what
// each page said of itself. It costs nothing more than the listing.
func Facts(list *mcpclient.ToolList) *lint.ServerFacts {
	f := &lint.ServerFacts{ProtocolVersion: list.ProtocolVersion}
	for _, p := range list.Pages {
		f.Pages = append(f.Pages, lint.PageFacts{Tools: p.Tools, ResultType: p.ResultType, TTLMs: p.TTLMs, CacheScope: p.CacheScope})
	}
	return f
}

// Survey returns the facts of first, a listing of c's server, with the
// listings the rules of a tool order that changes and of a list that
// varies per connection compare it with. On a server of MCP 2026-07-28
// or later, which those rules are for, it lists the tools again in the
// same session, and, for a server reached by URL, once on a second
// connection, which it then closes.
//
// What it costs: a second listing in the session costs what the first
// did, 5 to 15 milliseconds for 20 tools over HTTP here, and a second
// connection over HTTP a handshake and a listing more; for 5,000 tools a
// listing takes from 0.3 to 0.9 s, and the survey would more than double
// the time of a lint. So a listing of more than SurveyLimit tools is not
// surveyed. A spawned server gets no second connection: that would start
// a second process (a second npx run, and whatever the server does when
// it starts), and a spawned server has only the one connection its
// process is, so there is no other to vary by.
//
// A listing that fails is left out (the rules have nothing to compare
// it with): the lint of the first listing does not depend on it.
func Survey(ctx context.Context, c *mcpclient.Client, first *mcpclient.ToolList) *lint.ServerFacts {
	f := Facts(first)
	if !mcpclient.IsModern(first.ProtocolVersion) || first.Tools > SurveyLimit {
		return f
	}
	if again, err := c.ListTools(ctx); err == nil {
		f.Again = relisting(again, c.Changes() != first.Changes)
	}
	spec := c.Spec()
	if spec.URL == "" {
		return f
	}
	other, err := mcpclient.Connect(ctx, spec)
	if err != nil {
		return f
	}
	defer other.Close()
	if list, err := other.ListTools(ctx); err == nil {
		f.Elsewhere = relisting(list, other.Changes() != 0 || c.Changes() != first.Changes)
	}
	return f
}

// SurveyLimit is the most tools a listing may hold for Survey to list
// them again.
const SurveyLimit = 1000

// relisting is a listing's tools, as the rules compare them.
func relisting(list *mcpclient.ToolList, changed bool) *lint.Relisting {
	return &lint.Relisting{Tools: list.Entries, Changed: changed}
}
