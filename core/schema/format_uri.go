package schema

import (
	"errors"
	"fmt"
	"net/netip"
	"strings"
	"unicode/utf8"
)

// URIs and IRIs are checked against the ABNF of RFC 3986 and RFC 3987 by
// hand: net/url parses leniently by design (it takes spaces, "{", "|"
// and non-ASCII in paths) and is strict where RFC 3986 is not (a
// percent-encoded reg-name).

// checkURI checks URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ].
func checkURI(s string) error { return checkRef(s, false, true) }

// checkURIReference checks URI-reference = URI / relative-ref.
func checkURIReference(s string) error { return checkRef(s, false, false) }

// checkIRI checks RFC 3987's IRI: a URI that may also hold non-ASCII
// characters (ucschar, and iprivate in the query).
func checkIRI(s string) error { return checkRef(s, true, true) }

// checkIRIReference checks RFC 3987's IRI-reference.
func checkIRIReference(s string) error { return checkRef(s, true, false) }

// checkRef checks a URI or IRI reference; absolute asks for a scheme.
func checkRef(s string, iri, absolute bool) error {
	rest, frag, hasFrag := strings.Cut(s, "#")
	if hasFrag {
		if err := checkChars(frag, iri, ":@/?", false); err != nil {
			return fmt.Errorf("fragment: %w", err)
		}
	}
	rest, query, hasQuery := strings.Cut(rest, "?")
	if hasQuery {
		if err := checkChars(query, iri, ":@/?", true); err != nil {
			return fmt.Errorf("query: %w", err)
		}
	}
	scheme, hier, ok := cutScheme(rest)
	if ok {
		if err := checkScheme(scheme); err != nil {
			return err
		}
		rest = hier
	} else if absolute {
		return errors.New("no scheme: a relative reference")
	}
	if auth, ok := strings.CutPrefix(rest, "//"); ok {
		auth, path, _ := strings.Cut(auth, "/")
		if err := checkAuthority(auth, iri); err != nil {
			return err
		}
		return checkPath(path, iri)
	}
	if !ok && !strings.HasPrefix(rest, "/") {
		// path-noscheme: the first segment may not hold a colon, which
		// would make it read as a scheme.
		first, _, _ := strings.Cut(rest, "/")
		if strings.Contains(first, ":") {
			return fmt.Errorf("%q: a colon in a relative path's first segment", first)
		}
	}
	return checkPath(rest, iri)
}

// cutScheme splits off what precedes the first ":" when no "/" comes
// before it: the scheme, or, in a relative reference, an error that
// checkRef reports.
func cutScheme(s string) (scheme, rest string, ok bool) {
	i := strings.IndexAny(s, ":/")
	if i <= 0 || s[i] != ':' || !isAlpha(s[0]) {
		return "", s, false
	}
	return s[:i], s[i+1:], true
}

// checkScheme checks scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
func checkScheme(s string) error {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isAlpha(c) && (i == 0 || !isDigit(c) && c != '+' && c != '-' && c != '.') {
			return fmt.Errorf("scheme %q: %q is not allowed", s, c)
		}
	}
	return nil
}

// checkAuthority checks authority = [ userinfo "@" ] host [ ":" port ].
func checkAuthority(s string, iri bool) error {
	userinfo, host, hasUser := strings.Cut(s, "@")
	if !hasUser {
		host = userinfo
	} else if err := checkChars(userinfo, iri, ":", false); err != nil {
		return fmt.Errorf("userinfo: %w", err)
	}
	port := ""
	if strings.HasPrefix(host, "[") {
		end := strings.IndexByte(host, ']')
		if end < 0 {
			return errors.New("'[' with no ']' in the host")
		}
		if err := checkIPLiteral(host[1:end]); err != nil {
			return err
		}
		rest := host[end+1:]
		if rest != "" && rest[0] != ':' {
			return fmt.Errorf("%q after the IP literal", rest)
		}
		port = strings.TrimPrefix(rest, ":")
	} else {
		var hasPort bool
		host, port, hasPort = strings.Cut(host, ":")
		if hasPort && port == "" {
			port = "0" // an empty port is allowed: port = *DIGIT
		}
		if err := checkChars(host, iri, "", false); err != nil {
			return fmt.Errorf("host: %w", err)
		}
	}
	for i := 0; i < len(port); i++ {
		if !isDigit(port[i]) {
			return fmt.Errorf("port %q is not digits", port)
		}
	}
	return nil
}

// checkIPLiteral checks what is between "[" and "]": an IPv6address or
// IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ).
func checkIPLiteral(s string) error {
	if s != "" && (s[0] == 'v' || s[0] == 'V') {
		ver, rest, ok := strings.Cut(s[1:], ".")
		if !ok || ver == "" || rest == "" || strings.IndexFunc(ver, func(r rune) bool { return r > 0x7f || !isHex(byte(r)) }) >= 0 {
			return fmt.Errorf("[%s] is not an IPvFuture literal", s)
		}
		for i := 0; i < len(rest); i++ {
			if !isUnreserved(rest[i]) && !isSubDelim(rest[i]) && rest[i] != ':' {
				return fmt.Errorf("[%s]: %q is not allowed", s, rest[i])
			}
		}
		return nil
	}
	a, err := netip.ParseAddr(s)
	if err != nil || !a.Is6() || a.Zone() != "" {
		return fmt.Errorf("[%s] is not an IPv6 address", s)
	}
	return nil
}

