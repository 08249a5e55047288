import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HeadsetIcon } from '../../../components/ui/icons';
import { visibleCustomerService, type CustomerServiceEntry } from '../customer-service';
import { CustomerServiceLink } from './customer-service-link';
import './status-page.css';

type StatusPageProps = {
  illustration: ReactNode;
  title: string;
  notice: ReactNode;
  customerService: readonly CustomerServiceEntry[];
  children?: ReactNode;
};

/** Shared frame of the maintenance and region-block pages. */
export function StatusPage({ illustration, title, notice, customerService, children }: StatusPageProps) {
  const { t } = useTranslation('common');
  // Nobody is signed in here: the first entry every player is offered.
  const contact = visibleCustomerService(customerService, null)[0];
  return (
    <main className="status-page">
      <div className="status-page__card">
        <div className="status-page__art">{illustration}</div>
        <h1 className="status-page__title">{title}</h1>
        <div className="status-page__notice">{notice}</div>
        <div className="status-page__actions">
          {children}
          {contact && (
            <CustomerServiceLink entry={contact} className="btn btn--secondary btn--md">
              <HeadsetIcon size={18} />
              <span className="btn__label">{t('status.contactUs')}</span>
            </CustomerServiceLink>
          )}
        </div>
      </div>
    </main>
  );
}
