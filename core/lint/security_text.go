package lint

import (
	"strings"
	"unicode/utf8"
	"unsafe"
)

// The security rules read tool text as words, not as bytes: a lexer cuts
// a string into tokens (words, identifiers, paths, URLs, e-mail
// addresses, hosts), lower-cased for matching but keeping their byte
// offsets in the string, so that a finding points at the phrase it is
// about; and into clauses, at the ends of sentences, lines, colons and
// markup, so that a phrase never spans two sentences.

// tokKind is what a token is.
type tokKind uint8

const (
	tWord  tokKind = iota // a word of letters and digits, with inner apostrophes: don't
	tIdent                // words joined by _ - or . (read_file, resolve-library-id, os.system), or camelCase
	tPath                 // text with a slash or a leading ~ or dot: ~/.ssh/id_rsa, .env
	tURL                  // scheme://... or www....
	tEmail                // local@domain
	tHost                 // a domain name with a common top-level domain, or an IPv4 address
	tComma                // a comma, which starts a new part of a clause
)

// tok is one token of a string: its kind, its bytes in the string
// [start, end), and its text lower-cased in ASCII.
type tok struct {
	kind       tokKind
	start, end int32
	quoted     bool // inside quotes or backticks: a mention, not an instruction
	w          string
}

// lexed is a string cut into tokens, and into clauses: clauses[i] is the
// index in toks of the first token of clause i; clause i ends where i+1
// starts.
type lexed struct {
	src     string // the string
	lower   string // src lower-cased in ASCII: the same bytes at the same offsets
	toks    []tok
	clauses []int
	buf     []byte     // holds lower when src has upper-case letters; reused by the next lex
	long    bool       // a run of 24 bytes or more of letters, digits and slashes, not all lower-case: what an encoded payload is
	padded  bool       // 60 spaces in a row, or 8 blank lines: what padding is
	comment bool       // an HTML comment opens
	shell   bool       // a path under /dev/, or ":|:": what a reverse shell or a fork bomb writes
	url     bool       // a token is a URL
	ms      []secMatch // the matches of the clause being scanned, for the scan that lexes
	bufs    matchBufs  // for the matching of the clause being scanned (see phraseIndex)
	cues    []cue      // the cues of its tokens (see clauseCues)
}

// The classes of bytes for the lexer: white space and punctuation it
// skips, the bytes of a plain word (lower-case letters, digits and an
// apostrophe), the other bytes of a run (identifiers, paths, addresses),
// the punctuation that ends a clause or quotes, and the first byte of a
// character beyond ASCII.
const (
	cSkip uint8 = iota
	cPlain
	cRun
	cMark
	cHigh
)

var byteClass = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		switch {
		case c >= utf8.RuneSelf:
			t[c] = cHigh
		case 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '\'':
			t[c] = cPlain
		case isRunByte(byte(c)):
			t[c] = cRun
		case strings.IndexByte("\n;<>|!?:,`\"()", byte(c)) >= 0:
			t[c] = cMark
		}
	}
	return t
}()

// clause returns the tokens of clause i.
func (x *lexed) clause(i int) []tok {
	end := len(x.toks)
	if i+1 < len(x.clauses) {
		end = x.clauses[i+1]
	}
	return x.toks[x.clauses[i]:end]
}

// lowerRange lower-cases bytes [i, j) of lower, copying src into buf
// first when lower is still src itself.
func (x *lexed) lowerRange(i, j int) {
	if unsafe.StringData(x.lower) == unsafe.StringData(x.src) {
		x.buf = append(x.buf[:0], x.src...)
		x.lower = unsafe.String(unsafe.SliceData(x.buf), len(x.buf))
	}
	for k := i; k < j; k++ {
		if c := x.buf[k]; 'A' <= c && c <= 'Z' {
			x.buf[k] = c + 'a' - 'A'
		}
	}
}

// hasUpper reports whether s has an upper-case ASCII letter.
func hasUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return true
		}
	}
	return false
}

// hasLower reports whether s has a lower-case ASCII letter.
func hasLower(s string) bool {
	for i := 0; i < len(s); i++ {
		if 'a' <= s[i] && s[i] <= 'z' {
			return true
		}
	}
	return false
}

