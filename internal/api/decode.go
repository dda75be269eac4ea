package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
)

// Decode reads a JSON object body into dst. An empty body is an empty object;
// anything that is not one JSON object of the right types is a 400 naming
// the field; a body over the limit is a 413; a non-JSON content type a 415.
// Unknown fields are ignored, as the spec's clients send extras.
func Decode(r *http.Request, dst any) error {
	body, err := readBody(r, true)
	if err != nil || len(body) == 0 {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	return finish(dec, dst)
}

// DecodeStrict is Decode for the operator's calls: the body must be one
// JSON object (not empty), of application/json, with only known fields.
func DecodeStrict(r *http.Request, dst any) error {
	body, err := readBody(r, false)
	if err != nil {
		return err
	}
	if len(body) == 0 || body[0] != '{' {
		return Invalid("body", nil).With("body must be a JSON object")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	return finish(dec, dst)
}

// readBody checks the content type and reads the trimmed body.
func readBody(r *http.Request, textPlain bool) ([]byte, error) {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || (mt != "application/json" && !(textPlain && mt == "text/plain")) {
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
	return bytes.TrimSpace(body), nil
}

func finish(dec *json.Decoder, dst any) error {
	if err := dec.Decode(dst); err != nil {
		return decodeError(err)
	}
	if dec.More() {
		return &Error{Code: CodeInvalid, Key: "invalid_json", Status: http.StatusOK, Detail: "trailing data"}
	}
	return nil
}

func decodeError(err error) error {
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) {
		field := typeErr.Field
		if field == "" {
			field = "body"
		}
		return Invalid(field, err).With(fmt.Sprintf("%s must be %s", field, typeName(typeErr)))
	}
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		if unq, err := strconv.Unquote(name); err == nil {
			name = unq
		}
		return Invalid(name, err).With(name + " is not a known field")
	}
	return &Error{Code: CodeInvalid, Key: "invalid_json", Status: http.StatusOK, Err: err}
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
	return e.Type.String()
}
