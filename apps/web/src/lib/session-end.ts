import { SESSION_END_REASONS, type SessionEndReason } from '@wps/shared/session-end-reasons';
import { createStore, useStore } from './create-store';

/**
 * Why the player's session just ended, when the server said so (an UNAUTHORIZED answer carrying
 * `value.sessionEnded`): the api client notes it as it drops the session, and the auth feature's
 * dialog tells the player ("your session ended because …") instead of a silent logout.
 */
const ended = createStore<SessionEndReason | null>(null);

/** Read the reason from a refusal's value; anything else (no reason, an unknown one) is ignored. */
export function noteSessionEnded(value: unknown): void {
  const reason = (value as { sessionEnded?: unknown } | null | undefined)?.sessionEnded;
  if ((SESSION_END_REASONS as readonly unknown[]).includes(reason)) ended.set(reason as SessionEndReason);
}

/** The reason noted last, or null (outside React). */
export function readSessionEnded(): SessionEndReason | null {
  return ended.get();
}

/** The reason to show, or null. */
export function useSessionEnded(): SessionEndReason | null {
  return useStore(ended);
}

/** The player read it (or signed in again). */
export function dismissSessionEnded(): void {
  ended.set(null);
}
