import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LicenceNotes } from '@wps/shared/schemas/operator-identity';
import './licence-warnings.css';

/**
 * The licence's warnings about the site settings (docs/compliance.md, "Operator identification"):
 * the site's public address or a listed domain outside the licence's domain (bet.br under BR), and
 * identification fields it requires left blank. Warnings, never a block: nothing stops the site.
 * Nothing is drawn when the licence has nothing to say. `settingsLink` adds the way to fix it.
 */
export function LicenceWarnings({ notes, settingsLink = false }: { notes: LicenceNotes; settingsLink?: boolean }) {
  const { t } = useTranslation();
  const offDomain = notes.publicDomain !== null && notes.outsideDomain.length > 0;
  const missing = notes.missingIdentity.length > 0;
  if (!offDomain && !missing) return null;
  return (
    <section className="licence-warnings" aria-label={t('licenceWarnings.label')}>
      {offDomain && (
        <p>
          {t('licenceWarnings.outsideDomain', {
            profile: notes.profile,
            domain: notes.publicDomain,
            addresses: notes.outsideDomain.join(', '),
          })}
        </p>
      )}
      {missing && (
        <p>
          {t('licenceWarnings.missingIdentity', {
            profile: notes.profile,
            fields: notes.missingIdentity.map((field) => t(`licenceWarnings.fields.${field}`)).join(', '),
          })}
        </p>
      )}
      {settingsLink && (
        <p>
          <Link to="/site-settings?section=identity">{t('licenceWarnings.open')}</Link>
        </p>
      )}
    </section>
  );
}
