// Known XSS payloads, for the tests of both halves of the rich-text defence: the server's
// sanitiser on save (content and platform messages: `looksDangerous`, the strict check) and the
// player site's DOMPurify pass on render (`runsScript`, what DOMPurify must remove on its own).

export const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<object data="https://evil.example/x.swf"></object>',
  '<embed src="https://evil.example/x.swf">',
  '<form action="https://evil.example"><input name=x></form>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="color:red" onclick="alert(1)">x</p>',
  '<body onload=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="https://evil.example/">',
  '<link rel=stylesheet href="https://evil.example/x.css">',
  '<img src="//evil.example/x.png">',
  '<img src="http://evil.example/x.png">',
  '"><script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</script>',
  '<a href="https://ok.example" target="_blank">ok</a>',
  '<template><script>alert(1)</script></template>',
  '<img src="/content/images/ab12.png" onerror="alert(1)">',
];

/** What must never survive: a script, an event handler, a scripting URL, a frame, or a load from outside https. */
export function looksDangerous(html: string): string | null {
  const checks: [RegExp, string][] = [
    [
      /<\s*(script|iframe|object|embed|form|input|svg|math|style|link|meta|base|video|source|details|template|body)\b/i,
      'a dangerous tag',
    ],
    [/\son[a-z]+\s*=/i, 'an event handler'],
    [/(java|vb)script\s*:/i, 'a script URL'],
    [/data\s*:/i, 'a data URL'],
    [/\sstyle\s*=/i, 'a style attribute'],
    [/<img[^>]+src="(?!https:\/\/|\/[^/])/i, 'an image not over https or from the site'],
  ];
  for (const [pattern, what] of checks) if (pattern.test(html)) return what;
  return null;
}

/**
 * What the browser-side pass must remove by itself, whatever reached the database: a script, an
 * event handler, a scripting URL, an element that loads or runs another document, a style (CSS
 * can load from elsewhere) or a form.
 */
export function runsScript(html: string): string | null {
  const checks: [RegExp, string][] = [
    [/<\s*(script|iframe|object|embed|base|meta|link|frame|frameset)\b/i, 'a dangerous tag'],
    [/\son[a-z]+\s*=/i, 'an event handler'],
    [/(java|vb)script\s*:/i, 'a script URL'],
    [/(href|src|action|formaction|data)\s*=\s*"?\s*data\s*:\s*text\/html/i, 'an HTML data URL'],
    [/<\s*(style|form|input)\b|\sstyle\s*=/i, 'a style or a form'],
  ];
  for (const [pattern, what] of checks) if (pattern.test(html)) return what;
  return null;
}
