import { describe, expect, it } from 'vitest';
import { sanitizeContentHtml } from './content-html';
import { XSS_PAYLOADS, looksDangerous } from '@wps/shared/xss-payloads';

// The server's half of the content XSS defence: a list of known payloads goes through the
// sanitiser, and nothing that can run script or load from elsewhere comes out. (The player site
// is to run DOMPurify over the stored HTML again before drawing it.)
describe('sanitizeContentHtml', () => {
  it.each(XSS_PAYLOADS)('leaves nothing dangerous of %s', (payload) => {
    const clean = sanitizeContentHtml(payload);
    expect(looksDangerous(clean), clean).toBeNull();
  });

  it('keeps the structure an operator writes, and closes new windows off from the opener', () => {
    const html =
      '<h2>Regras</h2><p>Deposite <strong>R$ 50,00</strong> e ganhe <em>50%</em>.</p><ul><li>Um</li><li>Dois</li></ul><a href="https://lumenbet.example/promo" target="_blank">Ver</a><img src="https://cdn.example/p.png" alt="Promo" width="300" height="100">';
    expect(sanitizeContentHtml(html)).toBe(
      '<h2>Regras</h2><p>Deposite <strong>R$ 50,00</strong> e ganhe <em>50%</em>.</p><ul><li>Um</li><li>Dois</li></ul><a href="https://lumenbet.example/promo" target="_blank" rel="noopener noreferrer">Ver</a><img src="https://cdn.example/p.png" alt="Promo" width="300" height="100" />',
    );
  });

  it('keeps the text of tags it drops, but nothing of scripts and styles', () => {
    expect(
      sanitizeContentHtml(
        '<div class="x">Olá <font color=red>mundo</font></div><script>alert(1)</script><style>p{}</style>',
      ),
    ).toBe('Olá mundo');
  });
});
