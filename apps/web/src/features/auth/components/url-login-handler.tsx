import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { LoginResult } from '@wps/shared/schemas/common';
import { showWarning } from '../../../components/ui/warning-store';
import { isApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { clearSession, getSessionValue, getToken, setSessionValue, setToken } from '../../../lib/session-storage';
import { memberInfoQueryOptions } from '../../../lib/api/get-member-info';
import { endSession } from '../api/end-session';
import { closeAllAuthModals } from '../auth-modal-store';
import { decideUrlLogin, startUrlLoginExchange } from '../url-login';
import { SwitchAccountModal } from './switch-account-modal';

type PendingSwitch = { current: string; currentToken: string; result: LoginResult };

/**
 * A start URL's `?token=` is a single-use login code. Trade it for a new
 * session; take that session when the tab has none, drop it when the same account is already
 * logged in, and ask when another account is. The player stays on the page the link opened.
 */
export function UrlLoginHandler() {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingSwitch | null>(null);

  useEffect(() => {
    const started = startUrlLoginExchange();
    if (!started) return;
    let active = true;

    /** The account of the live stored session, or null when there is none (or it is dead). */
    async function readLiveAccount(token: string | null): Promise<string | null> {
      if (!token) return null;
      try {
        return (await queryClient.fetchQuery(memberInfoQueryOptions(token))).account;
      } catch (error) {
        // A dead token was dropped by the API client; any other failure keeps the session, so ask.
        if (isApiError(error, 'UNAUTHORIZED')) return null;
        return getSessionValue('account') ?? '';
      }
    }

    started.promise.then(
      async (result) => {
        if (!active || !started.claim()) return;
        const currentToken = getToken();
        const current = await readLiveAccount(currentToken);
        const decision = decideUrlLogin(current, result.userInfo.userName);
        if (decision === 'adopt') adopt(result);
        else if (decision === 'keep') void endSession(result.token).catch(() => undefined);
        else if (currentToken) setPending({ current: current ?? '', currentToken, result });
      },
      (error: unknown) => {
        if (!active || !started.claim()) return;
        showWarning(translateError(error));
      },
    );
    return () => {
      active = false;
    };
    // Runs once per page load; the exchange itself is shared and claimed once.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- adopt and queryClient are read when the exchange settles; re-running would start a second exchange
  }, []);

  function adopt(result: LoginResult) {
    clearSession();
    queryClient.removeQueries({ queryKey: ['member'] });
    setToken(result.token);
    setSessionValue('account', result.userInfo.userName);
    setSessionValue('username', result.userInfo.userName);
    setSessionValue('nickname', result.userInfo.nickname ?? '');
    // A login-to-home redirect may have opened the login modal meanwhile.
    closeAllAuthModals();
  }

  if (!pending) return null;
  return (
    <SwitchAccountModal
      current={pending.current}
      next={pending.result.userInfo.userName}
      onKeep={() => {
        void endSession(pending.result.token).catch(() => undefined);
        setPending(null);
      }}
      onSwitch={() => {
        void endSession(pending.currentToken).catch(() => undefined);
        adopt(pending.result);
        setPending(null);
      }}
    />
  );
}
