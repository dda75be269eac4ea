package api_test

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"gamehall/internal/api"
	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/testutil"
)

// completeLanguages are the spec's eleven languages: each catalogue holds
// every key, so no player meets English unless they chose it.
var completeLanguages = []string{"zh_TW", "zh_CN", "en_US", "vi_VN", "ko_KR", "ja_JP", "th_TH", "hi_IN", "my_MM", "ta_IN", "bn_BD"}

// sameAsEnglish are the keys whose text may equal the English one in another
// language, with the reason. None today: every server message is a sentence
// a player reads, and brand names (Gamehall) and codes (JSON, SMS) sit inside
// translated sentences. Add a key only for a value that is itself a brand
// name or a code.
var sameAsEnglish = map[string]string{}

// keyUses are the ways server code names a message key: an error's key, a
// detail key of the sign-up rules, a message looked up by key.
var keyUses = []*regexp.Regexp{
	regexp.MustCompile(`NewError\([^,()]+,\s*"([^"]+)"\)`),
	regexp.MustCompile(`Error\{[^}]*\bKey:\s*"([^"]+)"`),
	regexp.MustCompile(`"(signup\.[A-Za-z_.]+)"`),
	regexp.MustCompile(`\.(?:Text|msg)\([^,()]+,\s*"([^"]+)"\)`),
}

// Every message key the server's Go code uses exists in every complete
// catalogue, so no client ever reads a raw key such as house_bad_bet.
func TestEveryUsedKeyIsInEveryCompleteCatalogue(t *testing.T) {
	used := map[string]string{} // key -> first file using it
	for _, dir := range []string{"../../internal", "../../cmd"} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for _, re := range keyUses {
				for _, m := range re.FindAllStringSubmatch(string(src), -1) {
					if _, ok := used[m[1]]; !ok {
						used[m[1]] = path
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(used) < 100 {
		t.Fatalf("found only %d keys: the scan is broken", len(used))
	}
	for _, lang := range completeLanguages {
		raw, err := os.ReadFile("messages/" + lang + ".json")
		if err != nil {
			t.Fatal(err)
		}
		cat := map[string]string{}
		if err := json.Unmarshal(raw, &cat); err != nil {
			t.Fatalf("%s: %v", lang, err)
		}
		var missing []string
		for key, file := range used {
			if cat[key] == "" {
				missing = append(missing, key+" (used in "+file+")")
			}
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			t.Errorf("%s.json lacks %d keys:\n%s", lang, len(missing), strings.Join(missing, "\n"))
		}
	}
}

func readCatalogue(t *testing.T, lang string) (keys []string, cat map[string]string) {
	t.Helper()
	raw, err := os.ReadFile("messages/" + lang + ".json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &cat); err != nil {
		t.Fatalf("%s: %v", lang, err)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil { // {
		t.Fatal(err)
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return keys, cat
}

var printfVerb = regexp.MustCompile(`%[sd]`)

// Every catalogue holds exactly the keys of en_US, in its order (so a
// reviewer reads the files side by side), each translated: not empty, not
// the English text (outside sameAsEnglish) and with the same %s verbs.
func TestEveryCatalogueIsTranslated(t *testing.T) {
	enKeys, en := readCatalogue(t, "en_US")
	for _, lang := range completeLanguages {
		if lang == "en_US" {
			continue
		}
		keys, cat := readCatalogue(t, lang)
		if strings.Join(keys, ",") != strings.Join(enKeys, ",") {
			t.Errorf("%s.json does not hold the keys of en_US.json in their order", lang)
		}
		for _, key := range enKeys {
			v := strings.TrimSpace(cat[key])
			switch {
			case v == "":
				t.Errorf("%s %s is missing or empty", lang, key)
			case v == en[key] && sameAsEnglish[key] == "":
				t.Errorf("%s %s is the English text %q", lang, key, v)
			case strings.Join(printfVerb.FindAllString(v, -1), "") != strings.Join(printfVerb.FindAllString(en[key], -1), ""):
				t.Errorf("%s %s changes the placeholders of %q: %q", lang, key, en[key], v)
			}
		}
	}
}

// A request in each of the eleven languages reads its own catalogue, in a
// success envelope and in an error, through the real server: the lang header
// is checked against the languages the database knows.
func TestEveryLanguageAnswersInItsOwnCatalogue(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d)
		for _, lang := range completeLanguages {
			_, cat := readCatalogue(t, lang)
			ok := s.Post("/api/arks/web/footer", `{"site_id":1}`, "lang", lang)
			bad := s.Post("/api/arks/web/footer", `{"site_id":999}`, "lang", lang)
			if ok.Code != api.CodeOK || ok.Message != cat["success"] {
				t.Errorf("%s: success envelope %d %q, want %q", lang, ok.Code, ok.Message, cat["success"])
			}
			if bad.Message != cat["site_not_found"] {
				t.Errorf("%s: error message %q, want %q", lang, bad.Message, cat["site_not_found"])
			}
		}
	})
}
