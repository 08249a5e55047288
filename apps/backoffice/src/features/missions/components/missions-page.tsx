import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MissionStatusBody, OpsMission, OpsMissionFigures, MissionStep } from '@wps/shared/schemas/missions';
import type { WindowPeriod } from '@wps/shared/reward-period-windows';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { TableScroll } from '@wps/ui/table-scroll';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorText } from '../../../lib/error-text';
import { useFormatMoney } from '../../../lib/money';
import { useCan } from '../../../lib/permissions';
import { useMissionFigures } from '../api/mission-figures';
import { useMissionLeaderboard } from '../api/mission-leaderboard';
import { useMissions } from '../api/mission-list';
import { useSetMissionStatus } from '../api/set-mission-status';
import { MONEY_STEPS } from '../mission-form';
import { MissionDialog } from './mission-dialog';
import './missions.css';
import { formatPeriodKey } from '../../../lib/format-date';

type StatusChange = { mission: OpsMission; to: MissionStatusBody['status'] };

/**
 * Missions (rewards.read; writing needs rewards.write): the daily and the weekly set, each mission
 * with its steps, reward, status and figures in the current period (players who progressed,
 * completed, claimed; claims and paid in all), a new mission or a change to one, switching it on
 * or off and archiving it with a reason, and the players' board of the week.
 */
export function MissionsPage() {
  const { t } = useTranslation('missions');
  const canWrite = useCan('rewards.write');
  const missions = useMissions();
  const figures = useMissionFigures();
  const [editing, setEditing] = useState<{ mission?: OpsMission } | null>(null);
  const [change, setChange] = useState<StatusChange | null>(null);

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  const byId = new Map((figures.data?.list ?? []).map((f) => [f.missionId, f]));
  return (
    <section className="page missions-page" aria-labelledby="missions-title">
      <div className="page-header">
        <h1 id="missions-title">{t('title')}</h1>
        {canWrite && <Button onClick={() => setEditing({})}>{t('newMission')}</Button>}
      </div>
      <p>{t('intro')}</p>
      {missions.error && <FormError message={errorText(t, missions.error)} />}
      {missions.data &&
        (['daily', 'weekly'] as const).map((cadence) => (
          <MissionSet
            key={cadence}
            cadence={cadence}
            periodKey={figures.data?.[cadence].periodKey}
            missions={missions.data.list.filter((m) => m.cadence === cadence)}
            figures={byId}
            canWrite={canWrite}
            onEdit={(mission) => setEditing({ mission })}
            onStatus={setChange}
          />
        ))}
      <Leaderboard />
      {editing && <MissionDialog mission={editing.mission} onClose={() => setEditing(null)} />}
      {change && <StatusDialog change={change} onClose={() => setChange(null)} />}
    </section>
  );
}

function useTitle(): (m: OpsMission) => string {
  const { i18n } = useTranslation();
  return (m) => (i18n.language === 'pt' ? m.titlePt : m.titleEn);
}

/** One step in words: "Stake R$ 20.00 on Slots", "Log in on 2 days". */
function useDescribeStep(): (step: MissionStep) => string {
  const { t } = useTranslation(['missions', 'games']);
  const formatMoney = useFormatMoney();
  return (step) => {
    if (MONEY_STEPS.includes(step.kind)) {
      const amount = formatMoney(step.target);
      if (step.kind === 'deposit') return t('steps.deposit', { amount });
      return step.category
        ? t('steps.stakeOn', { amount, category: t(`games:categories.${step.category}`) })
        : t('steps.stakeAny', { amount });
    }
    return t(`steps.${step.kind}`, { count: Number(step.target) });
  };
}

type SetProps = {
  cadence: WindowPeriod;
  periodKey: string | undefined;
  missions: OpsMission[];
  figures: Map<string, OpsMissionFigures>;
  canWrite: boolean;
  onEdit: (m: OpsMission) => void;
  onStatus: (c: StatusChange) => void;
};

