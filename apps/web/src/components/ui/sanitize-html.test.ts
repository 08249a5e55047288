// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { XSS_PAYLOADS, runsScript } from '@wps/shared/xss-payloads';
import { sanitizeHtml } from './sanitize-html';

// The browser's half of the rich-text defence, on its own: the shared XSS payloads go straight
// into the player site's DOMPurify pass (as if they had reached the database without the server's
// sanitiser), and nothing that runs script comes out. The server's half is
// apps/server/src/modules/content/content-html.test.ts.
describe('sanitizeHtml (DOMPurify on render)', () => {
  it.each(XSS_PAYLOADS)('leaves nothing that runs script of %s', (payload) => {
    const clean = sanitizeHtml(payload);
    expect(runsScript(clean), clean).toBeNull();
  });

  it("keeps an operator's ordinary markup", () => {
    const html =
      '<h2>Regras</h2><p>Ganhe <strong>100%</strong> no <a href="https://ok.example/x">site</a>.</p><ul><li>Um</li></ul>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('the check itself catches what it must', () => {
    for (const dangerous of [
      '<script>x</script>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">x</a>',
      '<iframe src="x"></iframe>',
    ]) {
      expect(runsScript(dangerous)).not.toBeNull();
    }
  });
});
