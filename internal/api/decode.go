package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"reflect"
	"strconv"
	"strings"
)

// MaxString is the longest string (in bytes) a request field may hold unless
// its struct field says otherwise with a `maxlen:"N"` tag. It is far above
// any form field and far below what an index or a log line should carry.
const MaxString = 2 << 10

// Decode reads a JSON object body into dst. An empty body is an empty object
// (then no content type is needed: the call has no parameters); a body needs
// Content-Type application/json, else 415, so no cross-site form or
// text/plain request reaches a handler without a CORS preflight. Anything
// that is not one JSON object of the right types, or holds a string with a
// NUL character or over its length cap, is a 400 naming the field by its
// wire name; a body over the limit is a 413. Unknown fields are ignored, as
// the spec's clients send extras.
func Decode(r *http.Request, dst any) error {
	body, err := readBody(r)
	if err != nil || len(body) == 0 {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	return finish(dec, body, dst)
}

// DecodeStrict is Decode for the operator's calls: the body must be one
// JSON object (not empty), of application/json, with only known fields.
func DecodeStrict(r *http.Request, dst any) error {
	body, err := readBody(r)
	if err != nil {
		return err
	}
	if len(body) == 0 || body[0] != '{' {
		return Bad("body", "must be a JSON object")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	return finish(dec, body, dst)
}

// readBody reads the trimmed body; a non-empty one must be declared JSON.
func readBody(r *http.Request) ([]byte, error) {
	ct := r.Header.Get("Content-Type")
	if ct != "" {
		if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "application/json" {
			return nil, ErrMediaType
		}
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return nil, ErrTooLarge
		}
		return nil, Invalid("body", err)
	}
	body = bytes.TrimSpace(body)
	if ct == "" && len(body) > 0 {
		return nil, ErrMediaType
	}
	return body, nil
}

func finish(dec *json.Decoder, body []byte, dst any) error {
	if err := dec.Decode(dst); err != nil {
		return decodeError(err, reflect.TypeOf(dst))
	}
	if dec.More() {
		return &Error{Code: CodeInvalid, Key: "invalid_json", Status: http.StatusOK, Detail: "trailing data"}
	}
	if err := CheckStrings(dst); err != nil {
		return err
	}
	// A NUL in a field the handler ignores is refused too (naming the
	// body), so no NUL is ever taken anywhere.
	if hasNUL(body) {
		return Bad("body", "must not contain a NUL character")
	}
	return nil
}

// hasNUL reports whether JSON text holds an escaped NUL (\u0000 behind an
// odd run of backslashes); a raw NUL byte is a syntax error already.
func hasNUL(body []byte) bool {
	for i := 0; ; {
		j := bytes.Index(body[i:], []byte(`u0000`))
		if j < 0 {
			return false
		}
		j += i
		n := 0
		for k := j - 1; k >= 0 && body[k] == '\\'; k-- {
			n++
		}
		if n%2 == 1 {
			return true
		}
		i = j + 1
	}
}

func decodeError(err error, t reflect.Type) error {
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) {
		field := wirePath(t, typeErr.Field)
		if field == "" {
			field = "body"
		}
		return &Error{Code: CodeInvalid, Key: "invalid_params", Field: field, Detail: "must be " + typeName(typeErr),
			Status: http.StatusOK, Err: err}
	}
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		if unq, err := strconv.Unquote(name); err == nil {
			name = unq
		}
		return &Error{Code: CodeInvalid, Key: "invalid_params", Field: echoName(name), Detail: "is not a known field",
			Status: http.StatusOK, Err: err}
	}
	// The position is the one safe, useful part of a syntax error; the
	// parser's own text (which quotes the input) stays in the log.
	e := &Error{Code: CodeInvalid, Key: "invalid_json", Status: http.StatusOK, Err: err}
	var syntax *json.SyntaxError
	switch {
	case errors.As(err, &syntax):
		e.Detail = fmt.Sprintf("syntax error at byte %d", syntax.Offset)
	case errors.Is(err, io.ErrUnexpectedEOF):
		e.Detail = "the body ends too early"
	}
	return e
}

