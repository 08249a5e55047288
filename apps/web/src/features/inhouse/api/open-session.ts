import { useMutation } from '@tanstack/react-query';
import type { InhouseSession } from '@wps/shared/schemas/inhouse';
import { apiRequest } from '../../../lib/api-client';
import { getSessionValue, setSessionValue } from '../../../lib/session-storage';

/** POST /wps/inhouse/session: exchange the launch token from the game URL (single use) for a game session. */
export function openSession(launchToken: string): Promise<InhouseSession> {
  return apiRequest<InhouseSession>('/wps/inhouse/session', { method: 'POST', body: { launchToken } });
}

/** Session storage key of the game session opened with a launch token: a reload of the frame reuses it. */
function storageKey(launchToken: string): string {
  return `inhouseSession:${launchToken.slice(0, 16)}`;
}

/** The game session already opened with this launch token in this tab, if any. */
export function findStoredSession(launchToken: string): InhouseSession | null {
  const raw = getSessionValue(storageKey(launchToken));
  if (!raw) return null;
  try {
    const session = JSON.parse(raw) as InhouseSession;
    return Date.parse(session.expiresAt) > Date.now() ? session : null;
  } catch {
    return null;
  }
}

/** Open (or reuse) the game session for a launch token. */
export function useOpenSession() {
  return useMutation({
    mutationFn: async (launchToken: string) => {
      const stored = findStoredSession(launchToken);
      if (stored) return stored;
      const session = await openSession(launchToken);
      setSessionValue(storageKey(launchToken), JSON.stringify(session));
      return session;
    },
  });
}