// asciiLower lower-cases the ASCII letters of s, keeping every byte where
// it is; s itself when it has none.
func asciiLower(s string) string {
	i := 0
	for i < len(s) && !('A' <= s[i] && s[i] <= 'Z') {
		i++
	}
	if i == len(s) {
		return s
	}
	b := []byte(s)
	for ; i < len(b); i++ {
		if 'A' <= b[i] && b[i] <= 'Z' {
			b[i] += 'a' - 'A'
		}
	}
	return string(b)
}

// isWordByte reports whether c may be part of a token's run: letters,
// digits, and the joiners of identifiers and paths.
func isRunByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '_' || c == '-' || c == '.' || c == '/' || c == '~' || c == '$' || c == '%' || c == '\'' || c == '@' || c >= utf8.RuneSelf
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c >= utf8.RuneSelf
}

// lex cuts s into tokens and clauses, into x, reusing its slices.
func (x *lexed) lex(s string) {
	// The text lower-cased: s itself until a run has an upper-case
	// letter, then a copy in buf whose runs are lower-cased as they come.
	// Every ASCII letter is in a run, so lower is all of s lower-cased.
	x.src, x.lower = s, s
	x.toks, x.clauses = x.toks[:0], x.clauses[:0]
	quoted, code := false, false
	newClause := true
	aside := -1 // the closing bracket of an aside inside a sentence
	x.long, x.padded, x.comment, x.shell, x.url = false, false, false, false, false
	anyQuoted := false // a token is quoted
	spaces, blank, lineText := 0, 0, false
	for i := 0; i < len(s); {
		c := s[i]
		switch byteClass[c] {
		case cSkip:
			if c == ' ' || c == '\t' {
				if spaces++; spaces >= 60 {
					x.padded = true
				}
			} else {
				spaces = 0
			}
			i++
			continue
		case cPlain, cRun:
			// a run, below
		default:
			spaces = 0
			bracket := 0 // the length of a placeholder at a '<', of an aside at a '('
			switch c {
			case '\n':
				if lineText {
					blank = 0
				} else if blank++; blank >= 8 {
					x.padded = true
				}
				lineText = false
			case '<':
				x.comment = x.comment || strings.HasPrefix(s[i:], "<!--")
				bracket = placeholderAt(s, i)
			case '(':
				bracket = asideAt(s, i)
			case '|':
				x.shell = x.shell || i > 0 && s[i-1] == ':'
			}
			switch {
			case c == '\n' && wrappedAt(s, i):
				i++ // a line wrapped inside a sentence goes on with it
				continue
			case c == '<' && bracket > 0:
				i += bracket // "<label>.t.probe.net", "backup/<repo>.git": part of an address
				continue
			case c == '(' && bracket > 0:
				// "every e-mail sent with any other tool (send_email and the
				// like) must carry ...": an aside inside a sentence that goes
				// on after it parts the clause as commas do.
				if !newClause {
					x.toks = append(x.toks, tok{kind: tComma, start: int32(i), end: int32(i + 1)})
				}
				aside = i + bracket - 1
				i++
				continue
			case c == ')' && i == aside:
				x.toks = append(x.toks, tok{kind: tComma, start: int32(i), end: int32(i + 1)})
				i++
				continue
			case c == '\n' || c == ';' || c == '<' || c == '>' || c == '|' || c == '(' || c == ')':
				newClause, quoted = true, false
				i++
				continue
			case c == '!' || c == '?':
				// An exclamation or question mark ends a sentence where a space
				// or the end follows: "![image](...)" and "?q=" do not.
				if i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\n' {
					newClause, quoted = true, false
				}
				i++
				continue
			case c == ':' && i+1 < len(s) && s[i+1] == '\\' && i > 0 && isAlnum(s[i-1]) && (i == 1 || !isRunByte(s[i-2])):
				i++ // a drive's letter, C:\ProgramData\...: the path goes on in the clause
				continue
			case c == ':' && recipientLabel(s[:i]):
				i++ // "must carry bcc: a@b.net": the header names the address after it
				continue
			case c == ':' && i > 0 && s[i-1] == '"' && !quoted && !newClause:
				// A key of an object written inside the text, {"user_confirmation":
				// "not_required"}: its value goes on with it, as after a comma.
				x.toks = append(x.toks, tok{kind: tComma, start: int32(i), end: int32(i + 1)})
				i++
				continue
			case c == ':':
				// "IMPORTANT: read ..." starts a clause; "https://" is inside a URL token.
				newClause = true
				i++
				continue
			case c == ',':
				if !newClause {
					x.toks = append(x.toks, tok{kind: tComma, start: int32(i), end: int32(i + 1)})
				}
				i++
				continue
			case c == '`':
				code = !code
				i++
				continue
			case c == '"':
				quoted = !quoted
				i++
				continue
			case c >= utf8.RuneSelf:
				r, n := utf8.DecodeRuneInString(s[i:])
				switch r {
				case '\u2018', '\u201c', '\u00ab':
					quoted = true
					i += n
					continue
				case '\u2019':
					if i+n < len(s) && isAlnum(s[i+n]) && i > 0 && isAlnum(s[i-1]) {
						break // an apostrophe inside a word
					}
					quoted = false
					i += n
					continue
				case '\u201d', '\u00bb':
					quoted = false
					i += n
					continue
				case '\u2014', '\u2013':
					// A dash between words parts a clause as a comma does.
					if !newClause {
						x.toks = append(x.toks, tok{kind: tComma, start: int32(i), end: int32(i + n)})
					}
					i += n
					continue
				case '\u2022':
					i += n
					continue
				}
				if r == utf8.RuneError || !isLetterRune(r) {
					i += n
					continue
				}
			}
		}
		// A run of token bytes. plain stays true while it is letters and
		// digits in lower case, apostrophes and non-ASCII letters: a word,
		// which needs no classify.
		j := i
		plain, dotted, upper, special := true, false, false, false
		spaces, lineText = 0, true
		for j < len(s) {
			if s[j] >= utf8.RuneSelf {
				r, n := utf8.DecodeRuneInString(s[j:])
				if r == '\u2019' && j+n < len(s) && isAlnum(s[j+n]) && j > i {
					j += n
					continue
				}
				if !isLetterRune(r) {
					break
				}
				j += n
				continue
			}
			switch byteClass[s[j]] {
			case cPlain:
				j++
				continue
			case cRun:
				plain = false
				if c := s[j]; 'A' <= c && c <= 'Z' {
					upper = true
					// camelCase, upper-case after lower-case, is an identifier
					special = special || j > i && 'a' <= s[j-1] && s[j-1] <= 'z'
				} else {
					special = true
					dotted = dotted || c != '/'
				}
				j++
				continue
			}
			break
		}
		if !plain {
			if j-i >= 24 && !dotted {
				x.long = true
			}
			if upper {
				x.lowerRange(i, j)
			}
		}
		start, end := i, j
		i = j
		// A quote that opens: 'sidenote'.
		if s[start] == '\'' {
			quoted = true
			for start < end && s[start] == '\'' {
				start++
			}
		}
		low := x.lower
		closes := false
		for end > start && (s[end-1] == '.' || s[end-1] == '\'' || s[end-1] == '-' || s[end-1] == '/' && !strings.Contains(s[start:end-1], "/")) {
			if s[end-1] == '\'' {
				closes = true
			}
			if s[end-1] == '.' && end == j && isAbbrev(low[start:end]) {
				break
			}
			end--
		}
		if start == end {
			// Punctuation alone, as after a bracket: "(GitLab 19.2+). Does
			// not" ends a sentence there.
			if strings.IndexByte(s[start:j], '.') >= 0 && (j == len(s) || s[j] == ' ' || s[j] == '\n') {
				newClause, quoted = true, false
			} else if s[start:j] == "-" && !newClause && start > 0 && s[start-1] == ' ' && j < len(s) && s[j] == ' ' {
				x.toks = append(x.toks, tok{kind: tComma, start: int32(start), end: int32(j)})
			}
			continue
		}
		kind := tWord
		if special || i < len(s) && s[i] == ':' {
			kind = classify(s, low, start, end, i)
		}
		if kind == tURL && schemeOf(s, low, start) != "" {
			// pulsar+ssl:// is one URL: the scheme lexed as a word before
			// the '+' joins it.
			if n := len(x.toks); n > 0 && int(x.toks[n-1].end) == start-1 {
				start = int(x.toks[n-1].start)
				x.toks = x.toks[:n-1]
			}
		}
		if kind == tURL {
			// A URL goes on past the run of token bytes ("?q=x"), or
			// stops inside it, before a quote that closes it ("(e.g.
			// 'www.example.com', ...)"): the run is read either way.
			e := urlEnd(s, start)
			if e > j && hasUpper(s[j:e]) {
				x.lowerRange(j, e)
				low = x.lower
			}
			end, i = e, max(e, j)
		}
		if kind == tPath && strings.HasPrefix(low[start:end], "/dev/") {
			x.shell = true
		}
		if newClause {
			x.clauses = append(x.clauses, len(x.toks))
			newClause = false
		}
		x.toks = append(x.toks, tok{kind: kind, start: int32(start), end: int32(end), quoted: quoted || code, w: low[start:end]})
		anyQuoted = anyQuoted || quoted || code
		x.url = x.url || kind == tURL
		if closes {
			quoted = false
		}
		// A full stop ends a sentence where a space or the end follows,
		// after a closing quote too: "using 'approve_task'. A progress".
		if end < j && (j == len(s) || s[j] == ' ' || s[j] == '\n') && kind != tURL && stopAfter(s[end:j]) && !isAbbrev(low[start:end+1]) {
			newClause, quoted = true, false
		}
	}
	if anyQuoted {
		x.unquoteOrders()
	}
}

