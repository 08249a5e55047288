import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { crashPoint, isChainLink } from '@wps/shared/originals/crash';
import type { InhouseAuth } from '@wps/shared/schemas/inhouse';
import type { CrashBust, CrashState } from '@wps/shared/schemas/inhouse-crash';
import { useFormats } from '../../../lib/format';
import { minorToDecimal, useFormatMoney } from '../../../lib/money';
import { useCrashHistory } from '../api/crash-history';

type Money = { currency: string; scale: number };

/** The round's bets as every player sees them: name, stake, and the cash-out or the loss. */
export function CrashLiveBets({ state, money }: { state: CrashState; money: Money }) {
  const { t } = useTranslation('inhouse');
  const format = useFormatMoney();
  const formats = useFormats();
  const bets = state.round?.bets ?? [];
  return (
    <section className="ih-crash__bets" aria-labelledby="crash-bets-title">
      <h2 id="crash-bets-title" className="ih-crash__heading">
        {t('crash.liveBets', { count: bets.length })}
      </h2>
      {bets.length === 0 ? (
        <p className="ih-muted">{t('crash.noBets')}</p>
      ) : (
        <table className="ih-crash__table" data-testid="crash-live-bets">
          <thead>
            <tr>
              <th scope="col">{t('crash.player')}</th>
              <th scope="col">{t('stake.label')}</th>
              <th scope="col">{t('crash.cashout')}</th>
            </tr>
          </thead>
          <tbody>
            {bets.map((b, i) => (
              <tr
                key={`${b.nickname}-${i}`}
                className={b.status === 'cashed' ? 'is-win' : b.status === 'lost' ? 'is-loss' : ''}
              >
                <td>{b.nickname}</td>
                <td className="amount">{format(minorToDecimal(b.stakeMinor, money.scale), money)}</td>
                <td>
                  {b.status === 'cashed' && b.cashoutHundredths !== null
                    ? `${formats.multiplier(b.cashoutHundredths / 100)} · ${format(minorToDecimal(b.payoutMinor, money.scale), money)}`
                    : b.status === 'lost'
                      ? t('crash.lost')
                      : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The last crash points, newest first, coloured by size. */
export function CrashRecent({ recent }: { recent: CrashBust[] }) {
  const { t } = useTranslation('inhouse');
  const formats = useFormats();
  if (recent.length === 0) return null;
  return (
    <section className="ih-recent" aria-label={t('crash.recent')}>
      <h2 className="visually-hidden">{t('crash.recent')}</h2>
      <ol className="ih-recent__list" data-testid="crash-recent">
        {recent.map((r) => (
          <li key={r.roundNumber} className={`ih-recent__item${r.crashHundredths >= 200 ? ' is-win' : ''}`}>
            {formats.multiplier(r.crashHundredths / 100)}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The player's own bets with their outcome. */
export function CrashHistoryPanel({ auth, money }: { auth: InhouseAuth; money: Money }) {
  const { t } = useTranslation('inhouse');
  const format = useFormatMoney();
  const formats = useFormats();
  const history = useCrashHistory(auth);
  const bets = history.data?.bets ?? [];
  return (
    <details className="ih-crash__history">
      <summary>{t('crash.myBets')}</summary>
      {bets.length === 0 ? (
        <p className="ih-muted">{t('crash.noMyBets')}</p>
      ) : (
        <ul className="ih-crash__list" data-testid="crash-history">
          {bets.map((b) => (
            <li key={b.betId}>
              {t('crash.historyItem', {
                round: b.roundNumber,
                stake: format(minorToDecimal(b.stakeMinor, money.scale), money),
                result:
                  b.status === 'cashed' && b.cashoutHundredths !== null
                    ? t('crash.cashedAt', {
                        multiplier: formats.multiplier(b.cashoutHundredths / 100),
                        amount: format(minorToDecimal(b.payoutMinor, money.scale), money),
                      })
                    : b.status === 'lost'
                      ? t('crash.lost')
                      : t(`crash.status.${b.status}`),
              })}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}

/**
 * Whether a busted round is proven: SHA-256 of its hash is the round before's hash (round 1's: the
 * chain's terminal hash), and its crash point follows from its hash, the salt and its RTP.
 */
export function verifyCrashRound(round: CrashBust, previousHash: string | null, salt: string): boolean {
  const isLinked = previousHash === null || isChainLink(round.hash, previousHash);
  return isLinked && crashPoint(round.hash, salt, round.rtpBps) === round.crashHundredths;
}

/** The chain's commitment and each recent round checked against it in the browser. */
export function CrashFairness({ state }: { state: CrashState }) {
  const { t } = useTranslation('inhouse');
  const formats = useFormats();
  const [checked, setChecked] = useState<Record<number, boolean>>({});
  const chain = state.chain;
  if (!chain) return null;
  const byNumber = new Map(state.recent.map((r) => [r.roundNumber, r]));
  const check = (r: CrashBust) => {
    // The round before's hash: from the list when shown, the terminal hash for round 1.
    const previous = r.roundNumber === 1 ? chain.terminalHash : (byNumber.get(r.roundNumber - 1)?.hash ?? null);
    setChecked((c) => ({ ...c, [r.roundNumber]: verifyCrashRound(r, previous, chain.salt) }));
  };
  return (
    <details className="ih-fair ih-crash__fair">
      <summary>{t('crash.fairTitle')}</summary>
      <p>{t('crash.fairExplain')}</p>
      <dl className="ih-fair__seeds">
        <dt>{t('crash.terminalHash')}</dt>
        <dd className="ih-mono">{chain.terminalHash}</dd>
        <dt>{t('crash.salt')}</dt>
        <dd className="ih-mono">{chain.salt}</dd>
      </dl>
      <ul className="ih-crash__list" data-testid="crash-fair-rounds">
        {state.recent.map((r) => (
          <li key={r.roundNumber}>
            <span>
              {t('crash.fairRound', { round: r.roundNumber, point: formats.multiplier(r.crashHundredths / 100) })}
            </span>{' '}
            <code className="ih-mono">{r.hash.slice(0, 16)}…</code>{' '}
            {checked[r.roundNumber] === undefined ? (
              <button type="button" className="ih-chip" onClick={() => check(r)}>
                {t('crash.verify')}
              </button>
            ) : (
              <strong role="status">{checked[r.roundNumber] ? t('crash.verified') : t('crash.notVerified')}</strong>
            )}
          </li>
        ))}
      </ul>
      <p className="ih-muted">
        {t('crash.fairCommand')}{' '}
        <code className="ih-mono">
          node scripts/verify-fair.mjs --game crash --round-hash … --salt {chain.salt.slice(0, 8)}… --rtp …
        </code>
      </p>
    </details>
  );
}
