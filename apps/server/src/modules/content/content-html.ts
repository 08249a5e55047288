import sanitizeHtml from 'sanitize-html';

/*
 * Operators write content as HTML (announcements, promotions' rules, help articles, legal
 * pages). It is sanitised here before it is stored, with an allow-list, and again by the player
 * site before it is drawn (DOMPurify): a script that got past one would still meet the other.
 * Allowed: text structure, emphasis, lists, simple tables, links (web, e-mail and phone only;
 * new-window links get rel="noopener noreferrer") and images from https or the site's own paths.
 * Everything else (script, style, iframe, forms, event handlers, style attributes, other URL
 * schemes) is dropped; the text inside dropped tags is kept unless the tag is a script or style.
 */

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'span',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Nothing from these reaches the page, not even as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    a: (tagName, attribs) => {
      const attributes: Record<string, string> = { ...attribs };
      if (attributes.target !== undefined && attributes.target !== '_blank') delete attributes.target;
      if (attributes.target === '_blank') attributes.rel = 'noopener noreferrer';
      return { tagName, attribs: attributes };
    },
  },
  // An image loads from https or the site's own paths (uploaded content images), never a relative or protocol-relative URL.
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^(https:\/\/|\/(?!\/))/.test(frame.attribs.src ?? ''),
};

/** Operator HTML made safe to store and serve. */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
