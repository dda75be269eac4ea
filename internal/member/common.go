package member

import (
	_ "embed"
	"strings"
	"sync"
)

//go:embed common_passwords.txt
var commonPasswordsText string

// commonPasswords is parsed once; it is immutable after that.
var commonPasswords = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, line := range strings.Split(commonPasswordsText, "\n") {
		line = strings.TrimSpace(line)
		if line != "" && !strings.HasPrefix(line, "#") {
			m[strings.ToLower(line)] = true
		}
	}
	return m
})

// IsCommonPassword reports whether p (case-insensitively) is on the bundled list.
func IsCommonPassword(p string) bool { return commonPasswords()[strings.ToLower(p)] }
