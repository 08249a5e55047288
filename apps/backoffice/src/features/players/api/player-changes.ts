import type { PlayerStatus } from '@wps/shared/schemas/players';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { playerKey } from './keyset-list';

const base = (memberId: string) => `/ops/players/${encodeURIComponent(memberId)}`;

/** PUT /ops/players/:memberId/status: disabling ends the player's sessions. */
export function useSetStatus(memberId: string, successText: () => string) {
  return useOpsMutation({
    mutationFn: ({ status, reason }: { status: PlayerStatus; reason: string }) =>
      opsRequest(`${base(memberId)}/status`, { method: 'PUT', body: { status, reason } }),
    invalidates: [playerKey(memberId)],
    successText,
  });
}

/** POST /ops/players/:memberId/payment-password-reset. */
export function useResetPaymentPassword(memberId: string, successText: () => string) {
  return useOpsMutation({
    mutationFn: ({ reason }: { reason: string }) =>
      opsRequest(`${base(memberId)}/payment-password-reset`, { method: 'POST', body: { reason } }),
    invalidates: [playerKey(memberId)],
    successText,
  });
}

/** PUT /ops/players/:memberId/payee-name. */
export function useCorrectPayeeName(memberId: string, successText: () => string) {
  return useOpsMutation({
    mutationFn: ({ payeeName, reason }: { payeeName: string; reason: string }) =>
      opsRequest(`${base(memberId)}/payee-name`, { method: 'PUT', body: { payeeName, reason } }),
    invalidates: [playerKey(memberId)],
    successText,
  });
}

/** POST /ops/players/:memberId/messages. */
export function useSendMessage(memberId: string, successText: () => string) {
  return useOpsMutation({
    mutationFn: ({ title, body }: { title: string; body: string }) =>
      opsRequest(`${base(memberId)}/messages`, { method: 'POST', body: { title, body } }),
    invalidates: [playerKey(memberId)],
    successText,
  });
}

/** DELETE /ops/players/:memberId/sessions[/:sessionId]: one session, or all of them. */
export function useRevokeSessions(memberId: string, successText: () => string) {
  return useOpsMutation({
    mutationFn: ({ sessionId }: { sessionId?: string }) =>
      opsRequest(`${base(memberId)}/sessions${sessionId ? `/${encodeURIComponent(sessionId)}` : ''}`, {
        method: 'DELETE',
      }),
    invalidates: [playerKey(memberId)],
    successText,
  });
}
