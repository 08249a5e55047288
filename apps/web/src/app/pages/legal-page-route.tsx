import { useTranslation } from 'react-i18next';
import { ListStates } from '../../components/ui/list-states';
import { translateError } from '../../lib/i18n';
import { useLegalPage, type LegalPage } from '../../features/content/api/get-legal-page';
import { LegalArticle } from '../../features/content/components/legal-article';
import { OperatorIdentification } from '../operator-identification';
import { NotFoundPage } from './not-found-page';

/**
 * /terms, /privacy and /responsible-gaming: the operator's published page, or the site's 404 page
 * while it is not published (the server answers CONTENT_NOT_FOUND). Under the text, who runs the
 * site (the operator's identification, as in the footer).
 */
export function LegalPageRoute({ page }: { page: LegalPage }) {
  const { t } = useTranslation('content');
  const legal = useLegalPage(page);
  if (legal.isUnpublished) return <NotFoundPage />;
  return (
    <ListStates
      isLoading={legal.isLoading}
      errorText={legal.isError ? translateError(legal.error) : null}
      onRetry={() => void legal.refetch()}
      value={legal.data}
      isEmpty={() => false}
      labels={{ loading: t('legal.loading'), retry: t('legal.retry'), empty: '' }}
      rows={6}
    >
      {(item) => (
        <>
          <LegalArticle item={item} />
          <OperatorIdentification />
        </>
      )}
    </ListStates>
  );
}