// wirePath turns the decoder's field path, which names embedded structs by
// their Go type ("DeviceInfo.udid"), into the wire path ("udid").
func wirePath(t reflect.Type, goPath string) string {
	if goPath == "" {
		return ""
	}
	var out []string
	for seg := range strings.SplitSeq(goPath, ".") {
		for t != nil && (t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map) {
			t = t.Elem()
		}
		if t == nil || t.Kind() != reflect.Struct {
			out = append(out, seg)
			t = nil
			continue
		}
		f, embedded := structField(t, seg)
		if !embedded {
			out = append(out, seg)
		}
		t = nil
		if f != nil {
			t = f.Type
		}
	}
	return strings.Join(out, ".")
}

// structField finds seg in t by wire name, or as an embedded struct's Go
// name (embedded reports true: the segment is not on the wire).
func structField(t reflect.Type, seg string) (*reflect.StructField, bool) {
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && name == "" && f.Name == seg {
			return &f, true
		}
		if name == seg || (name == "" && strings.EqualFold(f.Name, seg)) {
			return &f, false
		}
	}
	for i := range t.NumField() {
		f := t.Field(i)
		if ft := f.Type; f.Anonymous && ft.Kind() == reflect.Struct {
			if g, emb := structField(ft, seg); g != nil {
				return g, emb
			}
		}
	}
	return nil, false
}

func typeName(e *json.UnmarshalTypeError) string {
	if e.Type == nil {
		return "of another type"
	}
	switch e.Type.Kind().String() {
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64":
		return "an integer"
	case "float32", "float64":
		return "a number"
	case "string":
		return "a string"
	case "bool":
		return "a boolean"
	case "struct", "map":
		return "an object"
	case "slice", "array":
		return "a list"
	case "ptr":
		return typeName(&json.UnmarshalTypeError{Type: e.Type.Elem()})
	}
	return "of another type"
}

// CheckStrings refuses any string in v (struct fields, list items, map keys
// and values, raw JSON) that holds a NUL character, which no database text
// column takes, or is longer than its cap: MaxString bytes, or the field's
// `maxlen:"N"` tag. The error names the field by its wire path.
func CheckStrings(v any) error {
	return checkValue(reflect.ValueOf(v), "", MaxString)
}

var rawMessageType = reflect.TypeFor[json.RawMessage]()

func checkValue(v reflect.Value, path string, max int) error {
	if !v.IsValid() {
		return nil
	}
	if v.Type() == rawMessageType {
		return checkRaw(v.Bytes(), path, max)
	}
	switch v.Kind() {
	case reflect.String:
		return checkString(v.String(), path, max)
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return checkValue(v.Elem(), path, max)
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return nil
		}
		for i := range v.Len() {
			if err := checkValue(v.Index(i), fmt.Sprintf("%s[%d]", path, i), max); err != nil {
				return err
			}
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() {
			k := iter.Key()
			name := join(path, echoName(fmt.Sprint(k.Interface())))
			if k.Kind() == reflect.String {
				if err := checkString(k.String(), join(path, "key"), MaxString); err != nil {
					return err
				}
			}
			if err := checkValue(iter.Value(), name, max); err != nil {
				return err
			}
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			fieldMax := MaxString
			if n, err := strconv.Atoi(f.Tag.Get("maxlen")); err == nil {
				fieldMax = n
			}
			fieldPath := path
			if !(f.Anonymous && name == "") {
				if name == "" {
					name = f.Name
				}
				fieldPath = join(path, name)
			}
			if err := checkValue(v.Field(i), fieldPath, fieldMax); err != nil {
				return err
			}
		}
	}
	return nil
}

func checkString(s, path string, max int) error {
	if path == "" {
		path = "body"
	}
	if strings.IndexByte(s, 0) >= 0 {
		return Bad(path, "must not contain a NUL character")
	}
	if len(s) > max {
		return Bad(path, fmt.Sprintf("must be at most %d bytes", max))
	}
	return nil
}

// checkRaw checks the strings of raw JSON that a handler decodes later.
func checkRaw(raw []byte, path string, max int) error {
	if len(raw) == 0 {
		return nil
	}
	var v any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return nil // the handler's own decode reports it
	}
	return checkValue(reflect.ValueOf(v), path, max)
}

// echoName is a client-chosen name as an answer may repeat it: a short
// identifier, else a placeholder.
func echoName(s string) string {
	if s == "" || len(s) > 64 {
		return "field"
	}
	for _, c := range s {
		if !(c == '_' || c == '-' || c == '.' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return "field"
		}
	}
	return s
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}