function MissionSet({ cadence, periodKey, missions, figures, canWrite, onEdit, onStatus }: SetProps) {
  const { t } = useTranslation('missions');
  const formatMoney = useFormatMoney();
  const title = useTitle();
  const describe = useDescribeStep();
  const headingId = `missions-${cadence}-title`;
  return (
    <section className="missions-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(`sets.${cadence}`)}</h2>
      {periodKey && <p className="missions-muted">{t('sets.period', { period: formatPeriodKey(periodKey) })}</p>}
      {missions.length === 0 ? (
        <p className="missions-muted">{t('sets.empty')}</p>
      ) : (
        <TableScroll label={t(`sets.${cadence}Table`)}>
          <table className="plain-table missions-table">
            <caption className="visually-hidden">{t(`sets.${cadence}`)}</caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.mission')}</th>
                <th scope="col">{t('columns.steps')}</th>
                <th scope="col" className="num">
                  {t('columns.reward')}
                </th>
                <th scope="col">{t('columns.status')}</th>
                <th scope="col" className="num">
                  {t('columns.progressed')}
                </th>
                <th scope="col" className="num">
                  {t('columns.completed')}
                </th>
                <th scope="col" className="num">
                  {t('columns.claimed')}
                </th>
                <th scope="col" className="num">
                  {t('columns.paid')}
                </th>
                {canWrite && <th scope="col">{t('columns.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {missions.map((m) => {
                const f = figures.get(m.id);
                return (
                  <tr key={m.id} data-mission={m.titlePt}>
                    <th scope="row">{title(m)}</th>
                    <td className="missions-steps-cell">
                      <ul className="missions-steps">
                        {m.steps.map((s, i) => (
                          <li key={i}>{describe(s)}</li>
                        ))}
                      </ul>
                    </td>
                    <td className="num">{formatMoney(m.rewardMinor)}</td>
                    <td>
                      <span className={`status-pill missions-status--${m.status}`}>{t(`statuses.${m.status}`)}</span>
                      {m.status === 'awaiting_approval' && (
                        <p className="missions-awaiting">
                          {[...m.ceilingReasons.map((r) => t(`ceilings.${r}`)), t('awaitingNote')].join(' ')}
                        </p>
                      )}
                    </td>
                    <td className="num" data-figure="progressed">
                      {f?.progressed ?? '—'}
                    </td>
                    <td className="num" data-figure="completed">
                      {f?.completed ?? '—'}
                    </td>
                    <td className="num" data-figure="claimed">
                      {f ? t('figures.claimed', { now: f.claimed, all: f.claimedAllTime }) : '—'}
                    </td>
                    <td className="num">{f ? formatMoney(f.paidMinor) : '—'}</td>
                    {canWrite && (
                      <td>
                        <MissionActions
                          mission={m}
                          onEdit={() => onEdit(m)}
                          onStatus={(to) => onStatus({ mission: m, to })}
                        />
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

/** Edit; switch on or off; archive, or bring an archived mission back switched off. */
function MissionActions({
  mission,
  onEdit,
  onStatus,
}: {
  mission: OpsMission;
  onEdit: () => void;
  onStatus: (to: MissionStatusBody['status']) => void;
}) {
  const { t } = useTranslation('missions');
  const name = useTitle()(mission);
  return (
    <span className="missions-actions" role="group" aria-label={t('actions.for', { title: name })}>
      <Button size="sm" variant="secondary" onClick={onEdit} aria-label={t('actions.editFor', { title: name })}>
        {t('actions.edit')}
      </Button>
      {mission.status === 'draft' && (
        <Button size="sm" onClick={() => onStatus('live')} aria-label={t('actions.onFor', { title: name })}>
          {t('actions.on')}
        </Button>
      )}
      {(mission.status === 'live' || mission.status === 'awaiting_approval') && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onStatus('draft')}
          aria-label={t('actions.offFor', { title: name })}
        >
          {t('actions.off')}
        </Button>
      )}
      {mission.status !== 'ended' ? (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => onStatus('ended')}
          aria-label={t('actions.archiveFor', { title: name })}
        >
          {t('actions.archive')}
        </Button>
      ) : (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => onStatus('draft')}
          aria-label={t('actions.restoreFor', { title: name })}
        >
          {t('actions.restore')}
        </Button>
      )}
    </span>
  );
}

function StatusDialog({ change, onClose }: { change: StatusChange; onClose: () => void }) {
  const { t } = useTranslation('missions');
  const name = useTitle()(change.mission);
  const status = useSetMissionStatus((m) => t('actions.changed', { title: name, status: t(`statuses.${m.status}`) }));
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title={t(`confirm.${change.to}.title`, { title: name })}
      description={t(`confirm.${change.to}.description`)}
      changes={[
        {
          label: t('columns.status'),
          before: t(`statuses.${change.mission.status}`),
          after: t(`statuses.${change.to}`),
        },
      ]}
      confirmLabel={t(`confirm.${change.to}.confirm`)}
      danger={change.to === 'ended'}
      onConfirm={(reason) => status.mutateAsync({ id: change.mission.id, status: change.to, reason })}
      isPending={status.isPending}
      errorMessage={status.errorMessage}
    />
  );
}

/** This week's players by missions claimed (the board players see, with their accounts). */
function Leaderboard() {
  const { t } = useTranslation('missions');
  const board = useMissionLeaderboard();
  if (!board.data) return null;
  return (
    <section className="missions-card" aria-labelledby="missions-board-title">
      <h2 id="missions-board-title">{t('board.title')}</h2>
      <p className="missions-muted">{t('sets.period', { period: board.data.periodKey })}</p>
      {board.data.list.length === 0 ? (
        <p className="missions-muted">{t('board.empty')}</p>
      ) : (
        <TableScroll label={t('board.table')}>
          <table className="plain-table missions-table missions-board">
            <caption className="visually-hidden">{t('board.title')}</caption>
            <thead>
              <tr>
                <th scope="col" className="num">
                  {t('board.rank')}
                </th>
                <th scope="col">{t('board.player')}</th>
                <th scope="col" className="num">
                  {t('board.completed')}
                </th>
              </tr>
            </thead>
            <tbody>
              {board.data.list.map((r) => (
                <tr key={r.memberId}>
                  <td className="num">{r.rank}</td>
                  <th scope="row">
                    {r.account} <span className="missions-muted">#{r.memberId}</span>
                  </th>
                  <td className="num">{r.completed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
