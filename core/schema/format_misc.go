package schema

import (
	"errors"
	"fmt"
	"net/netip"
	"strings"
)

// checkIPv4 checks dotted-quad (RFC 2673 §3.2): four decimal numbers of
// at most 255. A number may not have a leading zero, as in RFC 3986's
// dec-octet: inet_aton reads "010" as octal 8, so the string would name
// two addresses (RFC 6943 §3.1.1).
func checkIPv4(s string) error {
	parts := strings.Split(s, ".")
	if len(parts) != 4 {
		return errors.New("want four decimal numbers joined by dots")
	}
	for _, p := range parts {
		v, ok := digitsValue(p)
		switch {
		case !ok || len(p) > 3:
			return fmt.Errorf("%q is not a decimal number of up to three digits", p)
		case len(p) > 1 && p[0] == '0':
			return fmt.Errorf("%q has a leading zero", p)
		case v > 255:
			return fmt.Errorf("%s is above 255", p)
		}
	}
	return nil
}

// checkIPv6 checks the text form of RFC 4291 §2.2, which netip parses,
// without the zone netip also accepts: a zone is not part of an address.
func checkIPv6(s string) error {
	if !strings.Contains(s, ":") {
		return errors.New("an IPv6 address has colons")
	}
	a, err := netip.ParseAddr(s)
	if err != nil {
		return err
	}
	if a.Zone() != "" {
		return errors.New("a zone is not part of an IPv6 address")
	}
	return nil
}

// checkUUID checks the string form of RFC 4122 §3: 32 hex digits in
// groups of 8, 4, 4, 4 and 12. Any version and variant nibble is allowed:
// the format is the syntax, not a registry.
func checkUUID(s string) error {
	if len(s) != 36 {
		return errors.New("want 36 characters, 8-4-4-4-12 hex digits")
	}
	for i := 0; i < len(s); i++ {
		dash := i == 8 || i == 13 || i == 18 || i == 23
		if dash && s[i] != '-' || !dash && !isHex(s[i]) {
			return errors.New("want 8-4-4-4-12 hex digits")
		}
	}
	return nil
}

// checkJSONPointer checks json-pointer = *( "/" reference-token ) (RFC
// 6901 §3), where "~" must begin "~0" or "~1".
func checkJSONPointer(s string) error {
	if s == "" {
		return nil
	}
	if s[0] != '/' {
		return errors.New("a JSON pointer is empty or starts with /")
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '~' && (i+1 == len(s) || s[i+1] != '0' && s[i+1] != '1') {
			return fmt.Errorf("~ at offset %d is not ~0 or ~1", i)
		}
	}
	return nil
}

// checkRelativeJSONPointer checks a relative JSON pointer
// (draft-handrews-relative-json-pointer-01 §3): a non-negative integer
// without leading zeros, then "#" or a JSON pointer.
func checkRelativeJSONPointer(s string) error {
	n := 0
	for n < len(s) && isDigit(s[n]) {
		n++
	}
	switch {
	case n == 0:
		return errors.New("a relative JSON pointer starts with a non-negative integer")
	case n > 1 && s[0] == '0':
		return errors.New("the integer has a leading zero")
	}
	if s[n:] == "#" {
		return nil
	}
	return checkJSONPointer(s[n:])
}

// checkSemver checks a version by the grammar of Semantic Versioning
// 2.0.0: MAJOR.MINOR.PATCH, an optional "-" and dot-separated
// pre-release identifiers, an optional "+" and build identifiers. Numbers
// have no leading zeros; nor do numeric pre-release identifiers.
func checkSemver(s string) error {
	s, build, hasBuild := strings.Cut(s, "+")
	if hasBuild {
		if err := semverIdents(build, false); err != nil {
			return fmt.Errorf("build: %w", err)
		}
	}
	core, pre, hasPre := strings.Cut(s, "-")
	if hasPre {
		if err := semverIdents(pre, true); err != nil {
			return fmt.Errorf("pre-release: %w", err)
		}
	}
	nums := strings.Split(core, ".")
	if len(nums) != 3 {
		return errors.New("want MAJOR.MINOR.PATCH")
	}
	for _, n := range nums {
		if _, ok := digitsValue(n); !ok || len(n) > 1 && n[0] == '0' {
			return fmt.Errorf("%q is not a number without leading zeros", n)
		}
	}
	return nil
}

func semverIdents(s string, numericNoZero bool) error {
	for _, id := range strings.Split(s, ".") {
		if id == "" {
			return errors.New("empty identifier")
		}
		numeric := true
		for i := 0; i < len(id); i++ {
			c := id[i]
			switch {
			case isDigit(c):
			case c == '-' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
				numeric = false
			default:
				return fmt.Errorf("%q has a character other than [0-9A-Za-z-]", id)
			}
		}
		if numericNoZero && numeric && len(id) > 1 && id[0] == '0' {
			return fmt.Errorf("numeric identifier %q has a leading zero", id)
		}
	}
	return nil
}
