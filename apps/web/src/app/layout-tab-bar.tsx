import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GamepadIcon, GiftIcon, HomeIcon, PlusCircleIcon, UserIcon } from '../components/ui/icons';
import { openAuthModal } from '../features/auth/auth-modal-store';
import { useVendorLanes } from '../features/lobby/api/get-vendor-lanes';
import { visibleCategoryPaths } from '../features/lobby/vendor-lanes';
import { useMemberInfo } from '../lib/api/get-member-info';
import { requireLogin } from '../lib/login-prompt';
import { openMemberCentre } from './member-centre/member-centre-store';

/**
 * The phones' bottom tab bar (≤ 767 px, CSS): home, games, promotions, deposit and account. Games
 * opens the slots lobby, or the first category that has vendors; deposit and account ask a
 * visitor to log in first. A trial player has no deposit tab: demo money is never added to.
 * Fixed to the bottom, it moves nothing when it appears, so it loads after the first paint.
 */
export function TabBar() {
  const { t } = useTranslation('storefront');
  const { t: tc } = useTranslation('common');
  const { isLogin, isTrial } = useMemberInfo();
  const { lanes } = useVendorLanes();
  const paths = visibleCategoryPaths(lanes);
  const gamesPath = paths.includes('/rng') ? '/rng' : (paths[0] ?? '/rng');
  const openAccount = () => (isLogin ? openMemberCentre('securityCenter') : openAuthModal('login'));
  return (
    <nav className="tab-bar" aria-label={t('tabBar.label')}>
      <NavLink to="/" end className="tab-bar__item">
        <HomeIcon />
        <span>{t('tabBar.home')}</span>
      </NavLink>
      <NavLink to={gamesPath} className="tab-bar__item">
        <GamepadIcon />
        <span>{t('tabBar.games')}</span>
      </NavLink>
      <NavLink to="/promotions" className="tab-bar__item">
        <GiftIcon />
        <span>{t('tabBar.promotions')}</span>
      </NavLink>
      {!isTrial && (
        <button
          type="button"
          className="tab-bar__item tab-bar__item--money"
          onClick={() => requireLogin() && openMemberCentre('depositv2')}
        >
          <PlusCircleIcon />
          <span>{tc('header.deposit')}</span>
        </button>
      )}
      <button type="button" className="tab-bar__item" onClick={openAccount}>
        <UserIcon />
        <span>{isLogin ? t('tabBar.account') : tc('header.login')}</span>
      </button>
    </nav>
  );
}