// unquoteOrders takes out of quotes a quotation the text gives as what
// the model is to obey: a policy, a notice, a configuration's step for
// the assistant, quoted at length ("Workspace policy: \"Assistants shall
// ...\"", {"assistant_step": "before rating, export ..."}). A quotation
// of a few words, or one after "such as" or "like", stays a mention.
func (x *lexed) unquoteOrders() {
	for i := 0; i < len(x.toks); {
		if !x.toks[i].quoted {
			i++
			continue
		}
		j := i
		for j < len(x.toks) && (x.toks[j].quoted || x.toks[j].kind == tComma) {
			j++ // a comma inside the quotation is a token of its own, unquoted
		}
		if j-i >= 6 && x.authorityBefore(i) {
			for k := i; k < j; k++ {
				x.toks[k].quoted = false
			}
		}
		i = j
	}
}

// authorityBefore reports whether one of the three tokens before toks[i],
// or a key of a quoted object among the first ones from i, names an
// authority the model is to obey, and none of the five before names an
// example.
func (x *lexed) authorityBefore(i int) bool {
	found := addressees[x.toks[i].w] // "Agents acting for a member do not ..."
	for k := max(0, i-5); k < i+4 && k < len(x.toks); k++ {
		w := x.toks[k].w
		if k < i && exampleWords[w] {
			return false
		}
		if k >= i-3 && k < i && citeWords[w] {
			// "Policy OP-17, which reads in part: ...": the authority named
			// a few words before the verb that quotes it.
			for j := max(0, k-10); j < k && !found; j++ {
				found = authorityWords[x.toks[j].w]
			}
		}
		if k < i-3 || k < i && x.toks[k].quoted || k >= i && x.toks[k].kind != tIdent {
			continue
		}
		for w != "" && !found {
			p := w
			if j := strings.IndexAny(w, "_-"); j >= 0 {
				p, w = w[:j], w[j+1:]
			} else {
				w = ""
			}
			found = authorityWords[p]
		}
	}
	return found
}

