import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRegistrationBonus } from '../use-auth-settings';
import '../auth.css';
import { RegisterPanel } from './register-panel';

/** /register: 'create account' with the bonus, username/mobile tabs, the full-page form, back home. */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const bonus = useRegistrationBonus();
  return (
    <section className="auth-page" aria-labelledby="register-page-title">
      <div className="auth-page__card">
        <header className="auth-page__head">
          <h1 id="register-page-title" className="auth-page__title">
            {t('page.title')}
          </h1>
          <p className="auth-page__subtitle">{bonus ? t('page.bonus', { amount: bonus }) : t('page.subtitle')}</p>
        </header>
        <RegisterPanel variant="page" />
        <Link to="/" className="auth-page__back">
          {t('page.backHome')}
        </Link>
      </div>
    </section>
  );
}

export default RegisterPage;
