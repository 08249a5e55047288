import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/ui/logo';
import { HelpCentrePage } from '../../features/content/components/help-centre-page';
import { CustomerServiceContacts } from '../../features/system/components/customer-service-contacts';
import { useCustomerService } from '../../features/system/use-customer-service';
import { usePermission } from '../../lib/api/get-permission';
import './help-page.css';

/** /help: the help centre, ending with the customer-service entries the player is offered. */
export function HelpPage() {
  const { entries } = useCustomerService();
  return (
    <HelpCentrePage>
      <CustomerServiceContacts entries={entries} />
    </HelpCentrePage>
  );
}

/**
 * /helpmc: the same help centre standing alone, without the site's header, menu or footer (the
 * product's standalone help, e.g. opened from the app or a support message): only the brand,
 * linking back to the site.
 */
export function StandaloneHelpPage() {
  const { t } = useTranslation('common');
  const { data: permission } = usePermission();
  return (
    <div className="help-standalone">
      <header className="help-standalone__bar">
        <Link to="/" className="help-standalone__brand" aria-label={t('helpStandalone.backToSite')}>
          <Logo brandName={permission?.brand.brandName ?? ''} />
        </Link>
        <Link to="/" className="help-standalone__back">
          {t('helpStandalone.backToSite')}
        </Link>
      </header>
      <main id="main-content" className="help-standalone__main">
        <HelpPage />
      </main>
    </div>
  );
}
