package config

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"path"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"toolbench/core/termtext"
)

// Error is what is wrong with a configuration file: each problem found,
// at its place.
type Error struct {
	Problems []Problem
}

// Problem is one thing wrong with the file, where it is: byte column.
type Problem struct {
	File         string
	Line, Column int
	Msg          string
}

func (p Problem) String() string { return fmt.Sprintf("%s:%d:%d: %s", p.File, p.Line, p.Column, p.Msg) }

// Error is one line a problem, in the order of the file.
func (e *Error) Error() string {
	lines := make([]string, len(e.Problems))
	for i, p := range e.Sorted() {
		lines[i] = p.String()
	}
	return strings.Join(lines, "\n")
}

// Sorted returns the problems in the order of the file: by line, then
// column.
func (e *Error) Sorted() []Problem {
	return slices.SortedStableFunc(slices.Values(e.Problems), func(a, b Problem) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column))
	})
}

var tableType = reflect.TypeFor[fileTable]()

// decode reads data into the table, and checks what the decoder does
// not: the values each key may hold.
func decode(file string, data []byte) (*fileTable, *index, error) {
	var raw fileTable
	dec := toml.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return nil, nil, decodeError(file, data, err)
	}
	ix := newIndex(data)
	v := &validator{file: file, ix: ix}
	v.table(nil, reflect.ValueOf(raw))
	if len(v.problems) > 0 {
		return nil, nil, &Error{Problems: v.problems}
	}
	return &raw, ix, nil
}

// decodeError words what the decoder found wrong, at the place it says.
func decodeError(file string, data []byte, err error) error {
	var strict *toml.StrictMissingError
	if errors.As(err, &strict) {
		e := &Error{}
		for _, de := range strict.Errors {
			line, col := de.Position()
			e.Problems = append(e.Problems, Problem{file, line, col, unknownKey(de.Key())})
		}
		return e
	}
	var de *toml.DecodeError
	if !errors.As(err, &de) {
		return fmt.Errorf("%s: %w", file, err)
	}
	line, col := de.Position()
	msg := strings.TrimPrefix(de.Error(), "toml: ")
	if kind, ok := strings.CutPrefix(msg, "cannot decode TOML "); ok {
		kind, _, _ = strings.Cut(kind, " into")
		msg = wrongType(de.Key(), kind)
	} else {
		msg = "not TOML: " + msg + quoteHint(data, line, col)
	}
	return &Error{Problems: []Problem{{file, line, col, msg}}}
}

// quoteHint is what to add to a syntax error at line and col that is
// the "/" of a key left bare, as a code with a target's prefix is
// ("openai/invalid-name"): TOML reads a bare key of letters, digits, "_"
// and "-" only. "" when the error is another.
func quoteHint(data []byte, line, col int) string {
	lines := strings.Split(string(data), "\n")
	if line < 1 || line > len(lines) {
		return ""
	}
	text := strings.TrimRight(lines[line-1], "\r")
	if col < 1 || col > len(text) || text[col-1] != '/' {
		return ""
	}
	key, _, _ := strings.Cut(strings.TrimSpace(text), "=")
	key = strings.TrimSpace(key)
	if key == "" || strings.ContainsAny(key, "\"'[]") {
		return ""
	}
	return "; a key with \"/\" must be quoted: " + strconv.Quote(key) + " = ..."
}

// unknownKey words a key the table does not have, with the near name.
func unknownKey(key []string) string {
	name := key[len(key)-1]
	parent := key[:len(key)-1]
	msg := "unknown key " + termtext.Quote(name)
	if len(parent) > 0 {
		msg += " in " + tableName(parent)
	}
	return msg + didYouMean(name, keysAt(parent))
}

// wrongType words a value of the wrong type at key.
func wrongType(key []string, tomlKind string) string {
	t := typeAt(key)
	if t == nil {
		return "the value of " + termtext.Quote(strings.Join(key, ".")) + " has the wrong type"
	}
	return termtext.Quote(strings.Join(key, ".")) + " must be " + describe(t) + ", not " + article(tomlKind)
}

// fieldsOf are the keyed fields of a table's struct.
func fieldsOf(t reflect.Type) []reflect.StructField {
	var out []reflect.StructField
	for f := range t.Fields() {
		if f.Tag.Get("toml") != "" {
			out = append(out, f)
		}
	}
	return out
}

