package admin

import "testing"

func TestSanitizeHTML(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"plain text", "Play fair", "Play fair"},
		{"text is escaped", `1 < 2 & "x" > 0`, "1 &lt; 2 &amp; &#34;x&#34; &gt; 0"},
		{"entities are kept as text", "&lt;script&gt; &amp; &eacute;", "&lt;script&gt; &amp; é"},
		{"allowed tags lose attributes", `<p class="x" onclick="evil()">Hi <B style="color:red">there</B></p>`, "<p>Hi <b>there</b></p>"},
		{"script and its content go", `a<script>alert(1)</script>b<SCRIPT src=x></SCRIPT >c`, "abc"},
		{"unclosed script drops the rest", `a<script>alert(1)`, "a"},
		{"style, iframe, svg go", `<style>p{}</style><iframe src="//x"></iframe><svg><script>1</script></svg>ok`, "ok"},
		{"unknown tags go, text stays", `<img src=x onerror=alert(1)><font>text</font><input value=1>`, "text"},
		{"comments and doctype go", `<!DOCTYPE html><!-- <script>x</script> -->ok<?php x ?>`, "ok"},
		{"https link", `<a href="https://example.com/a?b=1&amp;c=2" onclick="x">t</a>`,
			`<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">t</a>`},
		{"site link stays in the tab", `<a href='/faq/2'>faq</a>`, `<a href="/faq/2" rel="noopener noreferrer">faq</a>`},
		{"mailto link", `<a href=mailto:help@example.com>mail</a>`, `<a href="mailto:help@example.com" rel="noopener noreferrer" target="_blank">mail</a>`},
		{"javascript link loses its href", `<a href="javascript:alert(1)">x</a>`, "<a>x</a>"},
		{"obfuscated javascript", `<a href="java&#x09;script:alert(1)">x</a><a href=" JaVaScRiPt:alert(1)">y</a>`, "<a>x</a><a>y</a>"},
		{"data url", `<a href="data:text/html,<script>alert(1)</script>">x</a>`, "<a>x</a>"},
		{"protocol-relative link", `<a href="//evil.example/">x</a><a href="/\evil.example">y</a>`, "<a>x</a><a>y</a>"},
		{"quote breaking", `<a href="https://x.example/&quot;onmouseover=&quot;alert(1)">x</a>`,
			`<a href="https://x.example/&#34;onmouseover=&#34;alert(1)" rel="noopener noreferrer" target="_blank">x</a>`},
		{"lone angle brackets", `a < b <3 <> </ >`, "a &lt; b &lt;3 &lt;&gt; &lt;/ &gt;"},
		{"tag without end", `<p onclick="x"`, "&lt;p onclick=&#34;x&#34;"},
		{"nested trick stays text", `<scr<script>ipt>alert(1)</script>`, "ipt&gt;alert(1)"},
		{"void tags", `line<br/>rule<hr>end</br>`, "line<br>rule<hr>end"},
		{"lists and tables", `<ul><li>a</li></ul><table><tr><td>1</td></tr></table>`, "<ul><li>a</li></ul><table><tr><td>1</td></tr></table>"},
	} {
		if got := SanitizeHTML(c.in); got != c.want {
			t.Errorf("%s:\n in   %s\n got  %s\n want %s", c.name, c.in, got, c.want)
		}
	}
}
