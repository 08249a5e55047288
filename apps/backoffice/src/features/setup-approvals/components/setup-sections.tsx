import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { parseMajor } from '@wps/shared/money';
import type { OpsMission } from '@wps/shared/schemas/missions';
import type { OpsMallItem } from '@wps/shared/schemas/points';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useMe } from '../../../lib/api/get-me';
import { errorText } from '../../../lib/error-text';
import { SITE_MONEY, useFormatMoney } from '../../../lib/money';
import { useAwaitingMallItems, useAwaitingMissions, useDecideMallItem, useDecideMission } from '../api/awaiting-setups';

/** One waiting set-up as a section lists it: its name, why it waits, its facts, who asked. */
type Waiting = { id: string; name: string; reasons: string[]; facts: [string, string][]; askedBy: string | null };
type Deciding = { setup: Waiting; decision: 'approve' | 'reject' };

/**
 * A section of the set-up approvals page: the set-ups of one kind waiting above a set-up ceiling,
 * with approve and reject for every operator but the one who asked.
 */
function WaitingSection({
  kind,
  query,
  decide,
}: {
  kind: 'missions' | 'mall';
  query: { isPending: boolean; isError: boolean; error: unknown; data: Waiting[] | undefined };
  decide: {
    mutateAsync: (v: { id: string; decision: 'approve' | 'reject'; reason: string }) => Promise<unknown>;
    reset: () => void;
    isPending: boolean;
    errorMessage: string | null;
  };
}) {
  const { t } = useTranslation('setup-approvals');
  const { t: tc } = useTranslation('errors');
  const me = useMe();
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const close = () => {
    setDeciding(null);
    decide.reset();
  };
  const headingId = `setup-approvals-${kind}`;
  return (
    <section className="setup-approvals__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(`${kind}.title`)}</h2>
      {query.isPending ? (
        <LoadingState label={t(`${kind}.loading`)} />
      ) : query.isError ? (
        <ErrorState message={errorText(tc, query.error)} />
      ) : !query.data || query.data.length === 0 ? (
        <p>{t(`${kind}.none`)}</p>
      ) : (
        <div className="setup-approvals__list">
          {query.data.map((w) => {
            const titleId = `awaiting-${kind}-${w.id}`;
            const own = me.data !== undefined && String(me.data.operatorId) === w.askedBy;
            return (
              <article key={w.id} className="setup-approvals__item" aria-labelledby={titleId}>
                <h3 id={titleId}>
                  {w.name} <span className="setup-approvals__muted">#{w.id}</span>
                </h3>
                <p className="setup-approvals__why">{w.reasons.map((r) => t(`${kind}.reasons.${r}`)).join(' ')}</p>
                <dl className="setup-approvals__facts">
                  {w.facts.map(([label, value]) => (
                    <div key={label}>
                      <dt>{label}</dt>
                      <dd>{value}</dd>
                    </div>
                  ))}
                  <div>
                    <dt>{t('askedBy')}</dt>
                    <dd>{w.askedBy === null ? '—' : t('operator', { id: w.askedBy })}</dd>
                  </div>
                </dl>
                {own ? (
                  <p className="setup-approvals__muted">{t(`${kind}.ownSetup`)}</p>
                ) : (
                  <span className="setup-approvals__actions">
                    <Button
                      size="sm"
                      variant="money"
                      aria-label={t(`${kind}.approveFor`, { title: w.name })}
                      onClick={() => setDeciding({ setup: w, decision: 'approve' })}
                    >
                      {t('approve')}
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={t(`${kind}.rejectFor`, { title: w.name })}
                      onClick={() => setDeciding({ setup: w, decision: 'reject' })}
                    >
                      {t('reject')}
                    </Button>
                  </span>
                )}
              </article>
            );
          })}
        </div>
      )}
      {deciding && (
        <ConfirmDialog
          open
          onClose={close}
          title={t(`${kind}.${deciding.decision === 'approve' ? 'approveFor' : 'rejectFor'}`, {
            title: deciding.setup.name,
          })}
          description={t(`${kind}.${deciding.decision === 'approve' ? 'approveEffect' : 'rejectEffect'}`)}
          confirmLabel={t(deciding.decision === 'approve' ? 'approve' : 'reject')}
          danger={deciding.decision === 'approve'}
          onConfirm={(reason) =>
            decide.mutateAsync({ id: deciding.setup.id, decision: deciding.decision, reason }).then(close)
          }
          isPending={decide.isPending}
          errorMessage={decide.errorMessage}
        />
      )}
    </section>
  );
}

/** Missions switched on above a set-up ceiling: hidden from players until another operator decides. */
export function MissionApprovals() {
  const { t, i18n } = useTranslation('setup-approvals');
  const formatMoney = useFormatMoney();
  const missions = useAwaitingMissions();
  const decide = useDecideMission((m) =>
    t(m.status === 'live' ? 'missions.approved' : 'missions.rejected', { title: m.titlePt }),
  );
  const toWaiting = (m: OpsMission): Waiting => ({
    id: m.id,
    name: i18n.language.startsWith('en') ? m.titleEn : m.titlePt,
    reasons: m.ceilingReasons,
    askedBy: m.askedBy,
    facts: [
      [t('missions.reward'), formatMoney(m.rewardMinor)],
      [t('missions.cadence'), t(`missions.cadences.${m.cadence}`)],
    ],
  });
  return (
    <WaitingSection kind="missions" query={{ ...missions, data: missions.data?.map(toWaiting) }} decide={decide} />
  );
}

/** Points mall items with a cash value offered above a set-up ceiling: not in the mall until another operator decides. */
export function MallItemApprovals() {
  const { t, i18n } = useTranslation('setup-approvals');
  const formatMoney = useFormatMoney();
  const items = useAwaitingMallItems();
  const decide = useDecideMallItem((i) =>
    t(i.status === 'active' ? 'mall.approved' : 'mall.rejected', { title: i.namePt }),
  );
  const toWaiting = (i: OpsMallItem): Waiting => ({
    id: i.id,
    name: i18n.language.startsWith('en') ? i.nameEn : i.namePt,
    reasons: i.ceilingReasons,
    askedBy: i.askedBy,
    facts: [
      [
        t(`mall.kinds.${i.kind}`),
        i.cashAmount === null ? '—' : formatMoney(parseMajor(i.cashAmount, SITE_MONEY.scale)),
      ],
      [t('mall.stock'), i.stock === null ? t('mall.unlimited') : String(i.stock)],
      [t('mall.points'), i.points],
    ],
  });
  return <WaitingSection kind="mall" query={{ ...items, data: items.data?.map(toWaiting) }} decide={decide} />;
}
