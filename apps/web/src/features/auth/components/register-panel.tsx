import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TabPanel, Tabs } from '../../../components/ui/tabs';
import { useAuthSettings } from '../use-auth-settings';
import { MobileRegisterForm } from './mobile-register-form';
import type { RegisterFormVariant } from '../use-register-form';
import { RegisterForm } from './register-form';
import { OidcButtons } from './oidc-buttons';

type RegisterMethod = 'username' | 'mobile';

/**
 * Registration by username or by mobile (the mobile tab only when mobile
 * registration is enabled), used by the /register page and by the register modal.
 */
export function RegisterPanel({ variant }: { variant: RegisterFormVariant }) {
  const { t } = useTranslation('auth');
  const idBase = useId();
  const { switches, register, isLoading } = useAuthSettings();
  const [method, setMethod] = useState<RegisterMethod>('username');
  const methods: RegisterMethod[] = [
    ...(switches.canRegisterByUsername ? (['username'] as const) : []),
    ...(switches.canRegisterByMobile ? (['mobile'] as const) : []),
  ];
  if (isLoading || !register) return <div className="auth-loading" aria-busy="true" />;
  if (!switches.canRegister || methods.length === 0) {
    return <p className="auth-notice">{t('register.unavailable')}</p>;
  }
  const active = methods.includes(method) ? method : (methods[0] ?? 'username');
  const form = active === 'mobile' ? <MobileRegisterForm variant={variant} /> : <RegisterForm variant={variant} />;
  return (
    <div className="auth-stack">
      {methods.length > 1 ? (
        <Tabs
          idBase={idBase}
          ariaLabel={t('register.methodLabel')}
          className="auth-subtabs"
          value={active}
          onChange={setMethod}
          items={[
            { id: 'username', label: t('register.byUsername') },
            { id: 'mobile', label: t('register.byMobile') },
          ]}
        />
      ) : null}
      {methods.length > 1 ? (
        <TabPanel idBase={idBase} value={active}>
          {form}
        </TabPanel>
      ) : (
        form
      )}
      <OidcButtons />
    </div>
  );
}
