package tui

import (
	"encoding/json"
	"testing"
	"time"

	"toolbench/core/catalog"
	"toolbench/internal/proxy"
)

// trafficStart is when the test traffic begins, fixed so screens compare.
var trafficStart = time.Date(2026, 3, 14, 15, 9, 30, 0, time.UTC)

// trafficAt is the time ms milliseconds into the test traffic.
func trafficAt(ms float64) time.Time {
	return trafficStart.Add(time.Duration(ms * float64(time.Millisecond)))
}

// callParams is the params of a tools/call of tool with args, as a client
// writes them.
func callParams(tool, args string) json.RawMessage {
	return json.RawMessage(`{"name":"` + tool + `","arguments":` + args + `}`)
}

// sessionTraffic is a session through a proxy that holds the fake
// server's tools to a lock: the handshake; a listing with write_note
// withheld; a call relayed and answered; a call refused, which the
// proxy answers; a call whose result breaks its outputSchema; a
// list_changed; a call of the withheld tool, refused.
func sessionTraffic() []proxy.Event {
	missing := proxy.Finding{Code: "missing", Severity: catalog.Error, Text: "missing:city", Hint: "a required argument is absent: send it", Tool: "weather"}
	extra := proxy.Finding{Code: "extra", Severity: catalog.Error, Text: "extra:town", Hint: "the tool takes no such argument: drop it, or check its name", Tool: "weather"}
	withheld := proxy.Finding{Code: proxy.CodeWithheld, Severity: catalog.Error, Text: `tool "write_note" changed since it was locked; withheld from the client`,
		Hint: "toolbench verify shows the change; toolbench lock pins the tools as they are now, once they are reviewed", Tool: "write_note"}
	output := proxy.Finding{Code: "output", Severity: catalog.Error, Text: "output /temperature: got string, want number", Hint: "the result does not match the tool's outputSchema", Tool: "weather"}
	unknown := proxy.Finding{Code: "unknown_tool", Severity: catalog.Error, Text: "unknown_tool:write_note", Hint: "no tool of that name is listed: call one that is", Tool: "write_note"}
	req := func(ms float64, id, method, tool string, v proxy.Verdict, params json.RawMessage, fs ...proxy.Finding) proxy.Event {
		return proxy.Event{Time: trafficAt(ms), From: proxy.Client, To: proxy.Server, Kind: "request", Method: method, ID: json.RawMessage(id),
			Tool: tool, Bytes: 40 + len(params), Verdict: v, Params: params, Findings: fs}
	}
	resp := func(ms, took float64, from proxy.Peer, id, method, tool string, v proxy.Verdict, fs ...proxy.Finding) proxy.Event {
		return proxy.Event{Time: trafficAt(ms), From: from, To: proxy.Client, Kind: "response", Method: method, ID: json.RawMessage(id),
			Tool: tool, Bytes: 120, Latency: time.Duration(took * float64(time.Millisecond)), Verdict: v, Findings: fs}
	}
	listing := resp(11.2, 1.9, proxy.Server, "1", "tools/list", "", proxy.Filtered, withheld)
	listing.Result = json.RawMessage(fakeTools)
	return []proxy.Event{
		req(0, "0", "initialize", "", proxy.Relayed, nil),
		resp(2.1, 2.1, proxy.Server, "0", "initialize", "", proxy.Relayed),
		{Time: trafficAt(3), From: proxy.Client, To: proxy.Server, Kind: "notification", Method: "notifications/initialized", Bytes: 54, Verdict: proxy.Relayed},
		req(9.3, "1", "tools/list", "", proxy.Relayed, nil),
		listing,
		req(20, "2", "tools/call", "echo", proxy.Relayed, callParams("echo", `{"text":"hello"}`)),
		resp(23.4, 3.4, proxy.Server, "2", "tools/call", "echo", proxy.Relayed),
		req(31, "3", "tools/call", "weather", proxy.Refused, callParams("weather", `{"town":"Oslo"}`), missing, extra),
		resp(31.2, 0.2, proxy.Proxy, "3", "tools/call", "weather", proxy.Sent),
		req(40, "4", "tools/call", "weather", proxy.Relayed, callParams("weather", `{"city":"Oslo"}`)),
		resp(52.5, 12.5, proxy.Server, "4", "tools/call", "weather", proxy.Relayed, output),
		{Time: trafficAt(60), From: proxy.Server, To: proxy.Client, Kind: "notification", Method: "notifications/tools/list_changed", Bytes: 62, Verdict: proxy.Relayed},
		req(70, "5", "tools/call", "write_note", proxy.Refused, callParams("write_note", `{"text":"buy milk"}`), unknown),
		resp(70.1, 0.1, proxy.Proxy, "5", "tools/call", "write_note", proxy.Sent),
		req(80, "6", "tools/call", "echo", proxy.Relayed, callParams("echo", `{"text":"still there?"}`)),
	}
}

// trafficOf is events as the feed's reader hands them to Update.
func trafficOf(events ...proxy.Event) trafficMsg {
	msg := trafficMsg{}
	for i := range events {
		msg.rows = append(msg.rows, newTrafficRow(&events[i]))
	}
	return msg
}

// withTraffic runs events through Update as a batch of the feed. The
// command that reads the next batch is dropped: it would wait for the
// feed.
func withTraffic(t testing.TB, m model, events ...proxy.Event) model {
	t.Helper()
	next, _ := m.Update(trafficOf(events...))
	return next.(model)
}

// proxyModel is the workbench beside a proxy, on the fake server, at
// w x h, with the session's traffic arrived and the focus on Traffic.
func proxyModel(t testing.TB, w, h int) model {
	t.Helper()
	m := fakeServerWith(t, newFakeSession(), fakeTools, Options{Traffic: NewTrafficFeed(0)}, w, h)
	m = withTraffic(t, m, sessionTraffic()...)
	m.setFocus(paneTraffic)
	return m
}
