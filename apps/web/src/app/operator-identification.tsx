import { useTranslation } from 'react-i18next';
import { OPERATOR_IDENTITY_FIELDS } from '@wps/shared/operator-identity';
import { usePermission } from '../lib/api/get-permission';
import { toSafeHttpUrl } from '../lib/safe-url';
import './operator-identification.css';

/**
 * Who runs the site: the operator's legal name, CNPJ, registered address and licence number, as
 * the permission call gives them (docs/compliance.md, "Operator identification"). Only the filled
 * ones: the server sends a blank field as null, and a line is drawn only with its value, so there is
 * never a "CNPJ:" with nothing after it. Shown by the footer and under the legal pages.
 */
export function OperatorIdentification() {
  const { t } = useTranslation('storefront');
  const { data: permission } = usePermission();
  const identity = permission?.operatorIdentity;
  const lines = OPERATOR_IDENTITY_FIELDS.flatMap((field) => {
    const value = identity?.[field]?.trim();
    return value ? [{ field, value }] : [];
  });
  if (lines.length === 0) return null;
  return (
    <section className="operator-identity" aria-label={t('identity.label')} data-testid="operator-identity">
      <dl className="operator-identity__list">
        {lines.map(({ field, value }) => (
          <div key={field} className="operator-identity__item">
            <dt>{t(`identity.${field}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The link to the regulator's central self-exclusion platform (one request bars the player at every
 * licensed operator), where the licence asks for it: the server sends its address only then.
 */
export function SelfExclusionLink() {
  const { t } = useTranslation('storefront');
  const { data: permission } = usePermission();
  const url = permission?.operatorIdentity?.selfExclusionUrl;
  const href = url ? toSafeHttpUrl(url) : null;
  if (!href) return null;
  return (
    <p className="operator-identity__self-exclusion">
      {t('identity.selfExclusionText')}{' '}
      <a href={href} className="footer__link" target="_blank" rel="noopener noreferrer">
        {t('identity.selfExclusionLink')}
      </a>
    </p>
  );
}
