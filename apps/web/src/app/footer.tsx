import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FacebookIcon, InstagramIcon, TelegramIcon } from '../components/ui/icons';
import { usePermission } from '../lib/api/get-permission';
import { toSafeHttpUrl } from '../lib/safe-url';
import { Logo } from '../components/ui/logo';
import { ResponsibleGamingNotice } from '../components/ui/responsible-gaming-notice';
import { useFooterBlocks } from '../features/content/api/list-footer-blocks';
import { useLegalPages } from '../features/content/api/list-legal-pages';
import { AffiliateBlock, FooterLines, PaymentLogos, ProviderLogos } from './footer-blocks';
import { OperatorIdentification, SelfExclusionLink } from './operator-identification';
import './footer.css';

type Social = { type: 'FACEBOOK' | 'INSTAGRAM' | 'TELEGRAM'; label: string; Icon: ComponentType<{ size?: number }> };

/**
 * The operator's legal pages and the help centre. A legal page is linked once it is published (an
 * unpublished one would open the 404 page); the help centre always opens.
 */
const LEGAL_LINKS = [
  { to: '/terms', key: 'footer.terms', page: 'terms' },
  { to: '/privacy', key: 'footer.privacy', page: 'privacy' },
  { to: '/responsible-gaming', key: 'footer.responsibleGaming', page: 'responsible_gaming' },
  { to: '/help', key: 'footer.help', page: null },
] as const;

const SOCIALS: readonly Social[] = [
  { type: 'FACEBOOK', label: 'Facebook', Icon: FacebookIcon },
  { type: 'INSTAGRAM', label: 'Instagram', Icon: InstagramIcon },
  { type: 'TELEGRAM', label: 'Telegram', Icon: TelegramIcon },
];

/**
 * Footer frame: brand block, the affiliate block, social links that exist in resources, the game
 * providers' and the payment methods' logos, the legal pages and the help centre, who runs the site
 * (legal name, CNPJ, address, licence number: site settings), the licence and regulator line, the
 * ombudsman's contacts, the age notice, the self-exclusion platform's link (where the licence asks)
 * and copyright. The operator's blocks
 * (affiliate, licence, payment logos, ombudsman) are content items of the kind "footer"; the
 * providers are the lobby's vendors.
 * Loaded after the first paint (layout.tsx): it is below the fold.
 */
export function Footer() {
  const { t } = useTranslation('storefront');
  const { data: permission } = usePermission();
  const blocks = useFooterBlocks().data ?? [];
  const published = useLegalPages().data ?? [];
  const links = LEGAL_LINKS.filter((link) => link.page === null || published.includes(link.page));
  const affiliate = blocks.find((item) => item.groupCode === 'affiliate');
  const licences = blocks.filter((item) => item.groupCode === 'licence');
  const payments = blocks.filter((item) => item.groupCode === 'payment');
  const ombudsman = blocks.filter((item) => item.groupCode === 'ombudsman');
  const brandName = permission?.brand.brandName ?? '';
  const socials = SOCIALS.flatMap((social) => {
    const resource = permission?.resources.find((entry) => entry.resourceType.toUpperCase() === social.type);
    const url = resource ? toSafeHttpUrl(resource.url) : null;
    return url ? [{ ...social, url }] : [];
  });
  const year = new Date().getFullYear();

  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <Logo brandName={brandName} />
          <p className="footer__tagline">{t('footer.tagline', { brand: brandName })}</p>
        </div>
        {affiliate && <AffiliateBlock item={affiliate} />}
        {socials.length > 0 && (
          <nav className="footer__socials" aria-label={t('footer.socials')}>
            <ul>
              {socials.map(({ type, label, Icon, url }) => (
                <li key={type}>
                  <a href={url} target="_blank" rel="noopener noreferrer" className="footer__social" aria-label={label}>
                    <Icon size={20} />
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
      <div className="footer__rows">
        <ProviderLogos />
        <PaymentLogos items={payments} />
      </div>
      <nav className="footer__links" aria-label={t('footer.legal')}>
        <ul>
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="footer__link">
                {t(link.key)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <OperatorIdentification />
      {licences.length > 0 && (
        <FooterLines items={licences} label={t('footer.licence')} linkText={t('footer.regulatorLink')} />
      )}
      {ombudsman.length > 0 && (
        <FooterLines
          items={ombudsman}
          label={t('footer.ombudsman')}
          linkText={t('footer.ombudsmanLink')}
          testId="footer-ombudsman"
        />
      )}
      <div className="footer__legal">
        <ResponsibleGamingNotice />
        <SelfExclusionLink />
        <p className="footer__copyright">{t('footer.copyright', { year, brand: brandName })}</p>
      </div>
    </footer>
  );
}
