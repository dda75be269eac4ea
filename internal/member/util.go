package member

import "strings"

// normAccount is the stored form of an account: accounts compare without case.
func normAccount(a string) string { return strings.ToLower(strings.TrimSpace(a)) }

func splitColumns(cols string) []string {
	var out []string
	for _, c := range strings.Split(cols, ",") {
		if c = strings.TrimSpace(c); c != "" {
			out = append(out, c)
		}
	}
	return out
}