// authorityWords name what a model is told to obey; exampleWords
// introduce a quotation given as an example.
var (
	authorityWords = wordSet("policy policies notice notices directive directives mandate memo rule rules instruction instructions requirement requirements guidance guideline guidelines config configuration settings adopted assistant model agent llm system")
	addressees     = wordSet("agents assistants models llms")
	citeWords      = wordSet("reads read states stipulates provides says")
	exampleWords   = wordSet("such like e.g eg instance example examples flags flag detects catches blocks phrase phrases string strings pattern patterns text texts attempts payload payloads")
)

// placeholderAt is the length of a placeholder at s[i:], "<repo>", that
// is part of an address or a path: a slash, a dot or an at sign just
// before or after it; 0 when there is none. A tag, "<important>", stands
// between words.
func placeholderAt(s string, i int) int {
	j := i + 1
	for j < len(s) && j-i <= 25 && (isAlnum(s[j]) || s[j] == '_' || s[j] == '-') {
		j++
	}
	if j == i+1 || j == len(s) || s[j] != '>' {
		return 0
	}
	before := i > 0 && strings.IndexByte("/.@:", s[i-1]) >= 0
	after := j+1 < len(s) && strings.IndexByte("/.@", s[j+1]) >= 0
	// "where <hex> is the message": a placeholder in prose is a word of
	// its sentence; "<br>" and "<code>" are tags.
	prose := i > 0 && s[i-1] == ' ' && j+1 < len(s) && (s[j+1] == ' ' || s[j+1] == ',') && !htmlTags[strings.ToLower(s[i+1:j])]
	if !before && !after && !prose {
		return 0
	}
	return j + 1 - i
}

