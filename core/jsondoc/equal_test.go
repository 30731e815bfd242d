package jsondoc

import (
	"strings"
	"testing"
)

func TestNumberKeyIsEqualExactlyForEqualNumbers(t *testing.T) {
	tests := []struct {
		a, b  string
		equal bool
	}{
		{"1", "1.0", true},
		{"1", "1e0", true},
		{"1", "10e-1", true},
		{"100", "1e2", true},
		{"100", "1E+2", true},
		{"0", "-0", true},
		{"0.0", "0e10", true},
		{"-1.5", "-15e-1", true},
		{"1.5", "-1.5", false},
		{"1", "2", false},
		{"12345678901234567890", "12345678901234567891", false},
		{"0.1", "0.10000000000000001", false},
		{"1e400", "10e399", true},
		{"1e400", "1e401", false},
		{"1e99999999999999999999", "10e99999999999999999998", true},
		{"1e-99999999999999999999", "1e-99999999999999999998", false},
	}
	for _, tc := range tests {
		t.Run(tc.a+" "+tc.b, func(t *testing.T) {
			ka, kb := numberKey(tc.a), numberKey(tc.b)
			if (ka == kb) != tc.equal {
				t.Errorf("numberKey(%s) = %s, numberKey(%s) = %s; equal = %v, want %v", tc.a, ka, tc.b, kb, ka == kb, tc.equal)
			}
		})
	}
}

func TestEqualAgreesWithCanonicalKeys(t *testing.T) {
	values := []string{`1`, `1.0`, `2`, `true`, `false`, `null`, `"1"`, `"a"`, `[]`, `[1]`, `[1.0]`, `[1, 2]`, `[2, 1]`, `{}`, `{"a": 1}`, `{"a": 1e0}`, `{"b": 1}`, `{"a": 1, "b": 2}`, `{"b": 2, "a": 1}`, `{"a": [1, {"x": null}]}`, `{"a": [1, {"x": false}]}`}
	doc, err := Parse("t.json", []byte("["+strings.Join(values, ",")+"]"))
	if err != nil {
		t.Fatal(err)
	}
	for i := range values {
		for j := range values {
			a, b := doc.Root.Elem(i), doc.Root.Elem(j)
			eq := Equal(a, b)
			if canon := string(AppendCanonical(nil, a)) == string(AppendCanonical(nil, b)); eq != canon {
				t.Errorf("%s vs %s: Equal = %v, canonical keys equal = %v", values[i], values[j], eq, canon)
			}
		}
	}
}

func TestEqualOfMissingValues(t *testing.T) {
	doc, err := ParseDocument("t.json", []byte(`{"a": null}`))
	if err != nil {
		t.Fatal(err)
	}
	null := doc.Root.Get("a")
	if !Equal(nil, nil) || Equal(nil, null) || Equal(null, nil) || Equal(doc.Root, nil) {
		t.Error("a missing value equals only another missing value")
	}
}
