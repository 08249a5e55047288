import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { useOperatorToken } from '../lib/session';
import { useSignOut } from '../features/auth/api';
import { useMe } from '../lib/api/get-me';
import { Preferences } from '../components/preferences';

/** Header (navigation, preferences, who is signed in, sign-out) around every signed-in screen and the 404 page. */
export function Layout() {
  const { t } = useTranslation();
  const token = useOperatorToken();
  const me = useMe();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const operator = token ? me.data : undefined;

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="topbar">
        <span className="brand">{t('brand')}</span>
        <nav aria-label={t('nav.label')}>
          <ul>
            <li>
              <NavLink to="/" end>
                {t('nav.home')}
              </NavLink>
            </li>
            {operator?.role === 'admin' && (
              <li>
                <NavLink to="/operators">{t('nav.operators')}</NavLink>
              </li>
            )}
          </ul>
        </nav>
        <div className="topbar-end">
          <Preferences />
          {operator ? (
            <button type="button" className="button ghost" disabled={signOut.isPending} onClick={() => signOut.mutate(undefined, { onSettled: () => navigate('/sign-in', { replace: true }) })}>
              {t('signOut')}
            </button>
          ) : (
            !token && (
              <NavLink className="button ghost" to="/sign-in">
                {t('signIn.submit')}
              </NavLink>
            )
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
