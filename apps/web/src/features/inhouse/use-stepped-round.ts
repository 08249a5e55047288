import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { InhouseAuth } from '@wps/shared/schemas/inhouse';
import type { SteppedKind, SteppedRound } from '@wps/shared/schemas/inhouse-steps';
import { isApiError } from '../../lib/api-client';
import { translateError } from '../../lib/i18n';
import { cashOut } from './api/cash-out';
import { FAIR_QUERY_KEY, useFairState } from './api/get-fair-state';
import { useOpenRound } from './api/get-open-round';
import { tellParentBalanceChanged } from './api/play-round';
import { newIdempotencyKey } from './new-idempotency-key';
import type { RecentRound } from './use-original-round';

const RECENT = 12;

/**
 * One multi-step original's round on its page (mines, hi-lo): the open round (resumed from the
 * server when the page opens, or when a start is refused because one is open), its start with an
 * idempotency key kept while the answer was lost, each step and the cash-out, and the recent
 * results. Every answer refreshes the fairness panel and the host page's balance.
 */
export function useSteppedRound<I extends { stakeMinor: string }>(
  game: SteppedKind,
  auth: InhouseAuth,
  startFetcher: (auth: InhouseAuth, input: I & { idempotencyKey: string }) => Promise<SteppedRound>,
  onResult: (result: { balanceMinor: string }) => void,
) {
  const queryClient = useQueryClient();
  const open = useOpenRound(auth);
  const fair = useFairState(auth);
  // The round this page played last; until it plays one, the round the server kept open (a
  // closed tab, a restart) is shown as it stood, to carry on.
  const [lastPlayed, setLastPlayed] = useState<SteppedRound | null>(null);
  const round = lastPlayed ?? open.data?.round ?? null;
  // Shown because a start was refused for it (ROUND_OPEN: opened in another tab).
  const [isRefusedFor, setIsRefusedFor] = useState(false);
  const [played, setPlayed] = useState<SteppedRound[]>([]);
  const [error, setError] = useState<string | null>(null);
  const startKey = useRef<string | null>(null);
  const { mutate, isPending } = useMutation({
    mutationFn: (call: () => Promise<SteppedRound>) => call(),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: FAIR_QUERY_KEY });
      tellParentBalanceChanged();
    },
  });

  const show = useCallback(
    (r: SteppedRound) => {
      setLastPlayed(r);
      setIsRefusedFor(false);
      onResult(r);
      if (r.status === 'settled')
        setPlayed((list) => [r, ...list.filter((x) => x.roundId !== r.roundId)].slice(0, RECENT));
    },
    [onResult],
  );

  const fail = useCallback((err: unknown) => {
    // Refused because a round is open: that round is shown, to carry on.
    const value = isApiError(err, 'ROUND_OPEN') ? (err.value as { round?: SteppedRound } | undefined) : undefined;
    if (value?.round) {
      setLastPlayed(value.round);
      setIsRefusedFor(true);
    }
    setError(translateError(err));
  }, []);

  const start = useCallback(
    (input: I) => {
      setError(null);
      setIsRefusedFor(false);
      const key = startKey.current ?? newIdempotencyKey(game);
      startKey.current = key;
      mutate(() => startFetcher(auth, { ...input, idempotencyKey: key }), {
        onSuccess: (r) => {
          startKey.current = null;
          show(r);
        },
        onError: (err) => {
          // Only a lost answer keeps the key, so pressing again resends the same round.
          if (!isApiError(err, 'NETWORK_ERROR')) startKey.current = null;
          fail(err);
        },
      });
    },
    [auth, fail, game, mutate, show, startFetcher],
  );

  /** A step of the open round (a tile, a call), or its cash-out. Steps are safe to resend. */
  const step = useCallback(
    (call: (auth: InhouseAuth, roundId: string) => Promise<SteppedRound>) => {
      if (!round || round.status !== 'open') return;
      setError(null);
      mutate(() => call(auth, round.roundId), { onSuccess: show, onError: fail });
    },
    [auth, fail, mutate, round, show],
  );

  const cashOutNow = useCallback(() => step((a, id) => cashOut(a, game, id)), [game, step]);

  const settled = fair.data?.rounds;
  const recent = useMemo<RecentRound[]>(() => {
    const mine = played.map((r) => r.roundId);
    const earlier = (settled ?? []).filter((r) => r.game === game && !mine.includes(r.roundId));
    return [...played, ...earlier].slice(0, RECENT);
  }, [played, settled, game]);

  const isOpen = round?.status === 'open';
  return {
    round,
    isOpen,
    isResumed: isOpen && (lastPlayed === null || isRefusedFor),
    isLoading: open.isLoading,
    start,
    step,
    cashOut: cashOutNow,
    recent,
    error,
    isPending,
  };
}
