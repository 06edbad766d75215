package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"maps"
	"reflect"
	"slices"
	"strings"
)

// decode reads body as a T: a JSON object with every field of T, by its
// exact JSON name, and no other. The standard decoder alone would let a
// missing field default to zero (a missing let_stand would undo a play),
// match names in any case, and cut or pad arrays to length.
func decode[T Action](body []byte) (Action, error) {
	var v T
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(body, &raw); err != nil || raw == nil {
		return nil, invalid("the body is not a JSON object")
	}
	if name, twice := repeatedName(body); twice {
		return nil, invalid("%q is given twice", name)
	}
	t := reflect.TypeFor[T]()
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		value, ok := raw[name]
		if !ok || string(value) == "null" {
			return nil, invalid("%q is missing", name)
		}
		delete(raw, name)
		if f.Type.Kind() == reflect.Array {
			var items []json.RawMessage
			if json.Unmarshal(value, &items) != nil || len(items) != f.Type.Len() {
				return nil, invalid("%q: want a list of %d numbers", name, f.Type.Len())
			}
		}
	}
	if len(raw) > 0 {
		return nil, invalid("unknown field %q", slices.Sorted(maps.Keys(raw))[0])
	}
	if err := json.Unmarshal(body, &v); err != nil {
		return nil, typeError(err)
	}
	return v, nil
}

// repeatedName finds a name given twice in the JSON object body, which
// the standard decoder would settle silently by taking the last value.
func repeatedName(body []byte) (string, bool) {
	dec := json.NewDecoder(bytes.NewReader(body))
	if _, err := dec.Token(); err != nil { // the object's '{'
		return "", false
	}
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		name, isName := t.(string)
		if err != nil || !isName {
			return "", false
		}
		if seen[name] {
			return name, true
		}
		seen[name] = true
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return "", false
		}
	}
	return "", false
}

// typeError says which field has a value of the wrong type, without the
// decoder's Go type names.
func typeError(err error) error {
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) {
		return invalid("the body is not valid JSON")
	}
	want := "a whole number in range"
	switch te.Type.Kind() {
	case reflect.String:
		want = "a string"
	case reflect.Bool:
		want = "true or false"
	}
	name := te.Field
	if i := strings.IndexByte(name, '.'); i >= 0 {
		name = name[:i]
	}
	got, isNumber := strings.CutPrefix(te.Value, "number ")
	if !isNumber {
		got = valueWords[te.Value]
	}
	return invalid("%q: want %s, not %s", name, want, got)
}

// valueWords names the JSON values the decoder reports by type.
var valueWords = map[string]string{
	"string": "a string", "number": "a number", "bool": "true or false",
	"array": "a list", "object": "an object",
}
