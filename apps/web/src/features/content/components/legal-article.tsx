import type { LiveContentItem } from '@wps/shared/schemas/content';
import { SanitizedHtml } from '../../../components/ui/sanitized-html';
import './content-pages.css';

/** A published legal page: its title and the operator's text. */
export function LegalArticle({ item }: { item: LiveContentItem }) {
  return (
    <article className="content-page" aria-labelledby="legal-title">
      <h1 id="legal-title" className="content-page__title">
        {item.title}
      </h1>
      <SanitizedHtml className="content-html" html={item.bodyHtml} />
    </article>
  );
}
