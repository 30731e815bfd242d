package jsondoc

import (
	"math/big"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

// Equal reports whether a and b are the same JSON value: numbers
// compare by value, objects whatever the order of their members. A
// missing value, nil, equals only another.
func Equal(a, b *Node) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case Null:
		return true
	case Bool, String:
		return a.Str() == b.Str()
	case Number:
		return a.Str() == b.Str() || numberKey(a.Str()) == numberKey(b.Str())
	case Array:
		if len(a.Kids()) != len(b.Kids()) {
			return false
		}
		for i := range a.Kids() {
			if !Equal(a.Kids()[i].Value, b.Kids()[i].Value) {
				return false
			}
		}
		return true
	case Object:
		if len(a.Kids()) != len(b.Kids()) {
			return false
		}
		bx := IndexOf(b)
		for _, m := range a.Kids() {
			if v := bx.Get(m.Key); v == nil || !Equal(m.Value, v) {
				return false
			}
		}
		return true
	}
	return false
}

// AppendCanonical appends a form of n in which equal JSON values are equal
// bytes: numbers by numberKey, object members sorted by key.
func AppendCanonical(b []byte, n *Node) []byte {
	switch n.Kind {
	case Null:
		return append(b, "null"...)
	case Bool:
		return append(b, n.Str()...)
	case Number:
		return append(b, numberKey(n.Str())...)
	case String:
		b, _ = jsontext.AppendQuote(b, n.Str())
		return b
	case Array:
		b = append(b, '[')
		for i, m := range n.Kids() {
			if i > 0 {
				b = append(b, ',')
			}
			b = AppendCanonical(b, m.Value)
		}
		return append(b, ']')
	case Object:
		kids := slices.Clone(n.Kids())
		sort.Slice(kids, func(i, j int) bool { return kids[i].Key < kids[j].Key })
		b = append(b, '{')
		for i, m := range kids {
			if i > 0 {
				b = append(b, ',')
			}
			b, _ = jsontext.AppendQuote(b, m.Key)
			b = append(b, ':')
			b = AppendCanonical(b, m.Value)
		}
		return append(b, '}')
	}
	return b
}

// numberKey returns a canonical form of a JSON number literal, digits and
// a power of ten, such that two literals have the same key exactly when
// they denote the same number: "100", "1e2" and "100.0" all give "1e2".
// It works on the text, so big integers and huge exponents stay exact.
func numberKey(lit string) string {
	neg := strings.HasPrefix(lit, "-")
	lit = strings.TrimPrefix(lit, "-")
	mant, exp, _ := strings.Cut(strings.ToLower(lit), "e")
	whole, frac, _ := strings.Cut(mant, ".")
	digits := strings.TrimLeft(whole+frac, "0")
	if digits == "" {
		return "0"
	}
	trimmed := strings.TrimRight(digits, "0")
	shift := int64(len(digits)-len(trimmed)) - int64(len(frac))
	if exp == "" {
		exp = "0"
	}
	var e string
	if n, err := strconv.ParseInt(exp, 10, 64); err == nil && n > -1<<60 && n < 1<<60 {
		e = strconv.FormatInt(n+shift, 10)
	} else { // an exponent beyond int64: exact, if slow
		v, _ := new(big.Int).SetString(exp, 10)
		e = v.Add(v, big.NewInt(shift)).String()
	}
	if neg {
		return "-" + trimmed + "e" + e
	}
	return trimmed + "e" + e
}
