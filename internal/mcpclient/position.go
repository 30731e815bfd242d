package mcpclient

import (
	"bytes"
	"errors"
	"strings"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// lineCol returns the 1-based line and byte column of offset off in data.
func lineCol(data []byte, off int) (line, col int) {
	off = min(max(off, 0), len(data))
	before := data[:off]
	line = 1 + bytes.Count(before, []byte{'\n'})
	return line, off - bytes.LastIndexByte(before, '\n')
}

// jsonOffset returns where in the input a jsontext or json error occurred.
func jsonOffset(err error) (int, bool) {
	var syn *jsontext.SyntacticError
	if errors.As(err, &syn) {
		return int(syn.ByteOffset), true
	}
	var sem *json.SemanticError
	if errors.As(err, &sem) {
		return int(sem.ByteOffset), true
	}
	return 0, false
}

// jsonMessage is the text of a jsontext or json error without the package's
// prefix and without the offset, which the caller gives as line:column.
func jsonMessage(err error) string {
	var syn *jsontext.SyntacticError
	if errors.As(err, &syn) && syn.Err != nil {
		return syn.Err.Error()
	}
	var sem *json.SemanticError
	if errors.As(err, &sem) {
		msg := strings.TrimPrefix(sem.Error(), "json: ")
		return msg
	}
	return err.Error()
}
