import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor, formatTypedAmount, parseTypedAmount } from '@wps/shared/money';
import type { InhouseSession } from '@wps/shared/schemas/inhouse';
import { Button } from '@wps/ui/button';
import { useFormats } from '../../../lib/format';
import { minorToDecimal, useFormatMoney } from '../../../lib/money';
import { useLossLimit } from '../api/get-loss-limit';
import {
  AUTO_BET_MAX_BETS,
  clampStopLoss,
  parseBetCount,
  parsePercent,
  type AutoBetSettings,
  type StakeRule,
} from '../auto-bet';
import type { AutoBetRun } from '../use-auto-bet';
import { StakeBar } from './stake-bar';

type AutoBetPanelProps = {
  session: InhouseSession;
  levels: bigint[];
  stake: bigint;
  onStake: (stake: bigint) => void;
  auto: AutoBetRun;
  /** The balance the page's last round reported, in minor units; null before any. */
  balanceMinor: string | null;
  /** The game's choices allow a round (a valid target, picks…). */
  canPlay: boolean;
  testId: string;
};

/** Manual or Auto, above a game's settings; locked while a round or a run goes on. */
export function AutoModeSwitch(props: {
  mode: 'manual' | 'auto';
  onMode: (mode: 'manual' | 'auto') => void;
  disabled: boolean;
  testId: string;
}) {
  const { t } = useTranslation('inhouse');
  return (
    <div className="ih-chips ih-mode" role="radiogroup" aria-label={t('auto.mode')}>
      {(['manual', 'auto'] as const).map((m) => (
        <button
          key={m}
          type="button"
          role="radio"
          aria-checked={props.mode === m}
          className={`ih-chip${props.mode === m ? ' is-active' : ''}`}
          onClick={() => props.onMode(m)}
          disabled={props.disabled}
          data-testid={`${props.testId}-mode-${m}`}
        >
          {t(`auto.${m}`)}
        </button>
      ))}
    </div>
  );
}

type RuleText = { mode: StakeRule['mode']; percent: string };

/** The rule as typed, or null when its percentage is no whole number 1…1000. */
function readRule(rule: RuleText): StakeRule | null {
  if (rule.mode === 'reset') return { mode: 'reset' };
  const percent = parsePercent(rule.percent);
  return percent === null ? null : { mode: 'increase', percent };
}

/**
 * The auto-bet side of an original's controls: how many bets, what the stake does on a win and on
 * a loss, the profit and the loss that stop the run (typed as the player's language writes money,
 * read by the shared parser), the run's tally and why it stopped, and the start / stop button at
 * the foot of the page. A loss limit in force is the stop-on-loss's ceiling.
 */
