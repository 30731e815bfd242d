package schema

import (
	"slices"
	"strings"
	"testing"
)

// formatCases holds, for each asserted format, strings that are of it and
// strings that are not, by its RFC; many are the JSON Schema Test Suite's
// hard cases.
var formatCases = map[string]struct{ valid, invalid []string }{
	"date-time": {
		valid: []string{"1963-06-19T08:30:06.283185Z", "1963-06-19t08:30:06z", "1998-12-31T23:59:60Z",
			"1998-12-31T15:59:60.123-08:00", "1937-01-01T12:00:27.87+00:20", "1985-04-12T00:59:59.999999999999999Z"},
		invalid: []string{"1998-12-31T23:59:61Z", "1998-12-31T22:59:60Z", "1990-02-31T15:59:59Z", "1990-12-31T15:59:59-24:00",
			"1963-06-19T08:30:06.28123+01:00Z", "1990-12-31T24:00:00Z", "2013-350T01:01:01", "1963-06-1\u09eaT00:00:00Z",
			"1985-04-12T23:20:50+01", "1985-04-12T23:20:50Z\n", "1985-04-12 23:20:50Z", "1985-04-12T23:20:50", ""},
	},
	"date": {
		valid:   []string{"1963-06-19", "2020-02-29", "0400-02-29", "0001-01-01", "1582-10-10"},
		invalid: []string{"2021-02-29", "2100-02-29", "2020-04-31", "2020-13-01", "2020-00-15", "2020-01-00", "20230328", "2023-W01", "+2020-01-01", "2020-1-01", "2020-01-01Z", " 2024-01-15", "2020-0\u09ea-01", ""},
	},
	"time": {
		valid:   []string{"08:30:06Z", "23:59:60Z", "23:59:60+00:00", "01:29:60+01:30", "15:59:60-08:00", "00:29:60-23:30", "23:20:50.52Z", "12:34:56-00:00", "08:30:06z"},
		invalid: []string{"22:59:60Z", "23:59:60+01:00", "23:59:60-00:30", "24:00:00Z", "00:60:00Z", "00:00:61Z", "01:02:03+24:00", "01:02:03Z+00:30", "12:00:00", "8:3:6Z", "08:30:06-8:000", "01:01:01,1111", "+1:02:03Z", "08:30:06.Z", "1\u09e8:00:00Z"},
	},
	"duration": {
		valid:   []string{"P4DT12H30M5S", "P4Y", "PT0S", "P0D", "P1M", "PT1M", "PT36H", "P2W", "P1Y2M3DT4H5M6S", "P1Y2M", "P1M2D", "PT1H2M", "PT1M2S", "P01D"},
		invalid: []string{"P1Y2D", "PT1H2S", "PT1D", "P", "PT", "P1YT", "P2D1Y", "P1D2H", "P2S", "P1Y2W", "P1WT1H", "P1", "PT0.5S", "-P1D", "P-1D", "P1e2D", "P\u09e8Y", " P1D", ""},
	},
	"period": {
		valid:   []string{"2007-03-01T13:00:00Z/2008-05-11T15:30:00Z", "2007-03-01T13:00:00Z/P1Y2M10DT2H30M", "P1Y2M10DT2H30M/2008-05-11T15:30:00Z"},
		invalid: []string{"2007-03-01T13:00:00Z", "P1Y/P2Y", "2007-03-01/2008-05-11", "2007-03-01T13:00:00Z/P1Y2D"},
	},
	"email": {
		valid: []string{"joe.bloggs@example.com", "te~st@example.com", "~test@example.com", `"joe bloggs"@example.com`, `"joe..bloggs"@example.com`,
			`"joe@bloggs"@example.com`, `"a\"b"@example.com`, "joe.bloggs@[127.0.0.1]", "joe.bloggs@[IPv6:::1]", "te.s.t@example.com", "a@xn--9n2bp8q.xn--9t4b11yi5a",
			strings.Repeat("a", 64) + "@example.com"},
		invalid: []string{"@example.com", "joe.bloggs@", "2962", ".test@example.com", "test.@example.com", "te..st@example.com", "joe.bloggs@invalid=domain.com",
			"joe.bloggs@[127.0.0.300]", "user1@oceania.org, user2@oceania.org", `"Winston Smith" <winston.smith@recdep.minitrue> (Records Department)`,
			"joe bloggs@example.com", "δοκιμή@example.com", "joe@example.com.", "joe@xn--X", "joe@[tag:content]", strings.Repeat("a", 65) + "@example.com"},
	},
	"idn-email": {
		valid: []string{"실례@실례.테스트", "joe.bloggs@example.com", "δοκιμή@example.com", `"δοκιμή"@example.com`, "user@cafe\u0301.com",
			"cafe\u0301@example.com", "\u0085@example.com", "\U0001d54f@example.com"},
		invalid: []string{"2962", "user\uff20example.com", "@example.com", "a@-b.com", "a..b@example.com"},
	},
	"hostname": {
		valid: []string{"www.example.com", "hostname", "h0stn4me", "1host", "a--b.com", strings.Repeat("a", 63) + ".com",
			"xn--9n2bp8q.xn--9t4b11yi5a", "XN--9N2BP8Q.xn--9t4b11yi5a", "xn--ll-0ea", "xn--wva3je", "xn--4dbc5h", "xn--k8j5u", "xn--ngba1o", "xn--11b2ezcw70k", "xn--zca29lwxobi7a"},
		invalid: []string{"", ".", ".example", "example.", "example\uff0ecom", "-hostname", "hostname-", "host_name", strings.Repeat("a", 64) + ".com",
			strings.Repeat("a.", 127) + "aa", "example.com\n", "\u212aelvin.example.com", "xn--X", "xn--07jt112bpxg.xn--9t4b11yi5a",
			"xn--hello-txk", "xn--chb89f", "xn--al-0ea", "xn--S-jib3p", "xn--5db1e", "xn--vek", "xn--ngb6iyr", "xn--11b2er09f",
			"XN--aa---o47jg78q", "xn--example-", "xn---9uc", "xn--7a"},
	},
	"idn-hostname": {
		valid: []string{"실례.테스트", "hostname", "xn--ihqwcrb4cv8a8dqg056pqjye", "ßς་〇", "۽۾", "l·l", "α͵β", "א׳ב", "・ぁ", "・ァ", "・丈",
			"ب٠ب", "۰0", "क्\u200dष", "क्\u200cष", "بي\u200cبي", "a.b", "a\u3002b", "a\uff0eb", "a\uff61b"},
		invalid: []string{"", ".", "\u3002", "example.", "example\u3002", "a..b", "\u302e실례.테스트", "-> $1.00 <--", "xn--X", "-hello", "hello-",
			"\u0903hello", "\u0300hello", "\u0640\u07fa", "a·l", "·l", "α͵S", "α͵", "A׳ב", "def・abc", "・", "ب٠۰", "क\u200dष", "\u200dष",
			"क्\u200cषx\u200cy", "0a.א", "0ا", "aא", "א0٠", "xn--0ca24w", strings.Repeat("ü", 60), "Bücher", "cafe\u0301",
			strings.Repeat("a", 64)},
	},
	"ipv4": {
		valid:   []string{"192.168.0.1", "0.0.0.0", "255.255.255.255", "10.20.30.40"},
		invalid: []string{"127.0.0.0.1", "256.256.256.256", "127.0", "127.1", "0x7f000001", "2130706433", "1\u09e87.0.0.1", "192.168.1.0/24", "087.10.0.1", "192.168.0.1\n", "192.168..1", "+1.2.3.4", "192.168.0.1:80", "::ffff:192.168.0.1"},
	},
	"ipv6": {
		valid:   []string{"::1", "::", "::abef", "d6::", "1:d6::42", "1::d6:192.168.0.1", "::ffff:192.168.0.1", "1:2:3:4:5:6:7:8", "1000:1000:1000:1000:1000:1000:255.255.255.255"},
		invalid: []string{"12345::", "::laptop", ":2:3:4:5:6:7:8", "1::d6::42", "1::2:192.168.256.1", "1:2:3:4:5:::8", "1:2:3:4:5:6:7", "127.0.0.1", "fe80::/64", "fe80::a%eth1", "[::1]", "::ffff:192.168.0.01", " ::1"},
	},
	"uri": {
		valid: []string{"http://foo.bar/?baz=qux#quux", "http://foo.com/blah_(wikipedia)_blah#cite-1", "http://xn--nw2a.xn--j6w193g/",
			"http://-.~_!$&'()*+,;=:%40:80%2f::::::@example.com", "ldap://[2001:db8::7]/c=GB?objectClass?one", "mailto:John.Doe@example.com",
			"urn:oasis:names:specification:docbook:dtd:xml:4.1.2", "http://087.10.0.1/", "http://[V1.fe]/", "file:/etc/hosts", "http://a:/", "http:"},
		invalid: []string{"//foo.bar/?baz=qux#quux", "/abc", `\\WINDOWS\fileshare`, "abc", "http:// shouldfail.com", "bar,baz:foo", "https://[@example.org/test.txt",
			"https://example.org/foobar\u00ae.txt", "https://example.org/foo bar.txt", "https://example.org/foobar{}.txt", "https://example.org/foobar|.txt",
			"http://example.com/%6G", "http://example.com/%", "1http://example.com", "http://example.com:abc/path", "http://[::ffff:01.2.3.4]", "http:/[::1]",
			"http://[fe80::1%25eth0]/", "http://a@b@c/"},
	},
	"uri-reference": {
		valid:   []string{"http://foo.bar/?baz=qux#quux", "//foo.bar/?baz=qux#quux", "/abc", "abc", "#fragment", "", "?query=1", "//", "./this:that", "a/b:c"},
		invalid: []string{`\\WINDOWS\fileshare`, `#frag\ment`, "/foobar\u00ae.txt", "/%zz", `/a"b`, "/[::1]", "//example.com:abc/p", "//a@b@example.com/", "//[::ffff:192.168.0.01]/p", "1:b"},
	},
	"iri": {
		valid: []string{"http://ƒøø.ßår/?∂éœ=πîx#πîüx", "http://[2001:0db8:85a3:0000:0000:8a2e:0370:7334]", "http://ƒøø.ßår/\U00010300",
			"http://ƒøø.ßår/?q=\U000f0000", "urn:example:resource"},
		invalid: []string{"http://2001:0db8:85a3:0000:0000:8a2e:0370:7334", "/abc", "âππ", "http://[::ffff:192.168.0.01]", "http://ƒøø.ßår/\n", "http://ƒøø.ßår/\U000f0000"},
	},
	"iri-reference": {
		valid:   []string{"//ƒøø.ßår/?∂éœ=πîx#πîüx", "/âππ", "âππ", "#ƒrägmênt"},
		invalid: []string{`\\WINDOWS\filëßåré`, `#ƒräg\mênt`},
	},
	"uri-template": {
		valid: []string{"http://example.com/dictionary/{term:1}/{term}", "http://example.com/dictionary", "dictionary/{term:1}/{term}", "", "a%41b",
			"a\U0001f600b", "{+var}", "{#var}", "{.var}", "{/var}", "{;var}", "{?var}", "{&var}", "{var*}", "{x,y}", "{a.b}", "{%41}", "{v:1000}", "a'b"},
		invalid: []string{"http://example.com/dictionary/{term:1}/{term", "{}", "{a,,b}", "{v:0}", "{v:10000}", "foo}bar", "{a..b}", "{v:01}", "a b",
			"a\u007fb", "{a,}", "{var=def}", "{,+var}", "{a{b}}", "%zz"},
	},
	"uuid": {
		valid:   []string{"2EB8AA08-AA98-11EA-B4AA-73B441D16380", "2eb8aa08-aa98-11ea-b4aa-73b441d16380", "00000000-0000-0000-0000-000000000000", "99c17cbb-656f-f64a-940f-1a4568f03487"},
		invalid: []string{"2eb8aa08-aa98-11ea-b4aa-73b441d1638", "2eb8aa08aa9811eab4aa73b441d16380", "2eb8aa08-aa98-11ea-b4ga-73b441d16380", "urn:uuid:2eb8aa08-aa98-11ea-b4aa-73b441d16380", "2eb8aa0-8aa98-11e-ab4aa7-3b441d16380"},
	},
	"json-pointer": {
		valid:   []string{"", "/", "/foo/bar~0/baz~1/%a", "/foo//bar", "/foo/-", "/~1.1", "/ ", "/foo\u0000bar"},
		invalid: []string{"#", "#/", "a", "0", "/foo/bar~", "/~2", "/~-1", "/~~"},
	},
	"relative-json-pointer": {
		valid:   []string{"1", "0/foo/bar", "2/0/baz/1/zip", "0#", "120/foo/bar", "100", "0//"},
		invalid: []string{"/foo/bar", "-1/foo/bar", "+1/foo/bar", "\u0661/foo", "0##", "01/a", "01#", "", "0/~2", "1#/foo/bar", "1\n"},
	},
	"regex": {
		valid:   []string{`([abc])+\s+$`, `(?<name>x)\k<name>`, `(?<=a+)b`, `[]`, `[^]`, `\cA`},
		invalid: []string{`^(abc]`, `\a`, `(?P<name>x)`, `(?#comment)a`, `(?i)abc`},
	},
	"semver": {
		valid:   []string{"0.0.0", "1.2.3", "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-0.3.7", "1.0.0-x.7.z.92", "1.0.0-x-y-z.--", "1.0.0+20130313144700", "1.0.0-beta+exp.sha.5114f85", "1.0.0+001"},
		invalid: []string{"1", "1.2", "1.2.3.4", "01.2.3", "1.02.3", "1.2.03", "1.0.0-01", "1.0.0-", "1.0.0+", "1.0.0-a..b", "1.0.0-α", "v1.2.3", "1.2.3 "},
	},
}

