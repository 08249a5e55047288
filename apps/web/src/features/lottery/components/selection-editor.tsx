import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { betRulesOf, findBetRule } from '@wps/shared/lottery/registry';
import type { LotteryFamily, LotterySelection } from '@wps/shared/lottery/types';
import { parsePicks, pickLabel, priceSelection, quickPick, type SlipEntry } from '../slip';
import { useLotteryMoney } from './use-lottery-money';

/** Pick ranges up to this many numbers are a grid of buttons; larger ones (000–999) are typed. */
const GRID_MAX = 100;

type Props = {
  family: LotteryFamily;
  initialBetType?: string | null;
  stakeMinor: bigint | null;
  onAdd: (entry: SlipEntry) => void;
};

/** One selection: bet type, position or side, numbers (a grid, or typed), quick pick; its lines and cost. */
export function SelectionEditor({ family, initialBetType, stakeMinor, onAdd }: Props) {
  const { t } = useTranslation('lottery');
  const money = useLotteryMoney();
  const id = useId();
  const rules = betRulesOf(family);
  const [selection, setSelection] = useState<LotterySelection>(() => {
    const rule = (initialBetType && findBetRule(family, initialBetType)) || rules[0]!;
    return {
      betType: rule.code,
      ...(rule.positions ? { position: rule.positions.lo } : {}),
      ...(rule.options ? { option: rule.options[0] } : {}),
      ...(rule.picks ? { numbers: [] } : {}),
    };
  });
  const [typed, setTyped] = useState('');
  const rule = findBetRule(family, selection.betType) ?? rules[0]!;
  const picks = rule.picks;
  const isGrid = picks !== undefined && picks.hi - picks.lo + 1 <= GRID_MAX;
  const entry: SlipEntry | null = stakeMinor === null ? null : { ...selection, stakePerLineMinor: stakeMinor };
  const priced = entry ? priceSelection(family, entry) : null;
  // Nothing picked yet is where a player starts, and too few picks is a selection under way: a hint
  // of what to do next, not the picks-count error (too many picks, a bad pick, stay errors).
  const pickedCount = selection.numbers?.length ?? 0;
  const picksToGo = picks !== undefined ? Math.max(0, picks.min - pickedCount) : 0;
  const priceIsHint = picks !== undefined && (pickedCount === 0 || picksToGo > 0);

  const chooseType = (code: string) => {
    const next = findBetRule(family, code)!;
    setTyped('');
    setSelection({
      betType: code,
      ...(next.positions ? { position: next.positions.lo } : {}),
      ...(next.options ? { option: next.options[0] } : {}),
      ...(next.picks ? { numbers: [] } : {}),
    });
  };
  const toggle = (n: number) => {
    const numbers = selection.numbers ?? [];
    setSelection({
      ...selection,
      numbers: numbers.includes(n) ? numbers.filter((x) => x !== n) : [...numbers, n].sort((a, b) => a - b),
    });
  };
  const all = () =>
    picks &&
    setSelection({
      ...selection,
      numbers: Array.from({ length: Math.min(picks.max, picks.hi - picks.lo + 1) }, (_, i) => picks.lo + i),
    });
  const random = () => {
    const picked = quickPick(family, selection.betType);
    setSelection(picked);
    if (!isGrid) setTyped((picked.numbers ?? []).map((n) => pickLabel(rule, n)).join(' '));
  };

  return (
    <fieldset className="lot-editor" data-testid="lottery-selection-editor">
      <legend>{t('slip.selection')}</legend>
      <div className="lot-editor__row">
        <label className="lot-field">
          <span>{t('slip.betType')}</span>
          <select data-testid="slip-bet-type" value={selection.betType} onChange={(e) => chooseType(e.target.value)}>
            {rules.map((r) => (
              <option key={r.code} value={r.code}>
                {t(`betTypes.${r.code}`, { defaultValue: r.code })}
              </option>
            ))}
          </select>
        </label>
        {rule.positions ? (
          <label className="lot-field">
            <span>{t('slip.position')}</span>
            <select
              data-testid="slip-position"
              value={selection.position}
              onChange={(e) => setSelection({ ...selection, position: Number(e.target.value) })}
            >
              {Array.from({ length: rule.positions.hi - rule.positions.lo + 1 }, (_, i) => rule.positions!.lo + i).map(
                (p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ),
              )}
            </select>
          </label>
        ) : null}
      </div>
      {rule.options ? (
        <div role="radiogroup" aria-label={t('slip.option')} className="lot-options">
          {rule.options.map((o) => (
            <label key={o} className="lot-chip">
              <input
                type="radio"
                name={`${id}-option`}
                value={o}
                checked={selection.option === o}
                onChange={() => setSelection({ ...selection, option: o })}
              />
              <span>{t(`options.${o}`, { defaultValue: o })}</span>
            </label>
          ))}
        </div>
      ) : null}
      {picks && isGrid ? (
        <div
          role="group"
          aria-label={t('slip.numbers')}
          className={`lot-grid${picks.hi - picks.lo > 20 ? ' lot-grid--dense' : ''}`}
          data-testid="slip-numbers"
        >
          {Array.from({ length: picks.hi - picks.lo + 1 }, (_, i) => picks.lo + i).map((n) => {
            const on = selection.numbers?.includes(n) ?? false;
            return (
              <button
                key={n}
                type="button"
                className={`lot-pick${on ? ' is-on' : ''}`}
                aria-pressed={on}
                onClick={() => toggle(n)}
              >
                {pickLabel(rule, n)}
              </button>
            );
          })}
        </div>
      ) : null}
      {picks && !isGrid ? (
        <label className="lot-field">
          <span>{t('slip.typedNumbers', { digits: String(picks.hi).length })}</span>
          <input
            data-testid="slip-typed-numbers"
            inputMode="numeric"
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              setSelection({ ...selection, numbers: parsePicks(e.target.value) ?? [] });
            }}
          />
        </label>
      ) : null}
      <div className="lot-editor__actions">
        <Button variant="ghost" size="sm" onClick={random} data-testid="slip-quick-pick">
          {t('slip.quickPick')}
        </Button>
        {picks && isGrid && picks.mode === 'each' ? (
          <Button variant="ghost" size="sm" onClick={all} data-testid="slip-all">
            {t('slip.all')}
          </Button>
        ) : null}
        {picks ? (
          <Button variant="ghost" size="sm" onClick={() => (setTyped(''), setSelection({ ...selection, numbers: [] }))}>
            {t('slip.clear')}
          </Button>
        ) : null}
      </div>
      <p
        className={`lot-editor__price${priceIsHint ? ' is-hint' : ''}`}
        data-testid="slip-selection-price"
        aria-live="polite"
      >
        {priceIsHint
          ? pickedCount === 0
            ? t('slip.pickFirst')
            : t('slip.pickMore', { count: picksToGo })
          : priced === null
            ? t('slip.stakeNeeded')
            : priced.ok
              ? t('slip.price', { count: priced.lines, total: money.minor(priced.totalMinor) })
              : t(`reasons.${priced.reason}`)}
      </p>
      <Button
        variant="secondary"
        disabled={!entry || !priced?.ok}
        onClick={() => entry && onAdd(entry)}
        data-testid="slip-add"
      >
        {t('slip.add')}
      </Button>
    </fieldset>
  );
}
