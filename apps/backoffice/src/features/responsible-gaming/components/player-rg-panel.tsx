import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isMoneyLimit, RG_LIMIT_KINDS, type RgLimitKind } from '@wps/shared/schemas/responsible-gaming';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { TableScroll } from '@wps/ui/table-scroll';
import { errorText } from '../../../lib/error-text';
import { localeTag } from '../../../lib/i18n';
import { formatDecimalMoney } from '../../../lib/money';
import { usePlayerRg } from '../api/get-player-rg';

/**
 * A player's responsible-gaming record on the player page (players.read, read-only): the limits in
 * force and waiting, time-outs and self-exclusions, and every change with who made it. Opening it
 * is audited (the server records the look).
 */
export function PlayerRgPanel({ memberId }: { memberId: string }) {
  const { t, i18n } = useTranslation('responsible-gaming');
  const id = useId();
  const rg = usePlayerRg(memberId);
  const dates = useMemo(
    () => new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.language],
  );
  const at = (iso: string | null) => (iso ? <time dateTime={iso}>{dates.format(new Date(iso))}</time> : '—');
  if (rg.isPending) return <LoadingState label={t('loading')} />;
  if (rg.isError) return <ErrorState message={errorText(t, rg.error)} />;
  const { status, exclusions, history } = rg.data;
  const money = { currency: status.currency, scale: status.scale };
  // A limit as the language writes it: money in the player's currency ("R$ 200,50"), time in minutes.
  const limitText = (kind: RgLimitKind, value: string) =>
    isMoneyLimit(kind) ? formatDecimalMoney(value, localeTag(i18n.language), money) : `${value} ${t('minutes')}`;
  // A history value: a limit, an exclusion's end (an instant, or 'permanent'), or minutes as stored.
  const historyText = (kind: string, value: string | null) => {
    if (value === null) return '—';
    if ((RG_LIMIT_KINDS as readonly string[]).includes(kind)) return limitText(kind as RgLimitKind, value);
    if (value === 'permanent') return t('exclusions.permanent');
    return /^\d{4}-\d{2}-\d{2}T/.test(value) ? at(value) : value;
  };
  return (
    <section className="page-section" aria-labelledby={`${id}-title`} data-testid="player-rg-panel">
      <h2 id={`${id}-title`}>{t('title')}</h2>
      <p>
        {status.mustSetLimits
          ? t('mustSet')
          : t('realityCheck', {
              value:
                status.realityCheckMinutes === null ? t('none') : t('every', { minutes: status.realityCheckMinutes }),
            })}
      </p>
      <TableScroll label={t('limits.caption')}>
        <table className="data-table plain-table">
          <caption className="visually-hidden">{t('limits.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('limits.kind')}</th>
              <th scope="col">{t('limits.value')}</th>
              <th scope="col">{t('limits.pending')}</th>
            </tr>
          </thead>
          <tbody>
            {status.limits.map((l) => (
              <tr key={l.kind}>
                <th scope="row">{t(`kinds.${l.kind}`)}</th>
                <td>{l.value === null ? t('none') : limitText(l.kind, l.value)}</td>
                <td>
                  {l.pending ? (
                    <>
                      {l.pending.value === null ? t('removal') : limitText(l.kind, l.pending.value)} · {t('from')}{' '}
                      {at(l.pending.effectiveAt)}
                    </>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <h3>{t('exclusions.title')}</h3>
      {exclusions.length === 0 ? (
        <p>{t('exclusions.empty')}</p>
      ) : (
        <TableScroll label={t('exclusions.title')}>
          <table className="data-table plain-table">
            <caption className="visually-hidden">{t('exclusions.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('exclusions.kind')}</th>
                <th scope="col">{t('exclusions.starts')}</th>
                <th scope="col">{t('exclusions.ends')}</th>
                <th scope="col">{t('exclusions.state')}</th>
              </tr>
            </thead>
            <tbody>
              {exclusions.map((e) => (
                <tr key={e.id}>
                  <th scope="row">{t(`exclusions.${e.kind}`)}</th>
                  <td>{at(e.startsAt)}</td>
                  <td>{e.endsAt ? at(e.endsAt) : t('exclusions.permanent')}</td>
                  <td>
                    {e.active
                      ? e.coolingOffUntil
                        ? t('exclusions.coolingOff')
                        : t('exclusions.active')
                      : t('exclusions.ended')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <h3>{t('history.title')}</h3>
      {history.length === 0 ? (
        <p>{t('history.empty')}</p>
      ) : (
        <TableScroll label={t('history.title')}>
          <table className="data-table plain-table">
            <caption className="visually-hidden">{t('history.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('history.at')}</th>
                <th scope="col">{t('history.what')}</th>
                <th scope="col">{t('history.before')}</th>
                <th scope="col">{t('history.after')}</th>
                <th scope="col">{t('history.who')}</th>
              </tr>
            </thead>
            <tbody>
              {history.map((h) => (
                <tr key={h.id}>
                  <td>{at(h.at)}</td>
                  <th scope="row">
                    {t(`kinds.${h.kind}`, { defaultValue: h.kind })} · {t(`actions.${h.action}`)}
                  </th>
                  <td>{historyText(h.kind, h.before)}</td>
                  <td>{historyText(h.kind, h.after)}</td>
                  <td>{t(`actors.${h.actorType}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
