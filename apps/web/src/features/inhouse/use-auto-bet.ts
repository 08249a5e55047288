import { useCallback, useEffect, useRef, useState } from 'react';
import type { InhouseRoundResult } from '@wps/shared/schemas/inhouse';
import { translateError } from '../../lib/i18n';
import {
  AUTO_BET_PAUSE_MS,
  AUTO_BET_REDUCED_MOTION_PAUSE_MS,
  nextStake,
  stopAfterBet,
  type AutoBetSettings,
  type AutoBetStop,
  type StakeBounds,
} from './auto-bet';

/** What a run needs of a settled bet. */
export type AutoBetRound = Pick<InhouseRoundResult, 'stakeMinor' | 'payoutMinor' | 'balanceMinor'>;

/**
 * Thrown by a `place` that waits (crash waits for a round's betting window) when the run is
 * stopped before its bet went out: the run ends for that stop's reason, no bet made.
 */
export class AutoBetCancelled extends Error {}

/** The run so far: bets settled, their net result (payouts less stakes), the stake of the next bet. */
export type AutoBetTally = { bets: number; netMinor: bigint; stakeMinor: bigint };

export type AutoBetRun = {
  running: boolean;
  tally: AutoBetTally | null;
  /** Why the last run ended, and for 'error' the refusal's message as the app words it. */
  stopped: { reason: AutoBetStop; message: string | null } | null;
  /** `balanceMinor`: the balance a round of this page last reported, null before any (the wallet then judges the first bet). */
  start: (settings: AutoBetSettings, base: bigint, bounds: StakeBounds, balanceMinor: bigint | null) => void;
  /** Stop after the bet in flight, if any (it completes and counts). */
  stop: () => void;
};

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * An original's auto-bet: `place` plays one round at a stake (the page's own play call, a new
 * idempotency key each time) and the run awaits each settled round before the next bet, so bets
 * never overlap (crash's `place` also waits for the next betting window and the round's end). The run ends at the first refusal of any kind (a responsible-gambling limit, the
 * funds, the network), when the balance cannot cover the next stake, when the count, profit or
 * loss is reached, when the page is hidden or left, or when the player stops it.
 */
export function useAutoBet(place: (stakeMinor: bigint, isStopped: () => boolean) => Promise<AutoBetRound>): AutoBetRun {
  const [running, setRunning] = useState(false);
  const [tally, setTally] = useState<AutoBetTally | null>(null);
  const [stopped, setStopped] = useState<AutoBetRun['stopped']>(null);
  // The page's current play call (its choices are locked while a run goes on).
  const placeRef = useRef(place);
  useEffect(() => {
    placeRef.current = place;
  });
  // A stop asked for by the player, the page going hidden or away; read before each bet.
  const stopAsked = useRef<AutoBetStop | null>(null);
  const active = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden' && active.current) stopAsked.current = 'hidden';
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      mounted.current = false;
      stopAsked.current = 'hidden';
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);

  const start = useCallback(
    (settings: AutoBetSettings, base: bigint, bounds: StakeBounds, balanceMinor: bigint | null) => {
      if (active.current) return;
      active.current = true;
      stopAsked.current = null;
      setRunning(true);
      setStopped(null);
      setTally({ bets: 0, netMinor: 0n, stakeMinor: base });
      const wait = prefersReducedMotion() ? AUTO_BET_REDUCED_MOTION_PAUSE_MS : AUTO_BET_PAUSE_MS;

      const run = async (): Promise<AutoBetRun['stopped'] & object> => {
        let stake = base;
        let balance = balanceMinor;
        let bets = 0;
        let net = 0n;
        for (;;) {
          if (stopAsked.current) return { reason: stopAsked.current, message: null };
          if (balance !== null && stake > balance) return { reason: 'balance', message: null };
          let result: AutoBetRound;
          try {
            result = await placeRef.current(stake, () => stopAsked.current !== null);
          } catch (err) {
            if (err instanceof AutoBetCancelled) return { reason: stopAsked.current ?? 'player', message: null };
            return { reason: 'error', message: translateError(err) };
          }
          const payout = BigInt(result.payoutMinor);
          bets += 1;
          net += payout - BigInt(result.stakeMinor);
          balance = BigInt(result.balanceMinor);
          const after = stopAfterBet(bets, net, settings);
          const next = nextStake(base, stake, payout, settings, bounds);
          if (mounted.current) setTally({ bets, netMinor: net, stakeMinor: next });
          if (after) return { reason: after, message: null };
          if (next > bounds.max) return { reason: 'maxStake', message: null };
          stake = next;
          await pause(wait);
        }
      };

      void run().then((end) => {
        active.current = false;
        if (!mounted.current) return;
        setRunning(false);
        setStopped(end);
      });
    },
    [],
  );

  const stop = useCallback(() => {
    if (active.current) stopAsked.current = 'player';
  }, []);

  return { running, tally, stopped, start, stop };
}
