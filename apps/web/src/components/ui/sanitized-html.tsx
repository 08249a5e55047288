import { useMemo } from 'react';
import { sanitizeHtml } from './sanitize-html';

type SanitizedHtmlProps = { html: string; className?: string };

/**
 * The operator's HTML (site content, platform messages), sanitised again in the browser before it
 * is drawn. The server already keeps to an allow-list when the text is saved; this second pass
 * (scripts, event handlers, javascript: links) protects players from HTML that reached the
 * database another way.
 */
export function SanitizedHtml({ html, className }: SanitizedHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
