package tui

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/viewport"

	"toolbench/core/termtext"
)

// messageView is one message of the traffic over the panes: what it is,
// every finding with its hint, and for a call its answer and its params
// as written, indented. Everything in it is escaped.
type messageView struct {
	paneBase
	vp     viewport.Model
	title  string     // "tools/call search #7", escaped
	row    trafficRow // the message, as it was when the view opened
	answer trafficRow // a call's answer, when has says there is one
	has    bool
}

func newMessageView(st *styles, keys *keyMap) messageView {
	return messageView{paneBase: newPaneBase(st, keys), vp: newViewport()}
}

// open shows row r of the traffic titled title, and for a call its
// answer a (nil when there is none). They are copied: the traffic's rows
// are reused as it moves on.
func (v *messageView) open(r, a *trafficRow, title string) {
	v.row, v.answer, v.has, v.title = *r, trafficRow{}, a != nil, title
	if a != nil {
		v.answer = *a
	}
	v.vp.GotoTop()
	v.build()
}

// SetSize sets the view's outer size.
func (v *messageView) SetSize(w, h int) {
	v.paneBase.SetSize(w, h)
	v.vp.SetWidth(v.innerWidth())
	v.vp.SetHeight(v.innerHeight())
	v.build()
}

func (v *messageView) setStyles(st *styles) {
	v.paneBase.setStyles(st)
	v.build()
}

func (v *messageView) build() {
	if v.row.seq == 0 {
		return // never opened: every row of the traffic has a seq
	}
	v.vp.SetContentLines(messageLines(v.st, &v.row, v.has, &v.answer, v.innerWidth()))
}

// View draws the view.
func (v messageView) View() string {
	return v.frame("Message "+v.title, withScroll(v.vp, "v or esc closes"), v.vp.View())
}

// maxParamLines is the most lines of a call's params the view shows.
const maxParamLines = 2000

// messageLines is the whole of r in lines w cells wide, and of a, its
// answer, when has says there is one.
func messageLines(st *styles, r *trafficRow, has bool, a *trafficRow, w int) []string {
	field := func(name, value string) string {
		return clip(" "+st.header.Render(fit(name, 9))+" "+value, w)
	}
	lines := []string{
		field("time", shown(r.time.Format("2006-01-02 15:04:05.000000 Z07:00"), maxName)),
		field("from→to", r.dir+st.muted.Render("  (c client, s server, p the proxy)")),
		field("kind", r.kind),
	}
	if r.method != "" {
		lines = append(lines, field("method", r.method))
	}
	if r.tool != "" {
		lines = append(lines, field("tool", st.name.Render(r.tool)))
	}
	if r.rawID != "" {
		lines = append(lines, field("id", r.id()))
	}
	lines = append(lines, field("bytes", groupDigits(r.bytes)), field("verdict", verdictWords(st, r)))
	if r.kind == "response" {
		lines = append(lines, field("latency", latency(r.latency)+st.muted.Render(" since its request reached the proxy")))
	}
	if !r.of.IsZero() {
		lines = append(lines, field("of", r.ofNote()+st.muted.Render(": "+r.why)))
	}
	if r.dropped > 0 {
		lines = append(lines, field("dropped", st.warn.Render(termtext.Plural(int(r.dropped), "event")+" just before this one: the proxy's queue was full")))
	}
	lines = append(lines, "")
	lines = append(lines, findingLines(st, "findings", r, w)...)
	if r.call {
		lines = append(lines, "")
		switch {
		case has:
			lines = append(lines, " "+st.header.Render("answer")+" "+clip(a.dir+" · "+groupDigits(a.bytes)+" bytes · "+verdictWords(st, a)+" · "+latency(a.latency), max(w-8, 1)))
			lines = append(lines, findingLines(st, "its findings", a, w)...)
		case r.answer != 0:
			lines = append(lines, " "+st.header.Render("answer")+st.muted.Render(" no longer kept"))
		default:
			lines = append(lines, " "+st.header.Render("answer")+st.muted.Render(" none seen yet"))
		}
		lines = append(lines, "")
		lines = append(lines, paramLines(st, r, w)...)
	}
	return lines
}

