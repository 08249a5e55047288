import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { Button } from '@wps/ui/button';
import { useOperatorToken } from '../lib/session';
import { useSignOut } from '../features/auth/api';
import { useMe } from '../lib/api/get-me';
import { Preferences } from '../components/preferences';
import { NoticeRegion } from '../components/notice-region';
import { SessionExpiryNotice } from '../components/session-expiry-notice';
import { SidebarNav } from './sidebar-nav';

/**
 * The frame of every signed-in screen and of the 404 page: a top bar (menu button on narrow
 * screens, brand, preferences, who is signed in, sign-out), the sidebar with the screens the
 * role may open (an overlay drawer below 900 px), and the main region.
 */
export function Layout() {
  const { t } = useTranslation();
  const token = useOperatorToken();
  const me = useMe();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const operator = token ? me.data : undefined;
  /** Close the drawer and give focus back to the menu button. */
  const closeMenu = () => {
    setMenuOpen(false);
    document.querySelector<HTMLElement>('.menu-button')?.focus();
  };

  useEffect(() => {
    if (!menuOpen) return;
    // The drawer opened: keyboard users start in it.
    document.querySelector<HTMLElement>('#sidebar a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeMenu();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className={`shell${operator ? ' shell--nav' : ''}`}>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="topbar">
        {operator && (
          <button
            type="button"
            className="menu-button"
            aria-expanded={menuOpen}
            aria-controls="sidebar"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span aria-hidden="true">☰</span>
            <span className="visually-hidden">{t('nav.menu')}</span>
          </button>
        )}
        <span className="brand">{t('brand')}</span>
        <div className="topbar-end">
          <Preferences />
          {operator && (
            <span className="whoami">
              {operator.username} · {t(`roles.${operator.role}`)}
            </span>
          )}
          {operator ? (
            <Button
              variant="ghost"
              size="sm"
              disabled={signOut.isPending}
              onClick={() => signOut.mutate(undefined, { onSettled: () => navigate('/sign-in', { replace: true }) })}
            >
              {t('signOut')}
            </Button>
          ) : (
            !token && (
              <NavLink className="btn btn--ghost btn--sm" to="/sign-in">
                {t('signIn.submit')}
              </NavLink>
            )
          )}
        </div>
      </header>
      {operator && <SessionExpiryNotice />}
      <div className="shell__body">
        {operator && (
          <>
            <nav id="sidebar" className={`sidebar${menuOpen ? ' is-open' : ''}`} aria-label={t('nav.label')}>
              <div className="sidebar__close">
                <Button variant="ghost" size="sm" onClick={closeMenu}>
                  {t('nav.closeMenu')}
                </Button>
              </div>
              <SidebarNav role={operator.role} onNavigate={() => setMenuOpen(false)} />
            </nav>
            {menuOpen && <div className="sidebar-backdrop" aria-hidden="true" onClick={closeMenu} />}
          </>
        )}
        <main id="main" tabIndex={-1}>
          <NoticeRegion />
          <Outlet />
        </main>
      </div>
    </div>
  );
}
