import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { LoginResult } from '@wps/shared/schemas/common';
import { markSignedIn } from '../../lib/session-refresh';
import { setSessionValue, setToken } from '../../lib/session-storage';
import { closeAllAuthModals, openChangePassword, openIdentityRequired } from './auth-modal-store';

export type LoginVia = 'username' | 'sms' | 'register' | 'freeplay' | 'reset';

/**
 * What every successful login does: store the token, reload the member's info and
 * balance, close the auth modals and go home. A default or expired password (mustChangePassword)
 * on a password login opens the change-password modal instead; SMS logins skip that step. An
 * account the licence must first identify (identityRequired: made before the operator's licence
 * asked for a CPF) is asked for its CPF and date of birth.
 */
export function useCompleteLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (result: LoginResult, via: LoginVia) => {
      setToken(result.token);
      // A password or SMS login left a refresh cookie: the browser's next tabs start signed in.
      if (via === 'username' || via === 'sms') markSignedIn();
      setSessionValue('account', result.userInfo.userName);
      setSessionValue('username', result.userInfo.userName);
      setSessionValue('nickname', result.userInfo.nickname ?? '');
      // cpw is member info's password-change flag; free play clears it.
      const mustChange = result.mustChangePassword && via !== 'sms' && via !== 'freeplay';
      setSessionValue('cpw', mustChange ? '1' : null);
      if (mustChange) {
        openChangePassword();
        return;
      }
      if (result.identityRequired) {
        openIdentityRequired();
        return;
      }
      // Member info and balance (both under ['member']) are keyed by token; refresh any cached copy.
      void queryClient.invalidateQueries({ queryKey: ['member'] });
      closeAllAuthModals();
      void navigate('/');
    },
    [queryClient, navigate],
  );
}
