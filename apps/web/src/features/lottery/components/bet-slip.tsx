import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import type { LotteryFamily, LotteryLine, Paytable } from '@wps/shared/lottery/types';
import type { LotteryTicketView } from '@wps/shared/schemas/lottery';
import { parseTypedAmount } from '@wps/shared/money';
import { useFormats } from '../../../lib/format';
import { translateError } from '../../../lib/i18n';
import { usePaytable } from '../api/get-paytable';
import { usePlaceTicket } from '../api/place-ticket';
import { linePayouts, pickLabel, priceSelection, slipPayoutMinor, slipTotalMinor, type SlipEntry } from '../slip';
import { findBetRule } from '@wps/shared/lottery/registry';
import { SelectionEditor } from './selection-editor';
import { useLotteryMoney } from './use-lottery-money';

/** A fresh idempotency key: one per slip submitted, so a double click or a retry places one ticket. */
function newIdempotencyKey(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return `lt-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** What a selection reads as on the slip and on tickets: bet type, position or side, picks. */
export function useDescribeSelection(family: LotteryFamily) {
  const { t } = useTranslation('lottery');
  return (s: { betType: string; position?: number; option?: string; numbers?: number[] }) => {
    const rule = findBetRule(family, s.betType);
    const parts = [t(`betTypes.${s.betType}`, { defaultValue: s.betType })];
    if (s.position !== undefined) parts.push(t('slip.positionN', { position: s.position }));
    if (s.option) parts.push(t(`options.${s.option}`, { defaultValue: s.option }));
    if (s.numbers?.length) parts.push(s.numbers.map((n) => (rule ? pickLabel(rule, n) : String(n))).join(' '));
    return parts.join(' · ');
  };
}

/** An entry with more lines than this shows its largest line's payout instead of every line's. */
const PAYOUT_LINES_SHOWN = 10;

/** Each line of an entry with what it can win at the game's odds (a pick, a side, or a combination). */
function EntryPayouts({ family, entry, paytable }: { family: LotteryFamily; entry: SlipEntry; paytable: Paytable }) {
  const { t } = useTranslation('lottery');
  const money = useLotteryMoney();
  const payouts = linePayouts(family, entry, paytable);
  if (!payouts || payouts.length === 0) return null;
  const rule = findBetRule(family, entry.betType);
  const lineLabel = (line: LotteryLine) =>
    line.numbers?.length
      ? line.numbers.map((n) => (rule ? pickLabel(rule, n) : String(n))).join(' ')
      : line.option
        ? t(`options.${line.option}`, { defaultValue: line.option })
        : t(`betTypes.${line.betType}`, { defaultValue: line.betType });
  if (payouts.length > PAYOUT_LINES_SHOWN) {
    const top = payouts.reduce((max, p) => (p.payoutMinor > max ? p.payoutMinor : max), 0n);
    return (
      <p className="lot-entry__payouts" data-testid="slip-entry-payouts">
        {t('slip.payoutMany', { payout: money.minor(top) })}
      </p>
    );
  }
  return (
    <ul className="lot-entry__payouts" aria-label={t('slip.payouts')} data-testid="slip-entry-payouts">
      {payouts.map((p, i) => (
        <li key={i}>{t('slip.payoutLine', { line: lineLabel(p.line), payout: money.minor(p.payoutMinor) })}</li>
      ))}
    </ul>
  );
}

function Trimmed({ ticket, family }: { ticket: LotteryTicketView; family: LotteryFamily }) {
  const { t } = useTranslation('lottery');
  const money = useLotteryMoney();
  const describe = useDescribeSelection(family);
  const trimmed = ticket.selections.filter((s) => s.requestedPerLineMinor !== undefined);
  if (trimmed.length === 0) return null;
  return (
    <div className="lot-notice lot-notice--warning" data-testid="slip-trimmed">
      <p>{t('slip.trimmedWhy')}</p>
      <ul>
        {trimmed.map((s, i) => (
          <li key={i}>
            {t('slip.trimmed', {
              selection: describe(s),
              requested: money.minor(s.requestedPerLineMinor!),
              granted: money.minor(s.stakePerLineMinor),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The bet slip: selections built with the shared rules, the stake per line, the total, and placing the ticket. */
export function BetSlip({
  family,
  gameCode,
  numero,
  initialBetType,
}: {
  family: LotteryFamily;
  gameCode: string;
  numero: string | null;
  initialBetType?: string | null;
}) {
  const { t } = useTranslation('lottery');
  const money = useLotteryMoney();
  const { locale } = useFormats();
  const describe = useDescribeSelection(family);
  const place = usePlaceTicket();
  // The odds as the game has them now; until they load, the slip shows no payout rather than a guess.
  const odds = usePaytable(gameCode).data;
  const paytable = odds && odds.family === family ? (odds.paytable as Paytable) : null;
  const [stakeText, setStakeText] = useState('1');
  const [entries, setEntries] = useState<SlipEntry[]>([]);
  const [placed, setPlaced] = useState<LotteryTicketView | null>(null);
  const keyRef = useRef<string | null>(null);
  // The stake as the player's language writes it ("1.500,00" in Portuguese), as every amount input reads it.
  const stakeMinor = parseTypedAmount(stakeText, money.scale, locale);
  const total = slipTotalMinor(family, entries);
  const payoutTotal = paytable ? slipPayoutMinor(family, entries, paytable) : null;

  const change = (next: SlipEntry[]) => {
    keyRef.current = null;
    setPlaced(null);
    place.reset();
    setEntries(next);
  };
  const submit = () => {
    if (entries.length === 0 || place.isPending) return;
    keyRef.current ??= newIdempotencyKey();
    place.mutate(
      {
        gameCode,
        ...(numero ? { numero } : {}),
        onLimit: 'trim',
        idempotencyKey: keyRef.current,
        selections: entries.map(({ stakePerLineMinor, ...s }) => ({
          ...s,
          stakePerLineMinor: String(stakePerLineMinor),
        })),
      },
      {
        onSuccess: (answer) => {
          keyRef.current = null;
          setEntries([]);
          setPlaced(answer.ticket);
        },
      },
    );
  };

  return (
    <section className="lot-slip" aria-labelledby="lot-slip-title" data-testid="lottery-slip">
      <h2 id="lot-slip-title">{t('slip.title')}</h2>
      <label className="lot-field">
        <span>{t('slip.stake')}</span>
        <input
          data-testid="slip-stake"
          inputMode="decimal"
          value={stakeText}
          onChange={(e) => setStakeText(e.target.value)}
          aria-invalid={stakeMinor === null}
        />
      </label>
      <SelectionEditor
        family={family}
        initialBetType={initialBetType}
        stakeMinor={stakeMinor}
        onAdd={(entry) => change([...entries, entry])}
      />
      <h3>{t('slip.entries', { count: entries.length })}</h3>
      {entries.length === 0 ? <p className="lot-muted">{t('slip.empty')}</p> : null}
      <ul className="lot-entries">
        {entries.map((entry, i) => {
          const priced = priceSelection(family, entry);
          return (
            <li key={i} className="lot-entry" data-testid="slip-entry">
              <span>{describe(entry)}</span>
              <span className="lot-muted">
                {priced.ok
                  ? t('slip.entryPrice', {
                      count: priced.lines,
                      stake: money.minor(entry.stakePerLineMinor),
                      total: money.minor(priced.totalMinor),
                    })
                  : ''}
              </span>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => change(entries.filter((_, j) => j !== i))}
                aria-label={t('slip.remove', { selection: describe(entry) })}
              >
                ✕
              </Button>
              {paytable ? <EntryPayouts family={family} entry={entry} paytable={paytable} /> : null}
            </li>
          );
        })}
      </ul>
      <p className="lot-slip__total">
        {t('slip.total')} <strong data-testid="slip-total">{money.minor(total)}</strong>
      </p>
      {payoutTotal !== null && entries.length > 0 ? (
        <>
          <p className="lot-slip__total">
            {t('slip.payoutTotal')} <strong data-testid="slip-payout">{money.minor(payoutTotal)}</strong>
          </p>
          <p className="lot-muted">{t('slip.payoutHint')}</p>
        </>
      ) : null}
      <Button
        variant="money"
        block
        disabled={entries.length === 0 || !numero}
        loading={place.isPending}
        onClick={submit}
        data-testid="slip-place"
      >
        {numero ? t('slip.place', { numero }) : t('slip.closed')}
      </Button>
      {place.error ? (
        <p role="alert" className="lot-notice lot-notice--error" data-testid="slip-error">
          {translateError(place.error)}
        </p>
      ) : null}
      {placed ? (
        <div role="status" data-testid="slip-placed">
          <p className="lot-notice lot-notice--success">
            {t('slip.placed', { numero: placed.numero, stake: money.minor(placed.stakeMinor) })}
          </p>
          <Trimmed ticket={placed} family={family} />
        </div>
      ) : null}
    </section>
  );
}
