import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { HeadsetIcon } from '../../../components/ui/icons';
import type { CustomerServiceEntry } from '../customer-service';
import { openCustomerService } from '../customer-service';
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
  const contact = customerService[0];
  return (
    <main className="status-page">
      <div className="status-page__card">
        <div className="status-page__art">{illustration}</div>
        <h1 className="status-page__title">{title}</h1>
        <div className="status-page__notice">{notice}</div>
        <div className="status-page__actions">
          {children}
          {contact && (
            <Button variant="secondary" icon={<HeadsetIcon size={18} />} onClick={() => openCustomerService(contact)}>
              {t('status.contactUs')}
            </Button>
          )}
        </div>
      </div>
    </main>
  );
}
