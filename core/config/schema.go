package config

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
)

// Schema returns the JSON Schema (draft 7, which editors' TOML plugins
// read) of the configuration file, generated from the table the parser
// checks files against: the keys, their types, docs and allowed values,
// rule codes and target names among them. It ends in a newline.
func Schema() []byte {
	s := objectSchema(tableType)
	s["$schema"] = "http://json-schema.org/draft-07/schema#"
	s["title"] = "toolbench.toml"
	s["description"] = "toolbench's configuration: targets, rules, accepted issues, and what a team's CI holds tool definitions to."
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(s); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

type schema = map[string]any

func objectSchema(t reflect.Type) schema {
	props := schema{}
	var required []string
	s := schema{"type": "object", "additionalProperties": false}
	for f := range t.Fields() {
		if keys := f.Tag.Get("anyOf"); keys != "" {
			var any []schema
			for _, k := range strings.Split(keys, ",") {
				any = append(any, schema{"required": []string{k}})
			}
			s["anyOf"] = any
		}
	}
	for _, f := range fieldsOf(t) {
		key := f.Tag.Get("toml")
		props[key] = fieldSchema(f)
		if f.Tag.Get("required") != "" {
			required = append(required, key)
		}
	}
	s["properties"] = props
	if required != nil {
		s["required"] = required
	}
	return s
}

func fieldSchema(f reflect.StructField) schema {
	var s schema
	switch f.Type.Kind() {
	case reflect.String:
		s = stringSchema(f.Tag.Get("values"))
	case reflect.Int64:
		s = schema{"type": "integer"}
		if min, err := strconv.Atoi(f.Tag.Get("min")); err == nil {
			s["minimum"] = min
		}
	case reflect.Slice:
		if f.Type.Elem().Kind() == reflect.Struct {
			s = schema{"type": "array", "items": objectSchema(f.Type.Elem())}
		} else {
			s = schema{"type": "array", "items": stringSchema(f.Tag.Get("values"))}
		}
	case reflect.Struct:
		s = objectSchema(f.Type)
	case reflect.Map:
		s = schema{"type": "object", "additionalProperties": stringSchema(f.Tag.Get("values"))}
		if keys := f.Tag.Get("keys"); keys != "" {
			s["propertyNames"] = schema{"enum": valueSets[keys].all()}
		}
	}
	if doc := f.Tag.Get("doc"); doc != "" {
		s["description"] = doc
	}
	if f.Tag.Get("required") != "" && f.Type.Kind() == reflect.Slice {
		s["minItems"] = 1
	}
	return s
}

func stringSchema(values string) schema {
	s := schema{"type": "string"}
	if values != "" {
		s["enum"] = valueSets[values].all()
	}
	return s
}
