package schema

import (
	"fmt"
	"time"

	"github.com/dlclark/regexp2/v2"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// matchTimeout bounds one match, so a pattern that backtracks
// catastrophically on some argument cannot hang a check. ECMA-262 engines
// have no such bound; a person would kill them long before.
const matchTimeout = 2 * time.Second

// CompileRegexp compiles a JSON Schema regular expression ("pattern",
// "patternProperties", format "regex"): an ECMA-262 pattern read with the
// u flag, as ajv reads them. Code points are matched, not UTF-16 units, so
// "." matches "😀" and "\uD83D\uDE00" is that one character. A pattern
// that is not valid ECMA-262 with the u flag is an error, even where
// another dialect would accept it.
func CompileRegexp(pattern string) (jsonschema.Regexp, error) {
	if err := checkPattern(pattern); err != nil {
		return nil, err
	}
	re, err := regexp2.Compile(pattern, regexp2.ECMAScript|regexp2.Unicode)
	if err != nil {
		return nil, fmt.Errorf("compiling %q: %w", pattern, err)
	}
	re.MatchTimeout = matchTimeout
	return ecmaRegexp{re}, nil
}

// ecmaRegexp is a compiled pattern in the form jsonschema calls it.
type ecmaRegexp struct{ re *regexp2.Regexp }

// MatchString reports whether s contains a match. A match the engine
// abandons (it ran past matchTimeout or its backtracking limit) counts as
// none: a value that could not be shown to match is not let through.
func (r ecmaRegexp) MatchString(s string) bool {
	ok, err := r.re.MatchString(s)
	return ok && err == nil
}

func (r ecmaRegexp) String() string { return r.re.String() }