export function AutoBetPanel(props: AutoBetPanelProps) {
  const { session, levels, stake, onStake, auto, balanceMinor, canPlay, testId } = props;
  const { t } = useTranslation('inhouse');
  const format = useFormatMoney();
  const formats = useFormats();
  const { locale } = formats;
  const id = useId();
  const money = { currency: session.currency, scale: session.scale };
  const show = (minor: bigint) => format(minorToDecimal(minor.toString(), money.scale), money);
  const lossLimit = useLossLimit(session.scale);

  const [countText, setCountText] = useState('10');
  const [onWin, setOnWin] = useState<RuleText>({ mode: 'reset', percent: '100' });
  const [onLoss, setOnLoss] = useState<RuleText>({ mode: 'reset', percent: '100' });
  const [profitText, setProfitText] = useState('');
  const [lossText, setLossText] = useState('');
  const [clampedTo, setClampedTo] = useState<bigint | null>(null);

  const count = parseBetCount(countText);
  const winRule = readRule(onWin);
  const lossRule = readRule(onLoss);
  const readMoney = (text: string) => (text.trim() === '' ? null : parseTypedAmount(text, money.scale, locale));
  const profit = readMoney(profitText);
  const loss = readMoney(lossText);
  const badProfit = profitText.trim() !== '' && (profit === null || profit <= 0n);
  const badLoss = lossText.trim() !== '' && (loss === null || loss <= 0n);
  const valid = count !== undefined && winRule !== null && lossRule !== null && !badProfit && !badLoss;
  const locked = auto.running;

  const start = () => {
    if (!valid || !canPlay || levels.length === 0) return;
    const { stopLossMinor, clamped } = clampStopLoss(loss, lossLimit?.minor ?? null);
    setClampedTo(clamped ? stopLossMinor : null);
    if (clamped && stopLossMinor !== null)
      setLossText(formatTypedAmount(formatMinor(stopLossMinor, money.scale), money.scale, locale));
    const settings: AutoBetSettings = {
      count,
      onWin: winRule,
      onLoss: lossRule,
      stopProfitMinor: profit,
      stopLossMinor,
    };
    const bounds = { min: levels[0]!, max: levels.at(-1)!, step: BigInt(session.stakeStepMinor) };
    auto.start(settings, stake, bounds, balanceMinor === null ? null : BigInt(balanceMinor));
  };

  const rule = (kind: 'onWin' | 'onLoss', value: RuleText, set: (v: RuleText) => void) => (
    <div className="field ih-auto__rule">
      <label className="field__label" htmlFor={`${id}-${kind}`}>
        {t(`auto.${kind}`)}
      </label>
      <div className="ih-auto__rule-row">
        <div className="field__box ih-auto__select">
          <select
            id={`${id}-${kind}`}
            className="field__input"
            value={value.mode}
            onChange={(e) => set({ ...value, mode: e.target.value as StakeRule['mode'] })}
            disabled={locked}
            data-testid={`auto-${kind}`}
          >
            <option value="reset">{t('auto.reset')}</option>
            <option value="increase">{t('auto.increase')}</option>
          </select>
        </div>
        {value.mode === 'increase' && (
          <div className="field__box ih-auto__percent">
            <input
              className="field__input"
              inputMode="numeric"
              autoComplete="off"
              aria-label={t('auto.percent', { when: t(`auto.${kind}`) })}
              aria-invalid={readRule(value) === null ? true : undefined}
              aria-describedby={readRule(value) === null ? `${id}-${kind}-hint` : undefined}
              value={value.percent}
              onChange={(e) => set({ ...value, percent: e.target.value })}
              disabled={locked}
              data-testid={`auto-${kind}-percent`}
            />
          </div>
        )}
      </div>
      {readRule(value) === null && (
        <p id={`${id}-${kind}-hint`} className="field__error">
          {t('auto.percentHint')}
        </p>
      )}
    </div>
  );

  const moneyField = (
    kind: 'stopProfit' | 'stopLoss',
    text: string,
    set: (v: string) => void,
    bad: boolean,
    hint: string | null,
  ) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${kind}`}>
        {t(`auto.${kind}`)}
      </label>
      <div className="field__box">
        <input
          id={`${id}-${kind}`}
          className="field__input"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('auto.none')}
          value={text}
          onChange={(e) => set(e.target.value)}
          aria-invalid={bad ? true : undefined}
          aria-describedby={bad || hint ? `${id}-${kind}-hint` : undefined}
          disabled={locked}
          data-testid={`auto-${kind}`}
        />
      </div>
      {bad ? (
        <p id={`${id}-${kind}-hint`} className="field__error">
          {t('auto.amountHint')}
        </p>
      ) : hint ? (
        <p id={`${id}-${kind}-hint`} className="field__hint" data-testid={`auto-${kind}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );

  const lossHint =
    clampedTo !== null
      ? t('auto.clamped', { amount: show(clampedTo) })
      : lossLimit
        ? t('auto.lossCeiling', { amount: show(lossLimit.minor) })
        : null;
  const tally = auto.tally;
  const net = tally?.netMinor ?? 0n;
  const stopped = auto.stopped;

  return (
    <>
      <div className="ih-auto" data-testid="auto-panel">
        {/* Not a live region: the board already announces each bet's result, and the run's end is a status. */}
        <div className="ih-auto__tally" data-testid="auto-tally">
          {tally && (
            <>
              <span>{t('auto.bets', { count: tally.bets })}</span>
              <span className={`amount${net > 0n ? ' is-win' : net < 0n ? ' is-loss' : ''}`} data-testid="auto-net">
                {t('auto.net', { amount: `${net < 0n ? '−' : net > 0n ? '+' : ''}${show(net < 0n ? -net : net)}` })}
              </span>
            </>
          )}
        </div>
        {stopped && !auto.running && (
          <p className="ih-auto__status" role="status" data-testid="auto-status">
            {t(`auto.stopped.${stopped.reason}`, { message: stopped.message ?? '' })}
          </p>
        )}
        <div className="ih-auto__grid">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-count`}>
              {t('auto.count')}
            </label>
            <div className="field__box">
              <input
                id={`${id}-count`}
                className="field__input"
                inputMode="numeric"
                autoComplete="off"
                placeholder="∞"
                value={countText}
                onChange={(e) => setCountText(e.target.value)}
                aria-invalid={count === undefined ? true : undefined}
                aria-describedby={`${id}-count-hint`}
                disabled={locked}
                data-testid="auto-count"
              />
            </div>
            <p id={`${id}-count-hint`} className={count === undefined ? 'field__error' : 'field__hint'}>
              {t('auto.countHint', { max: formats.number(AUTO_BET_MAX_BETS) })}
            </p>
          </div>
          {rule('onWin', onWin, setOnWin)}
          {rule('onLoss', onLoss, setOnLoss)}
          {moneyField('stopProfit', profitText, setProfitText, badProfit, null)}
          {moneyField(
            'stopLoss',
            lossText,
            (v) => {
              setClampedTo(null);
              setLossText(v);
            },
            badLoss,
            lossHint,
          )}
        </div>
      </div>
      <StakeBar session={session} levels={levels} stake={stake} onStake={onStake} disabled={locked}>
        {auto.running ? (
          <Button variant="danger" size="lg" onClick={auto.stop} data-testid={`${testId}-auto-stop`}>
            {t('auto.stop', { count: tally?.bets ?? 0 })}
          </Button>
        ) : (
          <Button
            variant="money"
            size="lg"
            onClick={start}
            disabled={!valid || !canPlay || levels.length === 0}
            data-testid={`${testId}-auto-start`}
          >
            {t('auto.start')}
          </Button>
        )}
      </StakeBar>
    </>
  );
}