func TestFormatsAsserted(t *testing.T) {
	for _, f := range Formats() {
		if f.Asserted && formatCases[f.Name].valid == nil {
			t.Errorf("asserted format %q has no test cases", f.Name)
		}
	}
	for name, cases := range formatCases {
		check := formatCheck(t, name)
		for _, s := range cases.valid {
			if err := check(s); err != nil {
				t.Errorf("%s %q: %v, want valid", name, s, err)
			}
		}
		for _, s := range cases.invalid {
			if check(s) == nil {
				t.Errorf("%s %q passed, want invalid", name, s)
			}
		}
	}
}

func formatCheck(t *testing.T, name string) func(string) error {
	t.Helper()
	for _, f := range formatTable {
		if f.Name == name {
			return f.check
		}
	}
	t.Fatalf("format %q is not in the table", name)
	return nil
}

// libraryFormats are the formats jsonschema/v6 asserts with checks of its
// own (format.go of the library). Each must be in the table, so none of
// the library's checks is used.
var libraryFormats = []string{
	"json-pointer", "relative-json-pointer", "uuid", "duration", "period", "ipv4", "ipv6", "hostname", "email",
	"date", "time", "date-time", "uri", "iri", "uri-reference", "iri-reference", "uri-template", "semver",
}

func TestFormatsTable(t *testing.T) {
	fs := Formats()
	seen := map[string]bool{}
	for _, f := range fs {
		if seen[f.Name] {
			t.Errorf("format %q listed twice", f.Name)
		}
		seen[f.Name] = true
		if f.Spec == "" {
			t.Errorf("format %q names no specification", f.Name)
		}
	}
	for _, name := range append(libraryFormats, "idn-email", "idn-hostname", "regex") {
		if !seen[name] {
			t.Errorf("format %q is not in the table", name)
		}
	}
	fs[0].Name = "changed"
	if Formats()[0].Name == "changed" {
		t.Error("Formats returns the table itself, not a copy")
	}
	if i := slices.IndexFunc(fs, func(f Format) bool { return f.Name == "int32" }); i < 0 || fs[i].Asserted {
		t.Error("int32 should be listed as an annotation")
	}
}

// TestFormatsThroughCompiler checks that NewCompiler asserts each format
// with the table's checker, and lets annotations pass.
func TestFormatsThroughCompiler(t *testing.T) {
	for name, cases := range formatCases {
		sch := compileSchema(t, map[string]any{"format": name})
		for _, s := range cases.valid {
			if err := sch.Validate(s); err != nil {
				t.Errorf("%s %q: %v", name, s, err)
			}
		}
		for _, s := range cases.invalid {
			if sch.Validate(s) == nil {
				t.Errorf("%s %q passed the compiled schema", name, s)
			}
		}
		if err := sch.Validate(42); err != nil {
			t.Errorf("%s: a number failed: %v", name, err)
		}
	}
	sch := compileSchema(t, map[string]any{"format": "int32"})
	if err := sch.Validate("not a number"); err != nil {
		t.Errorf("annotation int32 was asserted: %v", err)
	}
}
