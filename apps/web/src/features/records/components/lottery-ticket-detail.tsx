import { useTranslation } from 'react-i18next';
import type { BetLottery } from '@wps/shared/schemas/bet-record';

type Result =
  | { kind: 'numbers'; numbers: number[] }
  | { kind: 'prizes'; prizes: { tier: string; numbers: string[] }[] };

function isResult(value: unknown): value is Result {
  const kind = (value as { kind?: unknown } | null)?.kind;
  return kind === 'numbers' || kind === 'prizes';
}

/** One selection as a line of text: its bet type, then its position, option and numbers. */
function SelectionLine({ selection }: { selection: BetLottery['tickets'][number]['selections'][number] }) {
  const { t } = useTranslation('betRecord');
  const parts = [
    selection.position !== undefined ? t('lottery.position', { position: selection.position }) : null,
    selection.option ? t(`lottery.options.${selection.option}`, { defaultValue: selection.option }) : null,
    selection.numbers?.length ? selection.numbers.join(' ') : null,
  ].filter(Boolean);
  return (
    <li>
      <strong>{t(`lottery.betTypes.${selection.betType}`, { defaultValue: selection.betType })}</strong>
      {parts.length > 0 && <> · {parts.join(' · ')}</>}{' '}
      <span className="br__vendor">{t('lottery.lines', { count: selection.lines })}</span>
    </li>
  );
}

/**
 * A lottery round in the betting record (the player's tickets on one draw): each ticket's
 * status, stake, payout and selections, the draw, and the draw's result and revealed seed once it
 * is decided (the seed and hash let the player check a fair draw with the verifier).
 */
export function LotteryTicketDetail({ lottery, money }: { lottery: BetLottery; money: (minor: string) => string }) {
  const { t } = useTranslation('betRecord');
  const result = isResult(lottery.result) ? lottery.result : null;
  return (
    <details className="br__fair" data-testid="lottery-ticket-detail">
      <summary>{t('lottery.summary', { count: lottery.tickets.length, numero: lottery.numero })}</summary>
      <ol className="br__tickets">
        {lottery.tickets.map((ticket) => (
          <li key={ticket.id} data-testid="lottery-round-ticket">
            <p>
              <strong>{t('lottery.ticket', { id: ticket.id })}</strong> ·{' '}
              {t(`lottery.ticketStatus.${ticket.status}`, { defaultValue: ticket.status })} ·{' '}
              {t('lottery.stake', { amount: money(ticket.stakeMinor) })}
              {ticket.payoutMinor !== null && ticket.payoutMinor !== '0' && (
                <> · {t('lottery.payout', { amount: money(ticket.payoutMinor) })}</>
              )}
            </p>
            <ul className="br__selections">
              {ticket.selections.map((s, i) => (
                <SelectionLine key={i} selection={s} />
              ))}
            </ul>
          </li>
        ))}
      </ol>
      <dl>
        <dt>{t('lottery.result')}</dt>
        <dd className="br__mono" data-testid="lottery-result">
          {!result
            ? t(lottery.drawStatus === 'voided' ? 'lottery.voided' : 'lottery.pending')
            : result.kind === 'numbers'
              ? result.numbers.join(' ')
              : result.prizes
                  .map((p) => `${t(`lottery.tiers.${p.tier}`, { defaultValue: p.tier })}: ${p.numbers.join(' ')}`)
                  .join(' · ')}
        </dd>
        {lottery.serverSeedHash && (
          <>
            <dt>{t('record.serverSeedHash')}</dt>
            <dd className="br__mono">{lottery.serverSeedHash}</dd>
            <dt>{t('record.serverSeed')}</dt>
            <dd className="br__mono">{lottery.serverSeed ?? t('lottery.seedAfterDraw')}</dd>
          </>
        )}
      </dl>
    </details>
  );
}
