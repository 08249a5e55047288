import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The hero's words in the first screen of index.html, from the default language's strings (PT):
 * the same title and text the home page's hero draws for a visitor, the brand left as a slot the
 * server fills in (apps/server/src/http/index-page.ts). Read from the locale file, never typed
 * twice, so the first screen says what the page then says.
 */
export function firstScreenWords(localesDir: string): Plugin {
  return {
    name: 'wps:first-screen-words',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const common = JSON.parse(fs.readFileSync(path.join(localesDir, 'pt', 'common.json'), 'utf8')) as {
          home: { title: string; text: string };
        };
        const title = escapeText(common.home.title).replace('{{brand}}', '<!--first-screen:brand-->');
        return html
          .replace('%FIRST_SCREEN_TITLE%', () => title)
          .replace('%FIRST_SCREEN_TEXT%', () => escapeText(common.home.text));
      },
    },
  };
}
