package schema

import "testing"

func TestCertainTypeDerivesOnlyWhatIsBeyondDoubt(t *testing.T) {
	cases := []struct {
		name, want string
		ok         bool
	}{
		{"string", "string", true},
		{"Array", "array", true},
		{"BOOLEAN", "boolean", true},
		{"float", "number", true},
		{"double", "number", true},
		{"dict", "object", true},
		{"map", "object", true},
		{"tuple", "array", true},
		{"list", "array", true},
		{"str", "string", true},
		{"String", "string", true},
		{"int", "integer", true},
		{"long", "integer", true},
		{"bool", "boolean", true},
		{"any", "", true},
		{"HashMap", "", false},
		{"ArrayList", "", false},
		{"char", "", false},
		{"set", "", false},
		{"Dict", "object", true}, {"LONG", "integer", true},
		{"", "", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := CertainType(tc.name)
			if got != tc.want || ok != tc.ok {
				t.Errorf("CertainType(%q) = %q, %v; want %q, %v", tc.name, got, ok, tc.want, tc.ok)
			}
		})
	}
}