// checkPath checks a path: segments of pchar joined by "/".
func checkPath(s string, iri bool) error {
	if err := checkChars(s, iri, ":@/", false); err != nil {
		return fmt.Errorf("path: %w", err)
	}
	return nil
}

// checkChars checks that s holds only unreserved characters, sub-delims,
// percent-encodings and the bytes in extra: ":" and "@" make pchar (RFC
// 3986 §3.3), a reg-name has neither. With iri, ucschar is allowed too,
// and with private also iprivate (RFC 3987 §2.2, which allows it in the
// query only).
func checkChars(s string, iri bool, extra string, private bool) error {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return fmt.Errorf("%% at offset %d does not begin a percent-encoding", i)
			}
			i += 3
			continue
		case c < utf8.RuneSelf:
			if !isUnreserved(c) && !isSubDelim(c) && strings.IndexByte(extra, c) < 0 {
				return fmt.Errorf("%q is not allowed", c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if !iri || !isUCSChar(r) && !(private && isIPrivate(r)) {
			return fmt.Errorf("%q must be percent-encoded", r)
		}
		i += n
	}
	return nil
}

func isAlpha(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// isUnreserved is RFC 3986's unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~".
func isUnreserved(c byte) bool {
	return isAlpha(c) || isDigit(c) || c == '-' || c == '.' || c == '_' || c == '~'
}

// isSubDelim is RFC 3986's sub-delims.
func isSubDelim(c byte) bool { return strings.IndexByte("!$&'()*+,;=", c) >= 0 }

// isUCSChar is RFC 3987's ucschar.
func isUCSChar(r rune) bool {
	switch {
	case 0xA0 <= r && r <= 0xD7FF, 0xF900 <= r && r <= 0xFDCF, 0xFDF0 <= r && r <= 0xFFEF:
		return true
	case 0x10000 <= r && r <= 0xEFFFD:
		// %x10000-1FFFD / %x20000-2FFFD / ... / %xE1000-EFFFD: each
		// plane but its last two code points, which are noncharacters,
		// and in plane E only from E1000.
		return r&0xFFFF <= 0xFFFD && (r < 0xE0000 || r >= 0xE1000)
	}
	return false
}

// isIPrivate is RFC 3987's iprivate.
func isIPrivate(r rune) bool {
	return 0xE000 <= r && r <= 0xF8FF || 0xF0000 <= r && r <= 0xFFFFD || 0x100000 <= r && r <= 0x10FFFD
}

// checkURITemplate checks URI-Template = *( literals / expression ) (RFC
// 6570 §2). Literals take the apostrophe, as RFC 6570 erratum 6937 has
// it: the printed ABNF leaves out %x27, which a URI allows.
func checkURITemplate(s string) error {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '{':
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return fmt.Errorf("'{' at offset %d is not closed", i)
			}
			if err := checkExpression(s[i+1 : i+end]); err != nil {
				return fmt.Errorf("expression at offset %d: %w", i, err)
			}
			i += end + 1
			continue
		case c == '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return fmt.Errorf("%% at offset %d does not begin a percent-encoding", i)
			}
			i += 3
			continue
		case c < utf8.RuneSelf:
			if c <= ' ' || c == 0x7f || strings.IndexByte(`"<>\^`+"`|}", c) >= 0 {
				return fmt.Errorf("%q is not allowed in a literal", c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if !isUCSChar(r) && !isIPrivate(r) {
			return fmt.Errorf("%q is not allowed in a literal", r)
		}
		i += n
	}
	return nil
}

// checkExpression checks an expression between its braces:
// [ operator ] varspec *( "," varspec ).
func checkExpression(s string) error {
	if s != "" && strings.IndexByte("+#./;?&=,!@|", s[0]) >= 0 {
		s = s[1:]
	}
	for _, spec := range strings.Split(s, ",") {
		if err := checkVarspec(spec); err != nil {
			return err
		}
	}
	return nil
}

// checkVarspec checks varspec = varname [ ":" max-length / "*" ], where
// varname = varchar *( ["."] varchar ) and max-length is 1 to 9999.
func checkVarspec(s string) error {
	name := s
	if i := strings.IndexAny(s, ":*"); i >= 0 {
		name = s[:i]
		switch mod := s[i:]; {
		case mod == "*":
		case mod[0] == ':':
			n := mod[1:]
			if _, ok := digitsValue(n); !ok || len(n) > 4 || n[0] == '0' {
				return fmt.Errorf("prefix %q is not 1 to 9999", mod)
			}
		default:
			return fmt.Errorf("%q is not a modifier", mod)
		}
	}
	if name == "" {
		return errors.New("empty variable name")
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case isAlpha(c), isDigit(c), c == '_':
		case c == '%':
			if i+2 >= len(name) || !isHex(name[i+1]) || !isHex(name[i+2]) {
				return fmt.Errorf("variable %q: %% does not begin a percent-encoding", name)
			}
			i += 2
		case c == '.':
			if i == 0 || i == len(name)-1 || name[i-1] == '.' {
				return fmt.Errorf("variable %q: a dot must stand between varchars", name)
			}
		default:
			return fmt.Errorf("variable %q: %q is not allowed", name, c)
		}
	}
	return nil
}
