import { useTranslation } from 'react-i18next';
import type { TeamFigures } from '@wps/shared/schemas/agent-centre';
import { ListStates } from '../../../components/ui/list-states';
import { useFormats } from '../../../lib/format';
import { translateError } from '../../../lib/i18n';
import type { MoneyFormat } from '../../../lib/money';
import { useCentreOverview } from '../api/get-centre-overview';
import { useMinorMoney } from './use-minor-money';
import '../agent-centre.css';

function FiguresCard({ title, figures, money }: { title: string; figures: TeamFigures; money: MoneyFormat }) {
  const { t } = useTranslation('agent');
  const formats = useFormats();
  const amount = useMinorMoney(money);
  const rows: [string, string][] = [
    [t('overview.members'), formats.number(figures.members, 0)],
    [t('overview.newMembers'), formats.number(figures.newMembers, 0)],
    [t('overview.activePlayers'), formats.number(figures.activePlayers, 0)],
    [t('overview.deposits'), amount(figures.depositsMinor)],
    [t('overview.withdrawals'), amount(figures.withdrawalsMinor)],
    [t('overview.turnover'), amount(figures.turnoverMinor)],
    [t('overview.profitLoss'), amount(figures.profitLossMinor)],
  ];
  return (
    <article className="ac-card" aria-label={title}>
      <h3 className="ac-card__title">{title}</h3>
      <p className="ac-note">
        {figures.from === figures.to
          ? formats.day(figures.from)
          : `${formats.day(figures.from)} – ${formats.day(figures.to)}`}
      </p>
      <dl className="ac-figures">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

/** The agent centre's default page: the team's members, new, active, deposits, withdrawals, turnover and P&L for today, 7 and 30 days. */
export function TeamOverviewPage() {
  const { t } = useTranslation('agent');
  const overview = useCentreOverview();
  return (
    <section className="ac-page-body" data-testid="agent-overview">
      <ListStates
        isLoading={overview.isPending}
        errorText={overview.error ? translateError(overview.error) : null}
        onRetry={() => void overview.refetch()}
        value={overview.data}
        isEmpty={() => false}
        labels={{ loading: t('loading'), retry: t('retry'), empty: '' }}
        rows={3}
      >
        {(o) => (
          <div className="ac-grid">
            <FiguresCard title={t('overview.today')} figures={o.today} money={o} />
            <FiguresCard title={t('overview.last7Days')} figures={o.last7Days} money={o} />
            <FiguresCard title={t('overview.last30Days')} figures={o.last30Days} money={o} />
          </div>
        )}
      </ListStates>
      <p className="ac-note">{t('overview.note')}</p>
    </section>
  );
}
