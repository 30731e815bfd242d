package schema

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// checkEmail checks Mailbox = Local-part "@" ( Domain / address-literal )
// of RFC 5321 §4.1.2, with the limits of §4.5.3.1: 64 octets of
// local part. The domain must be a host name.
func checkEmail(s string) error { return checkMailbox(s, false) }

// checkIDNEmail checks RFC 6531's Mailbox, which allows UTF-8 in the
// local part (atext and qtextSMTP =/ UTF8-non-ascii, §3.3) and U-labels in
// the domain. The domain is normalized to NFC before it is checked as an
// internationalized host name: RFC 6532 §3.1 only recommends NFC, and a
// mail system applies it before it looks the domain up.
func checkIDNEmail(s string) error { return checkMailbox(s, true) }

func checkMailbox(s string, idn bool) error {
	at := strings.LastIndexByte(s, '@')
	if at < 0 {
		return errors.New("no @")
	}
	local, domain := s[:at], s[at+1:]
	if err := checkLocalPart(local, idn); err != nil {
		return fmt.Errorf("local part: %w", err)
	}
	if lit, ok := strings.CutPrefix(domain, "["); ok {
		return checkAddressLiteral(lit)
	}
	if len(domain) > 255 {
		return errors.New("domain longer than 255 octets")
	}
	var err error
	if idn {
		err = checkIDNHostname(norm.NFC.String(domain))
	} else {
		err = checkHostname(domain)
	}
	if err != nil {
		return fmt.Errorf("domain: %w", err)
	}
	return nil
}

// checkLocalPart checks Local-part = Dot-string / Quoted-string.
func checkLocalPart(s string, idn bool) error {
	switch {
	case s == "":
		return errors.New("empty")
	case len(s) > 64:
		return errors.New("longer than 64 octets")
	}
	if q, ok := strings.CutPrefix(s, `"`); ok {
		return checkQuotedString(q, idn)
	}
	for _, atom := range strings.Split(s, ".") {
		if atom == "" {
			return errors.New("a dot at either end or two in a row")
		}
		for _, r := range atom {
			if !isAtext(r) && !(idn && r >= utf8.RuneSelf) {
				return fmt.Errorf("%q must be quoted", r)
			}
		}
	}
	return nil
}

// checkQuotedString checks the rest of a Quoted-string after its opening
// quote: qtextSMTP and quoted-pairSMTP up to a closing quote at the end.
func checkQuotedString(s string, idn bool) error {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '"':
			if i+1 != len(s) {
				return errors.New("text after the closing quote")
			}
			return nil
		case r == '\\':
			if i+1 == len(s) || s[i+1] < ' ' || s[i+1] > '~' {
				return errors.New(`"\" must escape a printable ASCII character`)
			}
			n = 2
		case r >= ' ' && r <= '~':
		case idn && r >= utf8.RuneSelf && r != utf8.RuneError:
		default:
			return fmt.Errorf("%q is not allowed between quotes", r)
		}
		i += n
	}
	return errors.New("no closing quote")
}

// isAtext is RFC 5322's atext: letters, digits and !#$%&'*+-/=?^_`{|}~.
func isAtext(r rune) bool {
	return r < utf8.RuneSelf && (isAlpha(byte(r)) || isDigit(byte(r)) || strings.ContainsRune("!#$%&'*+-/=?^_`{|}~", r))
}

// checkAddressLiteral checks what follows "[" in address-literal: an
// IPv4 address, or "IPv6:" and an IPv6 address, and "]". The
// General-address-literal is not accepted: no tag for it is registered.
func checkAddressLiteral(s string) error {
	lit, ok := strings.CutSuffix(s, "]")
	if !ok {
		return errors.New("address literal without ']'")
	}
	if v6, ok := strings.CutPrefix(lit, "IPv6:"); ok {
		return checkIPv6(v6)
	}
	return checkIPv4(lit)
}
