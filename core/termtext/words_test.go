package termtext

import "testing"

func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"string", "string", 0},
		{"strng", "string", 1},
		{"stirng", "string", 1},
		{"integr", "integer", 1},
		{"", "null", 4},
		{"number", "boolean", 6},
		{"", "", 0},
		{"abc", "abd", 1},
		{"abc", "ab", 1},
		{"kitten", "sitting", 3},
		{"", "xy", 2},
	}
	for _, tc := range tests {
		if got := EditDistance(tc.a, tc.b); got != tc.want {
			t.Errorf("EditDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}
