import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { localeTag } from '../../../lib/i18n';
import { useVerifyAuditChain } from '../api/verify-audit-chain';

/**
 * The audit chain's check (docs/compliance.md, "Records, audit and reports"): every entry's hash
 * and link recomputed from the first one, each keyed seal checked and the regulator exports' heads
 * compared; the answer names the first broken link, if any.
 */
export function AuditChainCheck() {
  const { t, i18n } = useTranslation('audit');
  const verify = useVerifyAuditChain();
  const result = verify.data;
  const time = new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'medium' });
  return (
    <section className="audit-chain" aria-labelledby="audit-chain-title">
      <h2 id="audit-chain-title">{t('chain.title')}</h2>
      <p>{t('chain.intro')}</p>
      <Button onClick={() => verify.mutate(undefined)} disabled={verify.isPending}>
        {verify.isPending ? t('chain.checking') : t('chain.check')}
      </Button>
      <div role="status" aria-live="polite" className="audit-chain-result">
        {result && result.ok && (
          <p className="audit-chain-ok">
            {t('chain.ok', { count: result.checked, seq: result.headSeq, at: time.format(new Date(result.checkedAt)) })}{' '}
            <code title={result.headHash}>{result.headHash.slice(0, 16)}…</code>
          </p>
        )}
        {result && <p className="audit-chain-anchors">{t('chain.anchors', { count: result.anchorsCompared })}</p>}
        {result && !result.ok && result.firstBroken && (
          <div className="audit-chain-broken">
            <p>
              <strong>
                {t('chain.broken', { entry: result.firstBroken.entryId ?? '—', seq: result.firstBroken.seq ?? '—' })}
              </strong>{' '}
              {t(`chain.problems.${result.firstBroken.problem}`)}
            </p>
            <p>
              <code className="audit-chain-detail">{result.firstBroken.detail}</code>
            </p>
          </div>
        )}
      </div>
      <FormError message={verify.errorMessage} />
    </section>
  );
}