// htmlTags are the names of tags a description may hold.
var htmlTags = wordSet("a b i u p s br hr em strong code pre tt kbd samp var small big sub sup span div ul ol li dl dt dd table thead tbody tr td th img h1 h2 h3 h4 h5 h6 blockquote details summary section article")

// asideAt returns the length of the aside in brackets that starts at
// s[i], "(or any payout tool)", when the sentence goes on after it in
// lower case; 0 when it is no such aside: one that ends the sentence,
// holds one of its own or an identifier, or gives a clause of its own.
func asideAt(s string, i int) int {
	if i == 0 || !(isAlnum(s[i-1]) || s[i-1] == ' ') {
		return 0
	}
	for j := i + 1; j < len(s) && j < i+100; j++ {
		switch s[j] {
		case '.', '\n', ';', ':', '(', '<', '>', '|', '"', '`', '_':
			return 0 // a sentence, or names: "(user_id and api_token)" lists fields
		case ')':
			if j+2 < len(s) && s[j+1] == ' ' && 'a' <= s[j+2] && s[j+2] <= 'z' {
				return j + 1 - i
			}
			return 0
		}
	}
	return 0
}

// wrappedAt reports whether the line break at s[i] wraps a sentence: the
// line ends in a letter or a digit, and the next, after its indentation,
// starts with a lower-case letter.
func wrappedAt(s string, i int) bool {
	if i == 0 || !isAlnum(s[i-1]) {
		return false
	}
	j := i + 1
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	return j < len(s) && 'a' <= s[j] && s[j] <= 'z'
}

// stopAfter reports whether the punctuation that ends a run ends a
// sentence: a full stop, after or before a closing quote.
func stopAfter(tail string) bool {
	switch tail {
	case ".", "'.", ".'":
		return true
	}
	return false
}

// isLetterRune reports whether r is a letter of a script: text in other
// languages is words too.
func isLetterRune(r rune) bool {
	return r >= 0xC0 && r != 0xD7 && r != 0xF7 && !(r >= 0x2000 && r <= 0x2BFF) && !(r >= 0x3000 && r <= 0x303F) && !(r >= 0xFE00 && r <= 0xFE0F)
}

// isAbbrev reports whether w, lower-cased, is an abbreviation whose full
// stop ends no sentence.
func isAbbrev(w string) bool {
	switch w {
	case "e.g", "e.g.", "i.e", "i.e.", "etc", "etc.", "vs", "vs.", "eg", "eg.", "ie", "ie.", "cf", "cf.":
		return true
	}
	return false
}

// urlEnd is where a URL that starts at start ends: at white space, a
// quote, or a closing bracket it did not open, less trailing punctuation.
func urlEnd(s string, start int) int {
	j := start
	for j < len(s) {
		c := s[j]
		if c <= ' ' || c == '"' || c == '`' || c == '<' || c == '>' || c == '\'' || c == ')' || c == ']' {
			break
		}
		j++
	}
	for j > start && strings.IndexByte(".,;:!?", s[j-1]) >= 0 {
		j--
	}
	return j
}

