package i18n

import "testing"

func TestPick(t *testing.T) {
	raw := Text(map[string]string{"en_US": "Welcome", "vi_VN": "Chào mừng", "zh_CN": ""})
	cases := []struct {
		langs []string
		want  string
	}{
		{[]string{"vi_VN"}, "Chào mừng"},
		{[]string{"zh_CN"}, "Welcome"},            // empty text falls through
		{[]string{"ko_KR", "vi_VN"}, "Chào mừng"}, // site default before en_US
		{nil, "Welcome"},
	}
	for _, c := range cases {
		if got := Pick(raw, c.langs...); got != c.want {
			t.Errorf("Pick(%v) = %q, want %q", c.langs, got, c.want)
		}
	}
	if Pick("not json", "en_US") != "" || Pick("", "en_US") != "" {
		t.Error("bad stored text must read as empty")
	}
}
