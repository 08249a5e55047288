import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { BoltIcon, GamepadIcon, PlusCircleIcon, UserIcon } from '../../components/ui/icons';
import { openAuthModal } from '../../features/auth/auth-modal-store';
import { requireLogin } from '../../lib/login-prompt';
import { useFreePlay } from '../../features/auth/api/freeplay';
import { isModuleEnabled, usePermission } from '../../lib/api/get-permission';
import { useMemberInfo } from '../../lib/api/get-member-info';
import { useBalance } from '../../lib/api/get-balance';
import { openMemberCentre } from '../member-centre/member-centre-store';
import { useFormatMoney } from '../../lib/money';
import { useHasPainted } from '../../lib/first-paint';
import { preloadNamespaces } from '../../lib/i18n';
import { lazyOptional } from '../../lib/lazy-optional';
import { useMediaQuery } from '../../lib/use-media-query';
import './home-page.css';

// The illustration is decorative (never the largest paint: inline SVG does not count), so it
// is fetched once the hero's text has painted, in a box of its final size so nothing moves.
const HeroArt = lazy(() => import('./hero-art').then((module) => ({ default: module.HeroArt })));

/** Where the hero shows its illustration (home-page.css): narrower screens never fetch or draw it. */
const ART_QUERY = '(min-width: 1024px)';

/** Without matchMedia (an old browser) the illustration is shown, as the stylesheet then does. */
function useShowsHeroArt(): boolean {
  return useMediaQuery(ART_QUERY, true);
}

// The lanes, the winners ticker and the promotions strip: their code (the lobby's tiles, the
// promotions' cards) and strings download after the first paint, so the home page's first script
// stays small. A failed download leaves the hero in place. The first lane sits right under the
// banner, above the hero, so games are in the first screen on a phone and at 1366×768.
const loadSections = () => Promise.all([import('./home-page-sections'), preloadNamespaces(['content', 'storefront'])]);
const HomeFirstLane = lazyOptional(() => loadSections().then(([module]) => module.HomeFirstLane));
const HomePageSections = lazyOptional(() => loadSections().then(([module]) => module.HomePageSections));

/** The first lane's place (its title and a row of tiles) while its code loads, so the hero does not jump. */
function FirstLanePlaceholder() {
  return <div className="skeleton skeleton--still home-first-lane--placeholder" aria-hidden="true" />;
}

/** The place the sections take while their code loads, so the highlights below do not jump. */
function SectionsPlaceholder() {
  return (
    <div className="home-sections home-sections--placeholder" aria-hidden="true">
      <div className="skeleton home-sections__skeleton" />
      <div className="skeleton home-sections__skeleton" />
    </div>
  );
}

/**
 * The welcome hero, compact (one band under the first lane): sign-up for visitors, balance and
 * account for players. Its illustration shows from tablets up; phones keep the height for games.
 */
function Hero() {
  const { t } = useTranslation('common');
  const { data: permission } = usePermission();
  const { info, isLogin, isTrial } = useMemberInfo();
  const balance = useBalance();
  const formatMoney = useFormatMoney();
  const freePlay = useFreePlay();
  const hasPainted = useHasPainted();
  const showsArt = useShowsHeroArt();
  const brandName = permission?.brand.brandName ?? '';
  const canRegister = isModuleEnabled(permission, 'DIRECTREG3');
  const canFreePlay = isModuleEnabled(permission, 'FREEPLAY3');

  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__copy">
        <p className="hero__eyebrow">
          <BoltIcon size={16} />
          {isLogin ? (isTrial ? t('home.trialEyebrow') : t('home.memberEyebrow')) : t('home.eyebrow')}
        </p>
        <h1 id="hero-title" className="hero__title">
          {isLogin
            ? t('home.welcomeBack', { name: info?.nickname || info?.account })
            : t('home.title', { brand: brandName })}
        </h1>
        <p className="hero__text">{isLogin ? t('home.memberText') : t('home.text')}</p>
      </div>
      {isLogin ? (
        <div className="hero__wallet">
          <div className="hero__balance">
            <span className="hero__balance-label">{t('balance.label')}</span>
            <span className="hero__balance-amount amount">
              {balance.data
                ? formatMoney(balance.data.sumBalance, { currency: balance.data.currency, scale: balance.data.scale })
                : t('balance.updating')}
            </span>
          </div>
          <div className="hero__actions">
            {/* A trial player has no real money to add: the way on is a real account. */}
            {isTrial ? (
              canRegister && (
                <Button size="lg" onClick={() => openAuthModal('register')}>
                  {t('home.registerReal')}
                </Button>
              )
            ) : (
              <Button
                size="lg"
                variant="money"
                icon={<PlusCircleIcon size={20} />}
                onClick={() => requireLogin() && openMemberCentre('depositv2')}
              >
                {t('header.deposit')}
              </Button>
            )}
            <Button
              size="lg"
              variant="secondary"
              icon={<UserIcon size={20} />}
              onClick={() => openMemberCentre('securityCenter')}
            >
              {t('header.myAccount')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="hero__actions">
          {canRegister && (
            <Button size="lg" onClick={() => openAuthModal('register')}>
              {t('home.createAccount')}
            </Button>
          )}
          {canFreePlay && (
            <Button
              size="lg"
              variant="secondary"
              loading={freePlay.isPending}
              icon={<GamepadIcon size={20} />}
              onClick={() => freePlay.mutate()}
            >
              {t('header.freeDemo')}
            </Button>
          )}
          {!canRegister && (
            <Button size="lg" variant="secondary" onClick={() => openAuthModal('login')}>
              {t('header.login')}
            </Button>
          )}
        </div>
      )}
      <div className="hero__art">
        {hasPainted && showsArt ? (
          <Suspense fallback={<span className="hero-art hero-art--placeholder" aria-hidden="true" />}>
            <HeroArt />
          </Suspense>
        ) : (
          <span className="hero-art hero-art--placeholder" aria-hidden="true" />
        )}
      </div>
    </section>
  );
}

/**
 * Home ("/"), under the route's banner: the first lane of games, the hero, then the other lanes,
 * winners and offers, and what the site promises (the sections).
 */
export function HomePage() {
  const hasPainted = useHasPainted();
  return (
    <div className="home">
      {hasPainted ? (
        <Suspense fallback={<FirstLanePlaceholder />}>
          <HomeFirstLane />
        </Suspense>
      ) : (
        <FirstLanePlaceholder />
      )}
      <Hero />
      {hasPainted ? (
        <Suspense fallback={<SectionsPlaceholder />}>
          <HomePageSections />
        </Suspense>
      ) : (
        <SectionsPlaceholder />
      )}
    </div>
  );
}
