import { useTranslation } from 'react-i18next';
import type { MissionSummary, PlayerMission } from '@wps/shared/schemas/missions';
import { Button } from '@wps/ui/button';
import { toast } from '../../../components/ui/toast';
import { translateError } from '../../../lib/i18n';
import { useFormats } from '../../../lib/format';
import { minorToDecimal, useFormatMoney } from '../../../lib/money';
import { useClaimMission } from '../api/claim-mission';
import { useMissionLeaderboard } from '../api/get-mission-leaderboard';
import { useMissionSummary } from '../api/get-mission-summary';
import './missions.css';

type Money = (minor: string) => string;

function MissionCard({ mission, money }: { mission: PlayerMission; money: Money }) {
  const { t } = useTranslation(['missions', 'betRecord', 'errors']);
  const formats = useFormats();
  const claim = useClaimMission();
  const stepLabel = (s: PlayerMission['steps'][number]) => {
    const isMoney = s.kind === 'stake' || s.kind === 'deposit';
    const target = isMoney ? money(s.target) : formats.number(Number(s.target));
    const category = s.category ? t(`betRecord:categories.${s.category}`) : t('anyGame');
    return t(`steps.${s.kind}`, { target, category });
  };
  const onClaim = () =>
    claim.mutate(mission.id, {
      onSuccess: (r) => toast.success(t('claimed', { amount: money(r.rewardMinor) })),
      onError: (error) => toast.error(translateError(error)),
    });
  return (
    <article className="mission" aria-label={mission.title}>
      <header className="mission__head">
        <h5 className="mission__title">{mission.title}</h5>
        <span className="mission__reward">{money(mission.rewardMinor)}</span>
      </header>
      {mission.steps.map((s, i) => {
        const isMoney = s.kind === 'stake' || s.kind === 'deposit';
        const label = stepLabel(s);
        return (
          <div key={i} className="mission__step">
            <span>{label}</span>
            <progress className="mission__bar" max={Number(s.target)} value={Number(s.progress)} aria-label={label} />
            <span className="mission__count">
              {isMoney ? `${money(s.progress)} / ${money(s.target)}` : `${s.progress} / ${s.target}`}
            </span>
          </div>
        );
      })}
      {mission.status === 'claimable' ? (
        <Button onClick={onClaim} loading={claim.isPending} disabled={claim.isPending}>
          {t('claim')}
        </Button>
      ) : (
        <span className={`mission__status mission__status--${mission.status}`}>{t(`status.${mission.status}`)}</span>
      )}
    </article>
  );
}

function MissionSet({ title, set, money }: { title: string; set: MissionSummary['daily']; money: Money }) {
  const { t } = useTranslation('missions');
  const formats = useFormats();
  return (
    <section className="mission-set" aria-label={title}>
      <h4>
        {title} <small>{t('endsAt', { end: formats.dateTime(set.end) })}</small>
      </h4>
      {set.missions.length === 0 ? (
        <p>{t('none')}</p>
      ) : (
        set.missions.map((m) => <MissionCard key={m.id} mission={m} money={money} />)
      )}
    </section>
  );
}

function Leaderboard() {
  const { t } = useTranslation('missions');
  const { data } = useMissionLeaderboard();
  if (!data) return null;
  return (
    <section className="mission-board" aria-labelledby="mission-board-title">
      <h4 id="mission-board-title">{t('leaderboard')}</h4>
      {data.list.length === 0 ? (
        <p>{t('boardEmpty')}</p>
      ) : (
        <ol className="mission-board__list">
          {data.list.map((r) => (
            <li key={r.rank} className={r.isMe ? 'is-me' : undefined}>
              <span>{r.rank}</span>
              <span>{r.account}</span>
              <span>{t('completed', { count: r.completed })}</span>
            </li>
          ))}
        </ol>
      )}
      <p>{data.me.rank === null ? t('meNone') : t('me', { rank: data.me.rank, count: data.me.completed })}</p>
    </section>
  );
}

/** Member-centre page "missionLeaderboard": the daily and weekly missions with progress bars and claims, then this week's leaderboard. */
export function MissionsPage() {
  const { t, i18n } = useTranslation('missions');
  const formatMoney = useFormatMoney();
  const { data, isPending, isError, refetch } = useMissionSummary(i18n.language);
  if (isPending) return <p role="status">{t('loading')}</p>;
  if (isError || !data) {
    return (
      <p role="alert">
        {t('loadFailed')} <Button onClick={() => void refetch()}>{t('retry')}</Button>
      </p>
    );
  }
  const money: Money = (minor) =>
    formatMoney(minorToDecimal(minor, data.scale), { currency: data.currency, scale: data.scale });
  return (
    <section className="missions-page" aria-labelledby="missions-title">
      <h3 id="missions-title">{t('title')}</h3>
      <MissionSet title={t('daily')} set={data.daily} money={money} />
      <MissionSet title={t('weekly')} set={data.weekly} money={money} />
      <Leaderboard />
    </section>
  );
}

/** The menu's badge: how many missions wait for their claim (nothing when none). */
export function useClaimableMissionCount(): number {
  const { i18n } = useTranslation();
  return useMissionSummary(i18n.language).data?.claimableCount ?? 0;
}
