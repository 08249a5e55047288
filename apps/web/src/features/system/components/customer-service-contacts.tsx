import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerServiceEntry } from '../customer-service';
import { CustomerServiceIcon, CustomerServiceLink } from './customer-service-link';
import './customer-service.css';

/** What an entry leads to, in words: the address of e-mail and phone entries, how web ones open. */
function useEntryDetail() {
  const { t } = useTranslation('common');
  return (entry: CustomerServiceEntry) => {
    if (entry.openAs === 'email') return entry.path.replace(/^mailto:/i, '').split('?')[0];
    if (entry.openAs === 'phone') return entry.path.replace(/^tel:/i, '');
    return entry.openAs === 'popup' || entry.openAs === 'chat'
      ? t('customerService.opensPopup')
      : t('customerService.opensTab');
  };
}

/**
 * The help pages' "contact us" block: every entry the player is offered (VIP entries first for a
 * VIP player), each as a link with its name and where it leads. Nothing when there is none.
 */
export function CustomerServiceContacts({ entries }: { entries: readonly CustomerServiceEntry[] }) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const detail = useEntryDetail();
  if (entries.length === 0) return null;
  return (
    <section className="cs-contacts" aria-labelledby={titleId}>
      <h2 id={titleId} className="cs-contacts__title">
        {t('customerService.contactsTitle')}
      </h2>
      <p className="cs-contacts__lead">{t('customerService.contactsLead')}</p>
      <ul className="cs-contacts__list">
        {entries.map((entry, index) => (
          <li key={`${entry.csType}-${index}`}>
            <CustomerServiceLink entry={entry} className={`cs-contacts__item${entry.vipOnly ? ' is-vip' : ''}`}>
              <span className="cs-contacts__icon">
                <CustomerServiceIcon entry={entry} size={22} />
              </span>
              <span className="cs-contacts__text">
                <span className="cs-contacts__name">
                  {entry.name}
                  {entry.vipOnly && <span className="cs-contacts__badge">{t('customerService.vip')}</span>}
                </span>
                <span className="cs-contacts__detail">{detail(entry)}</span>
              </span>
            </CustomerServiceLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