// verdictWords is what the proxy did with the message, in words, and
// what became of it after, when a later row said.
func verdictWords(st *styles, r *trafficRow) string {
	words := verdictOnly(st, string(r.verdict))
	if r.lost != "" {
		words += st.muted.Render("; ") + st.err.Render("never written") + st.muted.Render(": "+r.lost)
	}
	return words
}

// verdictOnly is a verdict in words.
func verdictOnly(st *styles, verdict string) string {
	v := shown(verdict, maxName)
	switch verdict {
	case "refused":
		return st.err.Render(v) + st.muted.Render(": kept from its peer and answered by the proxy")
	case "dropped":
		return st.err.Render(v) + st.muted.Render(": kept from its peer, not answered")
	case "filtered":
		return st.err.Render(v) + st.muted.Render(": passed on with tools withheld")
	case "relayed":
		return st.ok.Render(v) + st.muted.Render(": passed on as received")
	case "sent":
		return v + st.muted.Render(": the proxy's own")
	}
	return v
}

// findingLines is r's findings under a heading: each with its severity,
// code and text, its tool and its hint wrapped under it.
func findingLines(st *styles, heading string, r *trafficRow, w int) []string {
	if r.nFindings == 0 {
		return []string{" " + st.header.Render(heading) + st.muted.Render(" none")}
	}
	lines := []string{" " + st.header.Render(heading) + st.muted.Render(" "+strconv.Itoa(r.nFindings))}
	if r.findings == nil {
		return append(lines, st.muted.Render(clip("   "+r.codes+" (the details of older rows are not kept)", w)))
	}
	for _, f := range r.findings {
		head := "   " + st.severityMark(f.sev) + " " + st.code.Render(f.code) + " "
		for i, l := range termtext.Wrap(f.text, max(w-width(head), minWrap), termtext.BreakLongWords) {
			if i == 0 {
				lines = append(lines, clip(head+l, w))
			} else {
				lines = append(lines, clip(strings.Repeat(" ", width(head))+l, w))
			}
		}
		if f.tool != "" {
			lines = append(lines, clip("       "+st.muted.Render("tool ")+f.tool, w))
		}
		for _, l := range termtext.Wrap(f.hint, max(w-13, minWrap), termtext.BreakLongWords) {
			lines = append(lines, clip("       "+st.hint.Render("hint ")+l, w))
		}
	}
	if more := r.nFindings - len(r.findings); more > 0 {
		lines = append(lines, st.muted.Render(clip("   … "+strconv.Itoa(more)+" more, in the proxy's record", w)))
	}
	return lines
}

// paramLines is a call's params as written, indented, each line escaped;
// or why they are not here.
func paramLines(st *styles, r *trafficRow, w int) []string {
	head := " " + st.header.Render("params")
	if r.params == nil {
		why := " not kept: " + groupDigits(r.paramBytes) + " bytes, more than the workbench keeps"
		if r.paramBytes <= maxKeptParams {
			why = " no longer kept (the details of older rows are not)"
		}
		return []string{head + st.muted.Render(clip(why, max(w-8, 1)))}
	}
	lines := []string{head + st.muted.Render(" as written · enter in Traffic opens them in the tester")}
	var b bytes.Buffer
	text := r.params
	if json.Indent(&b, r.params, "", "  ") == nil {
		text = b.Bytes()
	}
	all := strings.Split(string(text), "\n")
	for i, l := range all {
		if i == maxParamLines {
			lines = append(lines, st.muted.Render("   … "+groupDigits(len(all)-i)+" more lines"))
			break
		}
		lines = append(lines, "   "+clip(shown(l, maxText), max(w-3, 1)))
	}
	return lines
}