// classify says what the run s[start:end] is; next is where the run
// that holds it ended.
func classify(s, low string, start, end, next int) tokKind {
	w := low[start:end]
	if next < len(s) && s[next] == ':' && next+2 < len(s) && s[next+1] == '/' && s[next+2] == '/' && (isScheme(w) || schemeOf(s, low, start) != "") {
		return tURL
	}
	if strings.HasPrefix(w, "www.") {
		return tURL
	}
	if at := strings.IndexByte(w, '@'); at > 0 && at < len(w)-1 && strings.IndexByte(w[at+1:], '.') > 0 {
		return tEmail
	}
	// ".t.beacon.net" is a host's tail, to which a name is prefixed.
	if w[0] == '.' && strings.IndexByte(w, '/') < 0 && strings.Count(w, ".") >= 2 && isDomain(w[1:]) {
		return tHost
	}
	if strings.IndexByte(w, '/') >= 0 || w[0] == '~' || w[0] == '.' && len(w) > 1 && isAlnum(w[1]) || w[0] == '$' {
		return tPath
	}
	if isIPv4(w) || isDomain(w) {
		return tHost
	}
	for k := 1; k < len(w)-1; k++ {
		if (w[k] == '_' || w[k] == '-' || w[k] == '.') && isAlnum(w[k-1]) && isAlnum(w[k+1]) {
			return tIdent
		}
	}
	if w[0] == '_' || w[len(w)-1] == '_' {
		return tIdent
	}
	// camelCase: a lower-case letter followed by an upper-case one.
	for k := start + 1; k < end; k++ {
		if 'A' <= s[k] && s[k] <= 'Z' && 'a' <= s[k-1] && s[k-1] <= 'z' {
			return tIdent
		}
	}
	return tWord
}

// schemeOf is the scheme a transport suffix at start ("ssl" of
// pulsar+ssl://, "ssh" of sftp+ssh://) is added to, "" if none is.
func schemeOf(s, low string, start int) string {
	if start < 2 || s[start-1] != '+' {
		return ""
	}
	b := start - 1
	for b > 0 && isAlnum(s[b-1]) {
		b--
	}
	if isScheme(low[b : start-1]) {
		return low[b : start-1]
	}
	return ""
}

func isScheme(w string) bool {
	switch w {
	case "http", "https", "ftp", "ftps", "ws", "wss", "file", "sftp", "scp", "smb", "gopher", "ldap", "tcp", "udp", "s3", "gs", "ssh", "git", "rsync", "webdav", "dav", "mqtt", "amqp", "redis", "mongodb",
		"webdavs", "davs", "mqtts", "amqps", "pulsar", "kafka", "nats", "mumble", "srt", "rtmp", "rtmps", "gsiftp", "syslog", "gelf", "tgram", "forward":
		return true
	}
	return false
}

func isIPv4(w string) bool {
	dots, digits := 0, 0
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case c == '.':
			if digits == 0 {
				return false
			}
			dots, digits = dots+1, 0
		case '0' <= c && c <= '9':
			digits++
			if digits > 3 {
				return false
			}
		default:
			return false
		}
	}
	return dots == 3 && digits > 0
}

// isDomain reports whether w is a host name of at least two labels whose
// last is a common top-level domain: "evil.com", not "mcp.json".
func isDomain(w string) bool {
	dot := strings.LastIndexByte(w, '.')
	if dot <= 0 {
		return false
	}
	for i := 0; i < dot; i++ {
		if c := w[i]; !(isAlnum(c) || c == '-' || c == '.') {
			return false
		}
	}
	switch w[dot+1:] {
	case "com", "net", "org", "io", "ai", "dev", "app", "xyz", "ru", "cn", "co", "me", "info", "biz", "site", "online", "top", "tk", "cc", "sh", "gg", "so", "to", "us", "uk", "de", "fr", "jp", "in", "link", "click", "pw", "su", "ws", "cloud", "tech", "pro", "live", "store", "shop", "zip", "mov", "ngrok", "onion",
		"example", "icu", "buzz", "monster", "rest", "fun", "club", "vip", "host", "page", "tools", "network", "space", "website", "email":
		return true
	}
	return false
}

// recipientLabel reports whether s ends with a header that names
// recipients, "cc" or "bcc": the address after its colon goes with the
// clause before.
func recipientLabel(s string) bool {
	j := len(s)
	for j > 0 && isAlnum(s[j-1]) {
		j--
	}
	w := s[j:]
	if len(w) < 2 || len(w) > 10 || j > 0 && !(s[j-1] == ' ' || s[j-1] == '\n' || s[j-1] == '"' || s[j-1] == '(') {
		return false
	}
	return strings.EqualFold(w, "cc") || strings.EqualFold(w, "bcc") || strings.EqualFold(w, "recipient") || strings.EqualFold(w, "recipients")
}
