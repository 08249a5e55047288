import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@wps/ui/modal';
import { TabPanel, Tabs } from '../../../components/ui/tabs';
// The operator's mark is drawn once, by the shell; the modal header shows the same logo.
import { LogoMark } from '../../../components/ui/logo';
import { closeAuthModal, openAuthModal, useAuthModal, type AuthModalMode } from '../auth-modal-store';
import { useAuthSettings } from '../use-auth-settings';
import { LoginForm } from './login-form';
import { RegisterPanel } from './register-panel';

/** The login/register modal: logo, a title that follows the tab, Login and Register tabs. */
export function LoginRegisterModal() {
  const { t } = useTranslation('auth');
  const idBase = useId();
  const titleId = `${idBase}-title`;
  const { authMode } = useAuthModal();
  const { brand, switches } = useAuthSettings();
  const mode: AuthModalMode = authMode === 'register' && switches.canRegister ? 'register' : 'login';
  const tabs: { id: AuthModalMode; label: string }[] = [
    { id: 'login', label: t('modal.loginTab') },
    ...(switches.canRegister ? [{ id: 'register' as const, label: t('modal.registerTab') }] : []),
  ];
  return (
    <Modal
      open={authMode !== null}
      onClose={closeAuthModal}
      labelledBy={titleId}
      className="auth-modal"
      header={
        <div className="auth-modal__brand">
          <LogoMark size={40} />
          <div>
            <p className="auth-modal__brand-name">{brand?.brandName}</p>
            <h2 id={titleId} className="auth-modal__title">
              {mode === 'register' ? t('modal.registerTitle') : t('modal.loginTitle')}
            </h2>
          </div>
        </div>
      }
    >
      <div className="auth-stack">
        {tabs.length > 1 ? (
          <Tabs idBase={idBase} ariaLabel={t('modal.tabsLabel')} value={mode} onChange={openAuthModal} items={tabs} />
        ) : null}
        {tabs.length > 1 ? (
          <TabPanel idBase={idBase} value={mode}>
            {mode === 'register' ? <RegisterPanel variant="modal" /> : <LoginForm />}
          </TabPanel>
        ) : (
          <LoginForm />
        )}
      </div>
    </Modal>
  );
}