// typeAt is the Go type of the value at key (array indexes left out, as
// the decoder leaves them out), nil when the table has no such key.
func typeAt(key []string) reflect.Type {
	t := tableType
	for _, k := range key {
		if t.Kind() == reflect.Map {
			t = t.Elem() // k is one of its keys
			continue
		}
		if t.Kind() == reflect.Slice {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct {
			return nil
		}
		f, ok := fieldNamed(t, k)
		if !ok {
			return nil
		}
		t = f.Type
	}
	return t
}

func fieldNamed(t reflect.Type, key string) (reflect.StructField, bool) {
	for _, f := range fieldsOf(t) {
		if f.Tag.Get("toml") == key {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

// keysAt are the keys of the table at key.
func keysAt(key []string) []string {
	t := tableType
	if len(key) > 0 {
		t = typeAt(key)
	}
	for t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Map) {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct {
		return nil
	}
	var keys []string
	for _, f := range fieldsOf(t) {
		keys = append(keys, f.Tag.Get("toml"))
	}
	return keys
}

// tableName is a table as the file writes its header: "[rules]",
// "[[ignore]]".
func tableName(key []string) string {
	var keys []string
	for _, k := range key {
		if _, err := strconv.Atoi(k); err != nil {
			keys = append(keys, k)
		}
	}
	name := strings.Join(keys, ".")
	if t := typeAt(keys); t != nil && t.Kind() == reflect.Slice {
		return "[[" + name + "]]"
	}
	return "[" + name + "]"
}

// describe says what a value of type t is.
func describe(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Int64:
		return "an integer"
	case reflect.Map:
		return "a table of strings"
	case reflect.Struct:
		return "a table"
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Struct {
			return "an array of tables"
		}
		return "a list of strings"
	}
	return t.String()
}

func article(kind string) string {
	if kind == "" {
		return "another type"
	}
	if strings.ContainsRune("aeiou", rune(kind[0])) {
		return "an " + kind
	}
	return "a " + kind
}

// validator checks a decoded file against the table's tags.
type validator struct {
	file     string
	ix       *index
	problems []Problem
}

func (v *validator) at(offset int, msg string) {
	line, col := v.ix.position(offset)
	v.problems = append(v.problems, Problem{v.file, line, col, msg})
}

// table checks the struct rv, the table at path.
func (v *validator) table(path []string, rv reflect.Value) {
	t := rv.Type()
	for f := range t.Fields() {
		if keys := f.Tag.Get("anyOf"); keys != "" && !anyGiven(rv, strings.Split(keys, ",")) {
			v.at(v.ix.keyAt(path), "this "+tableName(path)+" entry needs "+orList(strings.Split(keys, ",")))
		}
	}
	for _, f := range fieldsOf(t) {
		key := f.Tag.Get("toml")
		fp := append(slices.Clone(path), key)
		fv := rv.FieldByIndex(f.Index)
		v.field(fp, f, fv)
	}
}

func (v *validator) field(path []string, f reflect.StructField, fv reflect.Value) {
	key := path[len(path)-1]
	if f.Tag.Get("required") != "" && (fv.IsZero() || fv.Kind() == reflect.Slice && fv.Len() == 0) {
		v.at(v.ix.keyAt(path[:len(path)-1]), "this "+tableName(path[:len(path)-1])+" entry needs "+termtext.Quote(key))
		return
	}
	switch fv.Kind() {
	case reflect.String:
		if fv.String() != "" {
			v.value(path, f, fv.String())
		}
	case reflect.Struct:
		v.table(path, fv)
	case reflect.Int64:
		if min, err := strconv.ParseInt(f.Tag.Get("min"), 10, 64); err == nil && fv.Int() < min {
			v.at(v.ix.valueAt(path), termtext.Quote(key)+" must be at least "+strconv.FormatInt(min, 10))
		}
	case reflect.Slice:
		for i := range fv.Len() {
			ep := append(slices.Clone(path), strconv.Itoa(i))
			if e := fv.Index(i); e.Kind() == reflect.Struct {
				v.table(ep, e)
			} else {
				v.value(ep, f, e.String())
			}
		}
	case reflect.Map:
		keys := fv.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(a.String(), b.String()) })
		for _, k := range keys {
			kp := append(slices.Clone(path), k.String())
			if set := f.Tag.Get("keys"); set != "" {
				v.member(v.ix.keyAt(kp), set, k.String(), "")
			}
			v.value(kp, f, fv.MapIndex(k).String())
		}
	}
}

// value checks a string at path against the field's values and glob.
func (v *validator) value(path []string, f reflect.StructField, s string) {
	if set := f.Tag.Get("values"); set != "" {
		v.member(v.ix.valueAt(path), set, s, path[len(path)-1])
	}
	if kind := f.Tag.Get("glob"); kind != "" {
		if err := checkGlob(kind, s); err != nil {
			v.at(v.ix.valueAt(path), "invalid glob "+termtext.Quote(s)+": "+err.Error())
		}
	}
}

// member checks that s is of the named set; key, when the set is a
// table's values, is the member's key.
func (v *validator) member(offset int, set, s, key string) {
	if valueSets[set].has(s) {
		return
	}
	names := valueSets[set].all()
	var msg string
	switch set {
	case "selectors":
		err := CheckSelector(s)
		if err == nil {
			return
		}
		msg = err.Error()
	case "levels":
		msg = "unknown level " + termtext.Quote(s) + " for " + termtext.Quote(key) + " (known: " + strings.Join(names, ", ") + ")" + didYouMean(s, names)
	case "policies":
		msg = "unknown policy " + termtext.Quote(s) + " for " + termtext.Quote(key) + " (known: " + strings.Join(names, ", ") + ")" + didYouMean(s, names)
	case "targets":
		msg = "unknown target " + termtext.Quote(s) + " (known: " + strings.Join(names, ", ") + ")" + didYouMean(s, names)
	default:
		msg = "unknown " + set + " " + termtext.Quote(s) + " (known: " + strings.Join(names, ", ") + ")" + didYouMean(s, names)
	}
	v.at(offset, msg)
}

func anyGiven(rv reflect.Value, keys []string) bool {
	for _, k := range keys {
		if f, ok := fieldNamed(rv.Type(), k); ok && !rv.FieldByIndex(f.Index).IsZero() {
			return true
		}
	}
	return false
}

func orList(keys []string) string {
	q := make([]string, len(keys))
	for i, k := range keys {
		q[i] = termtext.Quote(k)
	}
	if len(q) < 2 {
		return strings.Join(q, "")
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}

// checkGlob returns the syntax error of a glob, nil for a good one.
func checkGlob(kind, glob string) error {
	if glob == "" {
		return errors.New("empty")
	}
	for _, seg := range strings.Split(glob, "/") {
		if _, err := path.Match(seg, ""); err != nil {
			return err
		}
	}
	return nil
}
