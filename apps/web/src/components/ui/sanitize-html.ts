import DOMPurify from 'dompurify';

/**
 * The player site's pass over the operator's HTML before it is drawn (DOMPurify, the HTML profile:
 * no scripts, event handlers, scripting URLs, frames or SVG/MathML), without style sheets, style
 * attributes or form controls, which the server's allow-list never stores either: DOMPurify keeps
 * `style="background:url(javascript:…)"` and forms by default. The server keeps to a stricter
 * allow-list on save; this protects players from HTML that reached the database another way.
 * sanitize-html.test.ts feeds it the shared XSS payloads.
 */
const CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'select', 'textarea'],
  FORBID_ATTR: ['style'],
};

export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, CONFIG);
}
