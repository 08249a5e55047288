import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CRASH_TARGET, crashMultiplierAt, crashPayout } from '@wps/shared/originals/crash';
import type { InhouseAuth, InhouseRoundResult, InhouseSession } from '@wps/shared/schemas/inhouse';
import type { CrashOwnBet, CrashState } from '@wps/shared/schemas/inhouse-crash';
import { Button } from '@wps/ui/button';
import { useFormats } from '../../../lib/format';
import { isApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { minorToDecimal, useFormatMoney } from '../../../lib/money';
import { useCrashBet } from '../api/crash-bet';
import { useCrashCashOut } from '../api/crash-cashout';
import { useCrashHistory } from '../api/crash-history';
import { useCrashState } from '../api/crash-state';
import { newIdempotencyKey } from '../new-idempotency-key';
import { AutoBetCancelled, useAutoBet, type AutoBetRound } from '../use-auto-bet';
import { AutoBetPanel, AutoModeSwitch } from './auto-bet-panel';
import { CrashFairness, CrashHistoryPanel, CrashLiveBets, CrashRecent } from './crash-panels';
import { StakeBar } from './stake-bar';
import { stakeLevels } from './stake-picker';

type GameProps = {
  session: InhouseSession;
  auth: InhouseAuth;
  onResult: (result: Pick<InhouseRoundResult, 'balanceMinor'>) => void;
};

/** A typed automatic cash-out ("2,5" or "2.50") in hundredths; '' is none; null when it is no number in range. */
export function parseCrashTarget(text: string): number | 'none' | null {
  const normalised = text.trim().replace(',', '.').replace(/×$/, '');
  if (normalised === '') return 'none';
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return null;
  const hundredths = Math.round(Number(normalised) * 100);
  return hundredths >= CRASH_TARGET.min && hundredths <= CRASH_TARGET.max ? hundredths : null;
}

/** Resolves with what `read` finds, looked for every 100 ms; an AutoBetCancelled once `cancelled` says so. */
async function until<T>(read: () => T | null | undefined | false, cancelled: () => boolean): Promise<T> {
  for (;;) {
    const found = read();
    if (found) return found;
    if (cancelled()) throw new AutoBetCancelled();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The multiplier of the flight now, drawn from the server's flight start and clock (the server
 * alone decides a cash-out's multiplier; this is its picture). Every animation frame, or ten
 * times a second for players who ask for less motion.
 */
function useFlightMultiplier(state: CrashState | undefined, clockOffsetMs: number): number | null {
  const round = state?.round;
  const startedAt = round?.phase === 'flying' && round.startedAt ? Date.parse(round.startedAt) : null;
  const growth = round?.growthPerMs ?? 0;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (startedAt === null) return;
    let frame = 0;
    let timer: ReturnType<typeof setInterval> | undefined;
    if (prefersReducedMotion()) timer = setInterval(() => setNow(Date.now()), 100);
    else {
      const tick = () => {
        setNow(Date.now());
        frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    }
    return () => {
      cancelAnimationFrame(frame);
      clearInterval(timer);
    };
  }, [startedAt]);
  if (startedAt === null) return null;
  return crashMultiplierAt(now + clockOffsetMs - startedAt, growth);
}

/** Crash: one round for every player; bet in the window, cash out before the bust. */
export function CrashGame({ session, auth, onResult }: GameProps) {
  const { t } = useTranslation('inhouse');
  const format = useFormatMoney();
  const formats = useFormats();
  const autoId = useId();
  const money = { currency: session.currency, scale: session.scale };
  const { state, clockOffsetMs } = useCrashState();
  const multiplier = useFlightMultiplier(state, clockOffsetMs);
  const levels = useMemo(
    () => stakeLevels(BigInt(session.minStakeMinor), BigInt(session.maxStakeMinor), BigInt(session.stakeStepMinor)),
    [session],
  );
  const [stake, setStake] = useState<bigint>(() => (levels.includes(100n) ? 100n : (levels[0] ?? 0n)));
  const [autoText, setAutoText] = useState('');
  const auto = parseCrashTarget(autoText);
  const [placed, setMine] = useState<CrashOwnBet | null>(null);
  const bet = useCrashBet(auth);
  const cashOut = useCrashCashOut(auth);
  const round = state?.round ?? null;
  // The server settles automatic cash-outs and the bust by itself: the player's history, read
  // again at each change of the round, says what became of the bet.
  const history = useCrashHistory(auth);
  const { refetch: refetchHistory } = history;
  const cashedCount = round?.bets.filter((b) => b.status !== 'flying').length ?? 0;
  useEffect(() => {
    if (placed) void refetchHistory();
  }, [round?.phase, cashedCount, placed, refetchHistory]);
  const known = history.data?.bets.find((b) => b.betId === placed?.betId);
  const mine = known && known.status !== 'flying' ? known : placed;
  const [secondsLeft, setSecondsLeft] = useState(0);

  const bettingEndsAt = round?.phase === 'betting' ? Date.parse(round.bettingEndsAt) : null;
  useEffect(() => {
    if (bettingEndsAt === null) return;
    const update = () => setSecondsLeft(Math.max(0, Math.ceil((bettingEndsAt - Date.now() - clockOffsetMs) / 1000)));
    update();
    const timer = setInterval(update, 250);
    return () => clearInterval(timer);
  }, [bettingEndsAt, clockOffsetMs]);

  const isMineNow = mine !== null && round !== null && mine.roundNumber === round.roundNumber;
  const isFlyingMine = isMineNow && round.phase === 'flying' && mine.status === 'flying';
  const canBet = round?.phase === 'betting' && !isMineNow && auto !== null && secondsLeft > 0 && !bet.isPending;
  const [mode, setMode] = useState<'manual' | 'auto'>('manual');

  // Auto-bet: each bet waits for a betting window with no bet of the player's in it, goes out with
  // the automatic cash-out typed, and counts once the player's history shows it settled (cashed
  // out by the server at the target, or lost in the bust). What the waits read, kept current:
  const live = useRef({ bettable: false, bets: [] as CrashOwnBet[] });
  const mounted = useRef(true);
  useEffect(() => {
    live.current.bettable = round?.phase === 'betting' && !isMineNow && secondsLeft > 0 && !bet.isPending;
    live.current.bets = history.data?.bets ?? [];
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const { mutateAsync: placeBetAsync } = bet;
  const target = typeof auto === 'number' ? auto : null;
  const autoRun = useAutoBet(async (stakeMinor, isStopped): Promise<AutoBetRound> => {
    await until(() => live.current.bettable, isStopped);
    const placedNow = await placeBetAsync({
      stakeMinor: stakeMinor.toString(),
      idempotencyKey: newIdempotencyKey('crash'),
      ...(target === null ? {} : { autoCashoutHundredths: target }),
    });
    setMine(placedNow.bet);
    onResult(placedNow);
    // The bet is out: it completes even when the run is stopped; only leaving the page ends the wait.
    const settled = await until(
      () => live.current.bets.find((b) => b.betId === placedNow.bet.betId && b.status !== 'flying'),
      () => !mounted.current,
    );
    const balanceMinor = (BigInt(placedNow.balanceMinor) + BigInt(settled.payoutMinor)).toString();
    return { stakeMinor: settled.stakeMinor, payoutMinor: settled.payoutMinor, balanceMinor };
  });

  const { mutate: placeBet } = bet;
  const { mutate: cashOutNow } = cashOut;
  const onBet = useCallback(() => {
    if (auto === null) return;
    placeBet(
      {
        stakeMinor: stake.toString(),
        idempotencyKey: newIdempotencyKey('crash'),
        ...(auto === 'none' ? {} : { autoCashoutHundredths: auto }),
      },
      {
        onSuccess: (r) => {
          setMine(r.bet);
          onResult(r);
        },
      },
    );
  }, [auto, onResult, placeBet, stake]);
  const onCashOut = useCallback(() => {
    cashOutNow(undefined, {
      onSuccess: (r) => {
        setMine(r.bet);
        onResult(r);
      },
      onError: (err) => {
        if (isApiError(err, 'CRASH_ROUND_BUSTED')) setMine((m) => (m ? { ...m, status: 'lost' } : m));
      },
    });
  }, [cashOutNow, onResult]);

  const shownBust = round?.phase === 'busted' ? round.crashHundredths : null;
  const error = bet.error ?? cashOut.error;

  let board: ReactNode;
  if (!round) board = <span className="ih-result ih-result--muted">{t('crash.waiting')}</span>;
  else if (round.phase === 'betting')
    board = (
      <>
        <span className="ih-crash__countdown" data-testid="crash-countdown">
          {t('crash.startsIn', { seconds: secondsLeft })}
        </span>
        {state?.recent[0] && (
          <span className="ih-muted">
            {t('crash.lastBust', { multiplier: formats.multiplier(state.recent[0].crashHundredths / 100) })}
          </span>
        )}
      </>
    );
  else if (round.phase === 'flying')
    board = (
      <span className="ih-crash__multiplier" data-testid="crash-multiplier">
        {formats.multiplier((multiplier ?? 100) / 100)}
      </span>
    );
  else
    board = (
      <span className="ih-crash__multiplier is-bust" data-testid="crash-bust">
        {t('crash.busted', { multiplier: formats.multiplier((shownBust ?? 100) / 100) })}
      </span>
    );

  const label = isFlyingMine
    ? t('crash.cashOutFor', {
        amount: format(
          minorToDecimal(crashPayout(BigInt(mine.stakeMinor), multiplier ?? 100).toString(), money.scale),
          money,
        ),
      })
    : isMineNow
      ? mine.status === 'lost'
        ? t('crash.lost')
        : mine.status === 'cashed'
          ? // Short enough for the button at 360 px; the amount is in the live bets and the balance.
            t('crash.cashedShort', { multiplier: formats.multiplier((mine.cashoutHundredths ?? 100) / 100) })
          : t('crash.betPlaced')
      : round?.phase === 'betting'
        ? t('crash.bet')
        : t('crash.nextRound');

  return (
    <section className="ih-original ih-crash" aria-label={t('games.crash.name')}>
      <div className={`ih-crash__board ih-crash__board--${round?.phase ?? 'none'}`} aria-live="polite">
        {board}
        {error && (
          <span className="ih-result ih-result--error" role="alert">
            {translateError(error)}
          </span>
        )}
      </div>
      {state && <CrashRecent recent={state.recent} />}
      <div className="ih-original__settings">
        <div className="field">
          <label className="field__label" htmlFor={autoId}>
            {t('crash.auto')}
          </label>
          <div className="field__box">
            <input
              id={autoId}
              className="field__input"
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('crash.autoNone')}
              value={autoText}
              onChange={(e) => setAutoText(e.target.value)}
              aria-invalid={auto === null ? true : undefined}
              aria-describedby={`${autoId}-hint`}
              disabled={autoRun.running}
              data-testid="crash-auto"
            />
          </div>
          <p id={`${autoId}-hint`} className={auto === null ? 'field__error' : 'field__hint'}>
            {t('crash.autoHint', { min: formats.multiplier(CRASH_TARGET.min / 100) })}
          </p>
        </div>
      </div>
      <AutoModeSwitch
        mode={mode}
        onMode={setMode}
        disabled={autoRun.running || bet.isPending || isFlyingMine}
        testId="crash"
      />
      {mode === 'auto' && target === null && (
        <p className="field__hint" data-testid="crash-auto-needs-target">
          {t('auto.crashNeedsTarget')}
        </p>
      )}
      {mode === 'auto' ? (
        <AutoBetPanel
          session={session}
          levels={levels}
          stake={stake}
          onStake={setStake}
          auto={autoRun}
          balanceMinor={null}
          canPlay={target !== null}
          testId="crash"
        />
      ) : (
        <StakeBar session={session} levels={levels} stake={stake} onStake={setStake} disabled={isMineNow}>
          {isFlyingMine ? (
            <Button
              variant="money"
              size="lg"
              onClick={onCashOut}
              loading={cashOut.isPending}
              data-testid="crash-cashout"
            >
              {label}
            </Button>
          ) : (
            <Button
              variant="money"
              size="lg"
              onClick={onBet}
              disabled={!canBet}
              loading={bet.isPending}
              data-testid="crash-bet"
            >
              {label}
            </Button>
          )}
        </StakeBar>
      )}
      {state && <CrashLiveBets state={state} money={money} />}
      <CrashHistoryPanel auth={auth} money={money} />
      {state && <CrashFairness state={state} />}
    </section>
  );
}
