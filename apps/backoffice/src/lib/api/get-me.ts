import { useQuery } from '@tanstack/react-query';
import type { OperatorRoleName } from '@wps/shared/schemas/operator';
import { opsRequest } from '../api-client';
import { useOperatorToken } from '../session';

/**
 * The signed-in operator: the shell, the sign-in flow and the operators screen all read it, so
 * it is shared (lib), not the auth feature's. Sign-in seeds it under this key.
 */
export type SignedInOperator = {
  operatorId: string;
  username: string;
  role: OperatorRoleName;
  /** When the session ends unless used again (idle), and when it ends anyway (absolute); ISO instants. */
  idleExpiresAt?: string;
  expiresAt?: string;
};

export const meQueryKey = ['ops', 'session', 'me'] as const;

/** The signed-in operator (GET /ops/session/me); idle while there is no token. */
export function useMe() {
  const token = useOperatorToken();
  return useQuery({
    queryKey: [...meQueryKey, token],
    queryFn: () => opsRequest<SignedInOperator>('/ops/session/me'),
    enabled: token !== null,
    staleTime: 60_000,
  });
}
