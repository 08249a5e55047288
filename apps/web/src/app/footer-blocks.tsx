import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LiveContentItem } from '@wps/shared/schemas/content';
import { Button } from '@wps/ui/button';
import { openAuthModal } from '../features/auth/auth-modal-store';
import { toBannerLink } from '../features/content/banner-link';
import { useVendorLanes } from '../features/lobby/api/get-vendor-lanes';
import { isReferralEnabled, usePermission } from '../lib/api/get-permission';
import { useMemberInfo } from '../lib/api/get-member-info';
import { openMemberCentre } from './member-centre/member-centre-store';

/**
 * The words of an operator's HTML block, as plain text: the footer draws text, never markup, so
 * it needs no sanitiser (DOMParser runs no script and loads nothing for a detached document).
 */
function textOf(html: string): string {
  if (!html.trim()) return '';
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
}

/** Where a block's linkage leads, as a link with the given text and class (nothing without one). */
function LinkageLink({ item, className, children }: { item: LiveContentItem; className: string; children: string }) {
  const link = toBannerLink({
    linkageType: item.linkage?.type ?? null,
    linkageTarget: item.linkage?.target ?? null,
    linkageVendor: null,
  });
  if (link?.kind === 'route') {
    return (
      <Link to={link.to} className={className}>
        {children}
      </Link>
    );
  }
  if (link?.kind === 'external') {
    return (
      <a href={link.href} className={className} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return null;
}

/**
 * The affiliate block (the operator's footer block "affiliate", shown once published): its pitch
 * and a start button: to where its linkage leads; else, with the referral programme on, the
 * member centre's referral page for a member (a visitor registers first).
 */
export function AffiliateBlock({ item }: { item: LiveContentItem }) {
  const { t } = useTranslation('storefront');
  const { isLogin, isTrial, isAgent } = useMemberInfo();
  const { data: permission } = usePermission();
  const text = textOf(item.bodyHtml);
  const hasLinkage = item.linkage !== null;
  return (
    <section className="footer-affiliate" aria-labelledby="footer-affiliate-title">
      <p className="footer-block__eyebrow">{t('footer.affiliateTitle')}</p>
      <h2 id="footer-affiliate-title" className="footer-affiliate__title">
        {item.title}
      </h2>
      {text && <p className="footer-affiliate__text">{text}</p>}
      {hasLinkage ? (
        <LinkageLink item={item} className="btn btn--primary btn--sm footer-affiliate__start">
          {t('footer.affiliateStart')}
        </LinkageLink>
      ) : !isLogin ? (
        <Button size="sm" className="footer-affiliate__start" onClick={() => openAuthModal('register')}>
          {t('footer.affiliateStart')}
        </Button>
      ) : (
        !isTrial &&
        !isAgent &&
        isReferralEnabled(permission) && (
          <Button size="sm" className="footer-affiliate__start" onClick={() => openMemberCentre('referral')}>
            {t('footer.affiliateStart')}
          </Button>
        )
      )}
    </section>
  );
}

/**
 * Lines of footer blocks, each its title, its text and a link where its linkage leads: the
 * licence and regulator lines (blocks "licence"), and the ombudsman's contacts (blocks
 * "ombudsman": ouvidoria, which a Brazilian licence asks be shown; docs/compliance.md, "Player rights").
 */
export function FooterLines({
  items,
  label,
  linkText,
  testId,
}: {
  items: LiveContentItem[];
  label: string;
  linkText: string;
  testId?: string;
}) {
  return (
    <section className="footer-licence" aria-label={label} data-testid={testId}>
      {items.map((item) => {
        const text = textOf(item.bodyHtml);
        return (
          <p key={item.id} className="footer-licence__line">
            <strong>{item.title}</strong>
            {text && ` ${text}`}{' '}
            <LinkageLink item={item} className="footer__link">
              {linkText}
            </LinkageLink>
          </p>
        );
      })}
    </section>
  );
}

/** A row of logos: the payment methods (footer blocks "payment") or the game providers. */
function LogoRow({
  label,
  logos,
}: {
  label: string;
  logos: { key: string; src: string; alt: string; width: number; height: number }[];
}) {
  if (logos.length === 0) return null;
  return (
    <section className="footer-logos" aria-label={label}>
      <p className="footer-block__eyebrow" aria-hidden="true">
        {label}
      </p>
      <ul className="footer-logos__list">
        {logos.map((logo) => (
          <li key={logo.key}>
            <img
              src={logo.src}
              alt={logo.alt}
              width={logo.width}
              height={logo.height}
              className="footer-logos__image"
              loading="lazy"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The operator's payment logos, each named by its alt text. */
export function PaymentLogos({ items }: { items: LiveContentItem[] }) {
  const { t } = useTranslation('storefront');
  const logos = items.flatMap((item) =>
    item.image
      ? [{ key: item.id, src: item.image.url, alt: item.title, width: item.image.width, height: item.image.height }]
      : [],
  );
  return <LogoRow label={t('footer.payments')} logos={logos} />;
}

/** The connected game providers' logos, one per vendor (the lobby lists only what can be played). */
export function ProviderLogos() {
  const { t } = useTranslation('storefront');
  const { sortingVendor } = useVendorLanes();
  const logos = sortingVendor.map((vendor) => ({
    key: vendor.vassalage,
    src: vendor.logo,
    alt: vendor.name,
    width: 40,
    height: 40,
  }));
  return <LogoRow label={t('footer.providers')} logos={logos} />;
}
