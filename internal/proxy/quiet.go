package proxy

import (
	"slices"
	"strings"
	"time"

	"toolbench/internal/jsonrpc"
)

// A server that ignores a cancel may flood the proxy with progress for
// the request it cancelled (millions of notifications a minute), or log
// lines on its stream, and a server shared by clients that keep no
// session with messages tied to none of their requests. The progress
// and the unrouted are dropped, the log lines passed on; in the record,
// the first of a run is a line in full and the rest are counted, to one
// line that sums them up once the run ends: its token is used again by
// a new request, the cancelled request's late answer comes, or the
// session ends. A flood costs the record two lines.

// A run is messages that came alike after the first of them, and became
// of what it did: stale progress of one token, log lines of one request
// given up (passed on, or dropped), or unrouted messages of one kind.
type run struct {
	first Event // the first's line, without its findings
	why   string
	n     int64 // the messages left out of the record since
	bytes int64 // their size together
}

// The runs a session keeps: one for each progress token, request and
// kind at most, and past maxWaiting of them the oldest is summed up at once.
func newRuns() *fifo[*run] { return newFIFO[*run](maxWaiting, 0, nil) }

// Run keys: stale progress by its token, unrouted messages by their
// kind, log lines of a request given up by its key and their verdict.
func staleRun(tok []byte) string     { return "p" + idKey(tok) }
func unroutedRun(kind string) string { return "u" + kind }
func givenUpRun(key string, v Verdict) string {
	return "g" + string(v) + " " + key
}

// oneMethod reports whether the messages of the run of key share their
// first's method, which the line summing them up then names: all but
// the unrouted of a kind.
func oneMethod(key string) bool { return !strings.HasPrefix(key, "u") }

// eventUnlessCounted is the event of m, which has just come and is to
// be dropped in the run of key, placed in the record; nil, and m counted
// in the run, once the run has its first.
func (s *session) eventUnlessCounted(key string, m *jsonrpc.Message) *Event {
	if s.countInRun(key, len(m.Raw)) {
		return nil
	}
	return s.event(Server, Client, m)
}

// countInRun counts a message of size bytes in the run of key and
// reports true, once the run has its first; false, counting nothing,
// before, or when nothing records.
func (s *session) countInRun(key string, size int) bool {
	if s.rec == nil {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.runs.get(key)
	if ok {
		r.n++
		r.bytes += int64(size)
	}
	return ok
}

// inRun reports whether the run of key has its first.
func (s *session) inRun(key string) bool {
	if s.rec == nil {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.runs.get(key)
	return ok
}

// quietly records ev, placed, of a message dropped in the run of key,
// in full when it is the first of the run and reports false; else it
// gives up ev's place, counts the message in the run and reports true.
// why says, in the line that sums the run up, what the messages were.
func (s *session) quietly(key string, ev *Event, why string) bool {
	if s.rec == nil {
		return false
	}
	s.mu.Lock()
	if r, ok := s.runs.get(key); ok {
		r.n++
		r.bytes += int64(ev.Bytes)
		s.mu.Unlock()
		s.forgo(ev)
		return true
	}
	first := Event{Time: ev.Time, From: ev.From, To: ev.To, Kind: ev.Kind, Verdict: ev.Verdict}
	if oneMethod(key) {
		first.Method = ev.Method
	}
	ended := s.runs.put(key, &run{first: first, why: why})
	s.mu.Unlock()
	for _, r := range ended {
		s.sumUp(r)
	}
	s.emit(ev)
	return false
}

// endRuns sums up every run, as the session ends, oldest first.
func (s *session) endRuns() {
	s.mu.Lock()
	var all []*run
	for _, r := range s.runs.all {
		all = append(all, r)
	}
	s.runs = newRuns()
	s.mu.Unlock()
	slices.SortFunc(all, func(a, b *run) int { return a.first.Time.Compare(b.first.Time) })
	for _, r := range all {
		s.sumUp(r)
	}
}

// sumUp records the line that stands for the messages of r left out of
// the record, when there are any: the first's who, kind and verdict,
// their count and size together, and the first's time.
func (s *session) sumUp(r *run) {
	if r == nil || r.n == 0 || s.rec == nil {
		return
	}
	e := r.first
	e.Time = time.Time{}
	e.Bytes, e.Repeats, e.Of = int(r.bytes), r.n, r.first.Time
	e.Why = r.why
	s.rec.emit(&e)
}
