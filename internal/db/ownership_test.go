package db_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// TestTableOwnership holds the design's rule that each table has one owning
// package, named in a comment above its CREATE TABLE, and that no other
// package's SQL names it. Tests and the demo seed (a fixture that fills an
// empty database, as the migrations fill reference data) may write any table.
func TestTableOwnership(t *testing.T) {
	owners := tableOwners(t)
	sqlTable := regexp.MustCompile(`\b(?:FROM|INTO|UPDATE|JOIN|TABLE|EXISTS)\s+([a-z_]+)\b`)
	root := filepath.Join("..")
	var problems []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			if rel == "seed" || rel == "db" || strings.HasSuffix(rel, "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		pkg := filepath.ToSlash(filepath.Dir(rel))
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			for _, m := range sqlTable.FindAllStringSubmatch(s, -1) {
				if owner, ok := owners[m[1]]; ok && owner != pkg {
					problems = append(problems, rel+": names "+m[1]+", owned by "+owner)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(problems)
	for _, p := range problems {
		t.Error(p)
	}
}

// tableOwners reads "-- owner: pkg" above every CREATE TABLE of both
// dialects; a table without one, or with two different owners, fails.
func tableOwners(t *testing.T) map[string]string {
	t.Helper()
	create := regexp.MustCompile(`^CREATE TABLE ([a-z_]+)`)
	owner := regexp.MustCompile(`owner: ([a-z/]+)`)
	out := map[string]string{}
	for _, dialect := range []string{"sqlite", "postgres"} {
		files, err := filepath.Glob(filepath.Join("migrations", dialect, "*.sql"))
		if err != nil || len(files) == 0 {
			t.Fatalf("migrations of %s: %v", dialect, err)
		}
		for _, file := range files {
			raw, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(string(raw), "\n")
			for i, l := range lines {
				m := create.FindStringSubmatch(l)
				if m == nil {
					continue
				}
				got := ""
				for j := i - 1; j >= 0 && strings.HasPrefix(lines[j], "--"); j-- {
					if o := owner.FindStringSubmatch(lines[j]); o != nil {
						got = o[1]
						break
					}
				}
				if got == "" {
					t.Errorf("%s: CREATE TABLE %s names no owner", file, m[1])
					continue
				}
				if prev, ok := out[m[1]]; ok && prev != got {
					t.Errorf("%s: %s owned by %s and %s", file, m[1], prev, got)
				}
				out[m[1]] = got
			}
		}
	}
	return out
}
