package api

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"
)

// DefaultLang is the language of messages when the lang header names none we know.
const DefaultLang = "en_US"

//go:embed messages/*.json
var messageFiles embed.FS

// Catalogue translates server message keys. Each of the spec's eleven
// languages holds every key (messages_test checks); a key one lacks falls
// back to en_US rather than showing the raw key.
type Catalogue struct {
	byLang map[string]map[string]string
}

// LoadCatalogue reads the embedded message files.
func LoadCatalogue() (*Catalogue, error) {
	c := &Catalogue{byLang: map[string]map[string]string{}}
	entries, err := fs.Glob(messageFiles, "messages/*.json")
	if err != nil {
		return nil, fmt.Errorf("messages: %w", err)
	}
	for _, name := range entries {
		raw, err := messageFiles.ReadFile(name)
		if err != nil {
			return nil, fmt.Errorf("messages: %w", err)
		}
		m := map[string]string{}
		if err := json.Unmarshal(raw, &m); err != nil {
			return nil, fmt.Errorf("messages %s: %w", name, err)
		}
		lang := strings.TrimSuffix(strings.TrimPrefix(name, "messages/"), ".json")
		c.byLang[lang] = m
	}
	if c.byLang[DefaultLang] == nil {
		return nil, fmt.Errorf("messages: %s.json missing", DefaultLang)
	}
	return c, nil
}

// Text is the message for key in lang, else in en_US, else the key itself.
func (c *Catalogue) Text(lang, key string) string {
	if s, ok := c.byLang[lang][key]; ok {
		return s
	}
	if s, ok := c.byLang[DefaultLang][key]; ok {
		return s
	}
	return key
}

// Has reports whether en_US defines key; tests use it to keep codes and
// messages in step.
func (c *Catalogue) Has(key string) bool {
	_, ok := c.byLang[DefaultLang][key]
	return ok
}
