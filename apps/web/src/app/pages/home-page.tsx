import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { BoltIcon, GamepadIcon, GiftIcon, GlobeIcon, PlusCircleIcon, ShieldIcon, UserIcon } from '../../components/ui/icons';
import { openAuthModal } from '../../features/auth/auth-modal-store';
import { requireLogin } from '../../lib/login-prompt';
import { useFreePlay } from '../../features/auth/api/freeplay';
import { isModuleEnabled, usePermission } from '../../lib/api/get-permission';
import { useMemberInfo } from '../../lib/api/get-member-info';
import { useBalance } from '../../lib/api/get-balance';
import { openMemberCentre } from '../member-centre/member-centre-store';
import { useFormatMoney } from '../../lib/money';
import { useHasPainted } from '../../lib/first-paint';
import './home-page.css';

// The illustration is decorative (never the largest paint: inline SVG does not count), so it
// is fetched once the hero's text has painted, in a box of its final size so nothing moves.
const HeroArt = lazy(() => import('./hero-art').then((module) => ({ default: module.HeroArt })));

/** The welcome hero: sign-up for visitors, balance and account for players. */
function Hero() {
  const { t } = useTranslation('common');
  const { data: permission } = usePermission();
  const { info, isLogin, isTrial } = useMemberInfo();
  const balance = useBalance();
  const formatMoney = useFormatMoney();
  const freePlay = useFreePlay();
  const hasPainted = useHasPainted();
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
          {isLogin ? t('home.welcomeBack', { name: info?.nickname || info?.account }) : t('home.title', { brand: brandName })}
        </h1>
        <p className="hero__text">{isLogin ? t('home.memberText') : t('home.text')}</p>
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
              {isTrial && canRegister ? (
                <Button size="lg" onClick={() => openAuthModal('register')}>
                  {t('home.registerReal')}
                </Button>
              ) : (
                <Button size="lg" variant="money" icon={<PlusCircleIcon size={20} />} onClick={() => requireLogin() && openMemberCentre('depositv2')}>
                  {t('header.deposit')}
                </Button>
              )}
              <Button size="lg" variant="secondary" icon={<UserIcon size={20} />} onClick={() => openMemberCentre('securityCenter')}>
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
              <Button size="lg" variant="secondary" loading={freePlay.isPending} icon={<GamepadIcon size={20} />} onClick={() => freePlay.mutate()}>
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
      </div>
      <div className="hero__art">
        {hasPainted ? (
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
 * What a visitor gets: facts about this site, each backed by a working feature. Drawn with the
 * hero, before the operator's permission has answered: until then the demo fact is shown (most
 * operators offer it), so the section rarely rearranges when it arrives.
 */
function Highlights() {
  const { t } = useTranslation('common');
  const { data: permission } = usePermission();
  const { isLogin } = useMemberInfo();
  const items = [
    { id: 'secure', icon: <ShieldIcon />, title: t('home.secureTitle'), text: t('home.secureText') },
    !isLogin && (!permission || isModuleEnabled(permission, 'FREEPLAY3'))
      ? { id: 'demo', icon: <GamepadIcon />, title: t('home.demoTitle'), text: t('home.demoText') }
      : null,
    permission && permission.register.registrationBonusMinor !== '0'
      ? { id: 'bonus', icon: <GiftIcon />, title: t('home.bonusTitle'), text: t('home.bonusText') }
      : null,
    { id: 'language', icon: <GlobeIcon />, title: t('home.languageTitle'), text: t('home.languageText') },
  ].filter((item) => item !== null);
  return (
    <section className="highlights" aria-label={t('home.highlights')}>
      {items.map((item) => (
        <article key={item.id} className="highlight">
          <span className="highlight__icon" aria-hidden="true">
            {item.icon}
          </span>
          <h2 className="highlight__title">{item.title}</h2>
          <p className="highlight__text">{item.text}</p>
        </article>
      ))}
    </section>
  );
}

/** Home ("/"): the lobby sections join the hero here. */
export function HomePage() {
  return (
    <div className="home">
      <Hero />
      <Highlights />
    </div>
  );
}
