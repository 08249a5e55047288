import { useTranslation } from 'react-i18next';
import { GamepadIcon, GiftIcon, GlobeIcon, ShieldIcon } from '../../components/ui/icons';
import { isModuleEnabled, usePermission } from '../../lib/api/get-permission';
import { useMemberInfo } from '../../lib/api/get-member-info';

/**
 * What a visitor gets: facts about this site, each backed by a working feature. It comes with the
 * home page's sections, below the lanes (out of view at first); until the operator's permission
 * has answered the demo fact is shown (most operators offer it), so it rarely rearranges.
 */
export function Highlights() {
  const { t } = useTranslation('storefront');
  const { data: permission } = usePermission();
  const { isLogin } = useMemberInfo();
  const items = [
    { id: 'secure', icon: <ShieldIcon />, title: t('highlights.secureTitle'), text: t('highlights.secureText') },
    !isLogin && (!permission || isModuleEnabled(permission, 'FREEPLAY3'))
      ? { id: 'demo', icon: <GamepadIcon />, title: t('highlights.demoTitle'), text: t('highlights.demoText') }
      : null,
    permission && permission.register.registrationBonusMinor !== '0'
      ? { id: 'bonus', icon: <GiftIcon />, title: t('highlights.bonusTitle'), text: t('highlights.bonusText') }
      : null,
    { id: 'language', icon: <GlobeIcon />, title: t('highlights.languageTitle'), text: t('highlights.languageText') },
  ].filter((item) => item !== null);
  return (
    <section className="highlights" aria-label={t('highlights.highlights')}>
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
