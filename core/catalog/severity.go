package catalog

import "fmt"

// Severity says how much a finding matters: an error fails a run, a
// warning fails it only when asked to, and a note says what was found or
// left unchecked and fails nothing.
type Severity uint8

// The severities, most severe first.
const (
	Error Severity = iota + 1
	Warning
	Note
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	case Note:
		return "note"
	}
	return "unknown"
}

// MarshalText writes the severity as "error", "warning" or "note".
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads "error", "warning" or "note".
func (s *Severity) UnmarshalText(b []byte) error {
	for _, sev := range []Severity{Error, Warning, Note} {
		if string(b) == sev.String() {
			*s = sev
			return nil
		}
	}
	return fmt.Errorf("unknown severity %q", b)
}
