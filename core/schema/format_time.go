package schema

import (
	"errors"
	"fmt"
	"strings"
)

// The RFC 3339 formats are checked by hand: time.Parse accepts what RFC
// 3339 does not (a one-digit hour, a missing offset), knows no leap
// second, and strconv would take a sign where the ABNF wants digits.

// checkDate checks full-date = date-fullyear "-" date-month "-" date-mday.
func checkDate(s string) error {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return errors.New("want YYYY-MM-DD")
	}
	y, ok1 := digitsValue(s[0:4])
	m, ok2 := digitsValue(s[5:7])
	d, ok3 := digitsValue(s[8:10])
	if !ok1 || !ok2 || !ok3 {
		return errors.New("want YYYY-MM-DD in ASCII digits")
	}
	if m < 1 || m > 12 {
		return fmt.Errorf("month %02d is not 01 to 12", m)
	}
	if d < 1 || d > daysIn(y, m) {
		return fmt.Errorf("day %02d is not in month %04d-%02d", d, y, m)
	}
	return nil
}

// daysIn is the number of days of month m of year y (RFC 3339 §5.7).
func daysIn(y, m int) int {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// checkTime checks full-time = partial-time time-offset, with a leap
// second only where UTC is 23:59 (RFC 3339 §5.7).
func checkTime(s string) error {
	if len(s) < 9 || s[2] != ':' || s[5] != ':' {
		return errors.New("want hh:mm:ss and an offset")
	}
	h, ok1 := digitsValue(s[0:2])
	m, ok2 := digitsValue(s[3:5])
	sec, ok3 := digitsValue(s[6:8])
	if !ok1 || !ok2 || !ok3 {
		return errors.New("want hh:mm:ss in ASCII digits")
	}
	if h > 23 || m > 59 || sec > 60 {
		return fmt.Errorf("%s is not a time of day", s[:8])
	}
	rest := s[8:]
	if frac, ok := strings.CutPrefix(rest, "."); ok {
		n := 0
		for n < len(frac) && isDigit(frac[n]) {
			n++
		}
		if n == 0 {
			return errors.New("a '.' with no digits after it")
		}
		rest = frac[n:]
	}
	offset, err := timeOffset(rest)
	if err != nil {
		return err
	}
	if sec == 60 {
		utc := ((h*60+m-offset)%(24*60) + 24*60) % (24 * 60)
		if utc != 23*60+59 {
			return errors.New("a leap second is only at 23:59:60 UTC")
		}
	}
	return nil
}

// timeOffset reads time-offset = "Z" / ("+" / "-") hh ":" mm, in minutes.
func timeOffset(s string) (int, error) {
	if s == "Z" || s == "z" {
		return 0, nil
	}
	if len(s) != 6 || s[0] != '+' && s[0] != '-' || s[3] != ':' {
		return 0, errors.New("want an offset, Z or ±hh:mm")
	}
	h, ok1 := digitsValue(s[1:3])
	m, ok2 := digitsValue(s[4:6])
	if !ok1 || !ok2 || h > 23 || m > 59 {
		return 0, fmt.Errorf("offset %s is not ±hh:mm", s)
	}
	if s[0] == '-' {
		return -(h*60 + m), nil
	}
	return h*60 + m, nil
}

// checkDateTime checks date-time = full-date "T" full-time; "T" and "Z"
// may be lower case (RFC 3339 §5.6, NOTE).
func checkDateTime(s string) error {
	if len(s) < 11 || s[10] != 'T' && s[10] != 't' {
		return errors.New("want a full-date, T and a full-time")
	}
	if err := checkDate(s[:10]); err != nil {
		return err
	}
	return checkTime(s[11:])
}

// digitsValue reads a string of ASCII digits.
func digitsValue(s string) (int, bool) {
	v := 0
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return 0, false
		}
		v = v*10 + int(s[i]-'0')
	}
	return v, s != ""
}

// checkDuration checks the duration of RFC 3339 Appendix A:
//
//	duration = "P" (dur-date / dur-time / dur-week)
//	dur-date = (dur-day / dur-month / dur-year) [dur-time]
//	dur-time = "T" (dur-hour / dur-minute / dur-second)
//
// where each unit may be followed only by the next smaller one: Y by M,
// M by D, H by M, M by S. So the units of each part are a run of "YMD"
// or "HMS" without gaps: P1Y2D and PT1H2S are not durations.
func checkDuration(s string) error {
	rest, ok := strings.CutPrefix(s, "P")
	if !ok {
		return errors.New("a duration starts with P")
	}
	if w, ok := strings.CutSuffix(rest, "W"); ok {
		if _, ok := digitsValue(w); !ok {
			return errors.New("a week duration is P, digits and W, alone")
		}
		return nil
	}
	date, clock, hasT := strings.Cut(rest, "T")
	if date == "" && !hasT {
		return errors.New("no elements after P")
	}
	if err := durationPart(date, "YMD"); err != nil {
		return err
	}
	if !hasT {
		return nil
	}
	if clock == "" {
		return errors.New("no elements after T")
	}
	return durationPart(clock, "HMS")
}

// durationPart checks a run of digit-unit elements whose units are a
// contiguous run of units.
func durationPart(s, units string) error {
	next := -1 // index in units the next element must have, once started
	for s != "" {
		n := 0
		for n < len(s) && isDigit(s[n]) {
			n++
		}
		if n == 0 || n == len(s) {
			return fmt.Errorf("%q is not digits and a unit", s)
		}
		i := strings.IndexByte(units, s[n])
		switch {
		case i < 0:
			return fmt.Errorf("%q is not a unit here, want one of %s", s[n], units)
		case next >= 0 && i != next:
			return fmt.Errorf("unit %c cannot follow the one before it", s[n])
		}
		next = i + 1
		s = s[n+1:]
	}
	return nil
}

// checkPeriod checks the period of RFC 3339 Appendix A: two date-times,
// or a date-time and a duration, either way round, joined by "/". The
// date-times are RFC 3339's, the profile, not all of ISO 8601's.
func checkPeriod(s string) error {
	start, end, ok := strings.Cut(s, "/")
	if !ok {
		return errors.New("a period is two parts joined by /")
	}
	if strings.HasPrefix(start, "P") {
		if err := checkDuration(start); err != nil {
			return fmt.Errorf("start: %w", err)
		}
		if err := checkDateTime(end); err != nil {
			return fmt.Errorf("end: %w", err)
		}
		return nil
	}
	if err := checkDateTime(start); err != nil {
		return fmt.Errorf("start: %w", err)
	}
	check := checkDateTime
	if strings.HasPrefix(end, "P") {
		check = checkDuration
	}
	if err := check(end); err != nil {
		return fmt.Errorf("end: %w", err)
	}
	return nil
}
