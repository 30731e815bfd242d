package schema

import "slices"

// Format is a value of the "format" keyword that toolbench knows.
type Format struct {
	Name string
	// Asserted says that a string not of the format fails validation.
	// Formats not asserted are annotations: any string passes.
	Asserted bool
	// Spec names the specification and section the check follows.
	Spec string
}

// formatDef is a Format with its checker; check is nil for annotations.
type formatDef struct {
	Format
	check func(string) error
}

// validate is the checker in the form jsonschema calls it: a format
// constrains strings only, so other values pass.
func (f formatDef) validate(v any) error {
	s, ok := v.(string)
	if !ok || f.check == nil {
		return nil
	}
	return f.check(s)
}

// formatTable holds every format toolbench knows, in the order README
// lists them. The library asserts some of these itself with checks that
// disagree with the RFCs; each is registered over the library's.
var formatTable = []formatDef{
	{Format{"date-time", true, "RFC 3339 §5.6 date-time"}, checkDateTime},
	{Format{"date", true, "RFC 3339 §5.6 full-date"}, checkDate},
	{Format{"time", true, "RFC 3339 §5.6 full-time"}, checkTime},
	{Format{"duration", true, "RFC 3339 Appendix A duration"}, checkDuration},
	{Format{"period", true, "RFC 3339 Appendix A period"}, checkPeriod},
	{Format{"email", true, "RFC 5321 §4.1.2 Mailbox"}, checkEmail},
	{Format{"idn-email", true, "RFC 6531 §3.3 Mailbox"}, checkIDNEmail},
	{Format{"hostname", true, "RFC 1123 §2.1, with A-labels per RFC 5890 §2.3.2.1"}, checkHostname},
	{Format{"idn-hostname", true, "RFC 5890 §2.3.2.3, RFC 5891 §5.4, RFC 5892, RFC 5893"}, checkIDNHostname},
	{Format{"ipv4", true, "RFC 2673 §3.2 dotted-quad"}, checkIPv4},
	{Format{"ipv6", true, "RFC 4291 §2.2"}, checkIPv6},
	{Format{"uri", true, "RFC 3986 §3 URI"}, checkURI},
	{Format{"uri-reference", true, "RFC 3986 §4.1 URI-reference"}, checkURIReference},
	{Format{"iri", true, "RFC 3987 §2.2 IRI"}, checkIRI},
	{Format{"iri-reference", true, "RFC 3987 §2.2 IRI-reference"}, checkIRIReference},
	{Format{"uri-template", true, "RFC 6570 §2"}, checkURITemplate},
	{Format{"uuid", true, "RFC 4122 §3"}, checkUUID},
	{Format{"json-pointer", true, "RFC 6901 §3"}, checkJSONPointer},
	{Format{"relative-json-pointer", true, "draft-handrews-relative-json-pointer-01 §3"}, checkRelativeJSONPointer},
	{Format{"regex", true, "ECMA-262 §22.2.1, u flag"}, checkRegex},
	{Format{"semver", true, "Semantic Versioning 2.0.0"}, checkSemver},
	// OpenAPI's formats, which Gemini's schemas carry: they say how a
	// number or string is stored, not a syntax to check.
	{Format{"int32", false, "OpenAPI 3.0 §4.4"}, nil},
	{Format{"int64", false, "OpenAPI 3.0 §4.4"}, nil},
	{Format{"float", false, "OpenAPI 3.0 §4.4"}, nil},
	{Format{"double", false, "OpenAPI 3.0 §4.4"}, nil},
	{Format{"byte", false, "OpenAPI 3.0 §4.4"}, nil},
	{Format{"binary", false, "OpenAPI 3.0 §4.4"}, nil},
	{Format{"password", false, "OpenAPI 3.0 §4.4"}, nil},
}

// Formats lists the formats toolbench knows, asserted or not. A format
// not listed is an annotation too.
func Formats() []Format {
	out := make([]Format, 0, len(formatTable))
	for _, f := range formatTable {
		out = append(out, f.Format)
	}
	return slices.Clip(out)
}

// checkRegex checks format "regex" as "pattern" is compiled. The library
// calls the compiler's regexp engine for this format itself; the entry
// makes Formats list it and lets a schema's format be checked alone.
func checkRegex(s string) error {
	_, err := CompileRegexp(s)
	return err
}
