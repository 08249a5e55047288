import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { ListStates } from '../../../components/ui/list-states';
import { translateError } from '../../../lib/i18n';
import { useHelpCenter } from '../api/get-help-center';
import { SanitizedHtml } from '../../../components/ui/sanitized-html';
import './content-pages.css';
import './help-centre.css';

/** Typing pauses this long before the search is sent. */
const SEARCH_DELAY_MS = 300;

function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** A category's heading: the known categories are translated, the operator's own codes made readable. */
function useCategoryLabel() {
  const { t } = useTranslation('content');
  return (code: string) => {
    const readable = code.replace(/[_-]+/g, ' ').trim();
    return t(`help.categories.${code}`, { defaultValue: readable.charAt(0).toUpperCase() + readable.slice(1) });
  };
}

/**
 * /help: the operator's help articles by category, each opening in place, and a search (accent-
 * and case-insensitive, on the server) that narrows them as the player types. `children` end the
 * page (the app puts the customer-service entries there).
 */
export function HelpCentrePage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('content');
  const titleId = useId();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const help = useHelpCenter(q);
  const categoryLabel = useCategoryLabel();

  return (
    <section className="content-page help-centre" aria-labelledby={titleId}>
      <h1 id={titleId} className="content-page__title">
        {t('help.title')}
      </h1>
      <p className="content-page__lead">{t('help.lead')}</p>
      <label className="help-centre__search">
        <span className="help-centre__search-label">{t('help.searchLabel')}</span>
        <input
          type="search"
          className="help-centre__input"
          placeholder={t('help.searchPlaceholder')}
          value={search}
          maxLength={100}
          onChange={(e) => setSearch(e.target.value)}
        />
      </label>
      <div aria-live="polite" aria-busy={help.isFetching}>
        <ListStates
          isLoading={help.isLoading}
          errorText={help.isError && !help.data ? translateError(help.error) : null}
          onRetry={() => void help.refetch()}
          value={help.data}
          isEmpty={(value) => value.categories.length === 0}
          labels={{
            loading: t('help.loading'),
            retry: t('help.retry'),
            empty: q ? t('help.noMatch', { query: q }) : t('help.empty'),
          }}
          rows={4}
        >
          {(value) => (
            <div className="help-centre__categories">
              {value.categories.map((category) => (
                <section
                  key={category.code}
                  className="help-centre__category"
                  aria-label={categoryLabel(category.code)}
                >
                  <h2 className="help-centre__category-title">{categoryLabel(category.code)}</h2>
                  {category.articles.map((article) => (
                    <details key={article.id} className="help-article">
                      <summary className="help-article__summary">
                        <span>{article.title}</span>
                        <ChevronDownIcon size={18} aria-hidden="true" className="help-article__chevron" />
                      </summary>
                      <SanitizedHtml className="content-html help-article__body" html={article.content} />
                    </details>
                  ))}
                </section>
              ))}
            </div>
          )}
        </ListStates>
        {q && help.data?.categories.length === 0 && (
          <Button size="sm" variant="secondary" onClick={() => setSearch('')}>
            {t('help.clearSearch')}
          </Button>
        )}
      </div>
      {children}
    </section>
  );
}
