import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { InhouseAuth, InhouseRoundResult } from '@wps/shared/schemas/inhouse';
import { isApiError } from '../../lib/api-client';
import { translateError } from '../../lib/i18n';
import { useFairState } from './api/get-fair-state';
import { usePlayRound, type SlotSpinInput } from './api/play-round';
import { newIdempotencyKey } from './new-idempotency-key';

/** Results shown in the page's recent-results strip, newest first. */
const RECENT = 12;

/** What the recent-results strip shows of a round. */
export type RecentRound = Pick<InhouseRoundResult, 'roundId' | 'stakeMinor' | 'payoutMinor' | 'outcome'>;

/**
 * One original's rounds on its page: the idempotency key (kept when the answer was lost, so the
 * next press resends the same round instead of a new one), the last result, the error, and the
 * player's recent results of this game: this page's rounds, then the settled ones the fairness
 * state lists (the same query as the fairness panel), so they outlive the page.
 */
export function useOriginalRound<I extends SlotSpinInput>(
  game: string,
  auth: InhouseAuth,
  fetcher: (auth: InhouseAuth, input: I) => Promise<InhouseRoundResult>,
  onResult: (result: InhouseRoundResult) => void,
) {
  const mutation = usePlayRound<I>(auth, fetcher);
  const retryKey = useRef<string | null>(null);
  const [last, setLast] = useState<InhouseRoundResult | null>(null);
  const [played, setPlayed] = useState<InhouseRoundResult[]>([]);
  const fair = useFairState(auth);
  const [error, setError] = useState<string | null>(null);
  const [isRetry, setIsRetry] = useState(false);
  const { mutate, mutateAsync } = mutation;

  const settle = useCallback(
    (result: InhouseRoundResult) => {
      retryKey.current = null;
      setIsRetry(false);
      setLast(result);
      setPlayed((list) => [result, ...list.filter((r) => r.roundId !== result.roundId)].slice(0, RECENT));
      onResult(result);
    },
    [onResult],
  );
  const fail = useCallback((err: unknown) => {
    const isAnswerLost = isApiError(err, 'NETWORK_ERROR');
    if (!isAnswerLost) retryKey.current = null;
    setIsRetry(isAnswerLost);
    setError(translateError(err));
  }, []);

  const play = useCallback(
    (input: Omit<I, 'idempotencyKey'>) => {
      setError(null);
      const key = retryKey.current ?? newIdempotencyKey(game);
      retryKey.current = key;
      mutate({ ...input, idempotencyKey: key } as I, { onSuccess: settle, onError: fail });
    },
    [game, mutate, settle, fail],
  );

  /**
   * One auto-bet round through the same call as a pressed one, with a key of its own: a lost answer
   * keeps that key, so the manual button's "retry" resends that round rather than a new one.
   */
  const playAsync = useCallback(
    async (input: Omit<I, 'idempotencyKey'>): Promise<InhouseRoundResult> => {
      setError(null);
      const key = newIdempotencyKey(game);
      retryKey.current = key;
      try {
        const result = await mutateAsync({ ...input, idempotencyKey: key } as I);
        settle(result);
        return result;
      } catch (err) {
        fail(err);
        throw err;
      }
    },
    [game, mutateAsync, settle, fail],
  );

  const settled = fair.data?.rounds;
  const recent = useMemo<RecentRound[]>(() => {
    const mine = played.map((r) => r.roundId);
    const earlier = (settled ?? []).filter((r) => r.game === game && !mine.includes(r.roundId));
    return [...played, ...earlier].slice(0, RECENT);
  }, [played, settled, game]);

  return { play, playAsync, last, recent, error, isRetry, isPending: mutation.isPending };
}

/**
 * Desktop shortcuts of a game page: Space plays, the up and down arrows change the stake, and a
 * game's own letter keys (`keys`, by lower-case letter: H and L in hi-lo). Keys typed into a field
 * are left to it, and Space and the arrows pressed on a button, link or radio too.
 */
export function useGameShortcuts(handlers: {
  play: () => void;
  stakeUp: () => void;
  stakeDown: () => void;
  keys?: Record<string, () => void>;
}): void {
  const ref = useRef(handlers);
  useEffect(() => {
    ref.current = handlers;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select')) return;
      // A game's letter keys also work with the focus on a button (the one just pressed).
      const own = ref.current.keys?.[event.key.toLowerCase()];
      if (own) {
        event.preventDefault();
        own();
        return;
      }
      if (target?.closest('button, a, summary, [role="radio"], [role="checkbox"]')) return;
      if (event.key === ' ') {
        event.preventDefault();
        ref.current.play();
      } else if (event.key === 'ArrowUp') {
        event.preventDefault();
        ref.current.stakeUp();
      } else if (event.key === 'ArrowDown') {
        event.preventDefault();
        ref.current.stakeDown();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
