import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TEAM_TRANSACTION_TYPES } from '@wps/shared/schemas/agent-centre';
import { Button } from '@wps/ui/button';
import { Pager } from '@wps/ui/pager';
import { DayInput } from '../../../components/form/day-input';
import { ListStates } from '../../../components/ui/list-states';
import { useFormats } from '../../../lib/format';
import { translateError } from '../../../lib/i18n';
import { useTeam } from '../api/get-team';
import { useTeamBets } from '../api/get-team-bets';
import { useTeamTransactions } from '../api/get-team-transactions';
import { useUserLoss } from '../api/get-user-loss';
import { useMinorMoney } from './use-minor-money';
import '../agent-centre.css';

type Column<Row> = { label: string; cell: (row: Row) => ReactNode; isNumber?: boolean };

/** A report's table (cards on phones) with its list states and pager. */
function ReportTable<Row>({
  query,
  caption,
  columns,
  rowKey,
  onPage,
  before,
}: {
  query: {
    isPending: boolean;
    error: unknown;
    refetch: () => unknown;
    data?: { list: Row[]; page: number; totalPages: number };
  };
  caption: string;
  columns: Column<Row>[];
  rowKey: (row: Row) => string;
  onPage: (page: number) => void;
  before?: (data: { list: Row[] }) => ReactNode;
}) {
  const { t } = useTranslation('agent');
  return (
    <ListStates
      isLoading={query.isPending}
      errorText={query.error ? translateError(query.error) : null}
      onRetry={() => void query.refetch()}
      value={query.data}
      isEmpty={(p) => p.list.length === 0}
      labels={{ loading: t('loading'), retry: t('retry'), empty: t('reports.empty') }}
    >
      {(p) => (
        <>
          {before?.(p)}
          <table className="ac-table ac-cards">
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.label} scope="col" className={c.isNumber ? 'ac-num' : undefined}>
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {p.list.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((c) => (
                    <td key={c.label} data-label={c.label} className={c.isNumber ? 'ac-num' : undefined}>
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {p.totalPages > 1 && (
            <Pager
              page={p.page}
              totalPages={p.totalPages}
              onPage={onPage}
              pageLabel={t('pager', { page: p.page, total: p.totalPages })}
              previousLabel={t('previous')}
              nextLabel={t('next')}
            />
          )}
        </>
      )}
    </ListStates>
  );
}

/** The member filter (and a day range for user loss) the reports share; applied on submit. */
function MemberFilter({
  onApply,
  withDays,
  children,
}: {
  onApply: (v: { member: string; from: string; to: string }) => void;
  withDays?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('agent');
  const ids = useId();
  const [v, setV] = useState({ member: '', from: '', to: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(v);
  };
  return (
    <form className="ac-toolbar" role="search" aria-label={t('reports.filter')} onSubmit={submit}>
      {!withDays && (
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-m`}>
            {t('reports.member')}
          </label>
          <div className="field__box">
            <input
              id={`${ids}-m`}
              className="field__input"
              maxLength={64}
              autoComplete="off"
              value={v.member}
              onChange={(e) => setV({ ...v, member: e.target.value })}
            />
          </div>
        </div>
      )}
      {withDays && (
        <>
          <div className="field">
            <label className="field__label" htmlFor={`${ids}-f`}>
              {t('reports.from')}
            </label>
            <div className="field__box">
              <DayInput optional id={`${ids}-f`} value={v.from} onChange={(from) => setV({ ...v, from })} />
            </div>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${ids}-t`}>
              {t('reports.to')}
            </label>
            <div className="field__box">
              <DayInput optional id={`${ids}-t`} value={v.to} onChange={(to) => setV({ ...v, to })} />
            </div>
          </div>
        </>
      )}
      {children}
      <Button type="submit">{t('reports.filter')}</Button>
    </form>
  );
}

/** Team management: the direct downlines with their branch's size and this month's active players and turnover. */
export function TeamPage() {
  const { t } = useTranslation('agent');
  const formats = useFormats();
  const [page, setPage] = useState(1);
  const team = useTeam({ page, pageSize: 20 });
  const amount = useMinorMoney(team.data ?? { currency: 'BRL', scale: 2 });
  return (
    <section className="ac-page-body" data-testid="agent-team">
      {team.data && <p className="ac-note">{t('reports.month', { month: team.data.month })}</p>}
      <ReportTable
        query={team}
        caption={t('pages.teamManagement')}
        rowKey={(r) => r.memberId}
        onPage={setPage}
        columns={[
          { label: t('downlines.account'), cell: (r) => <strong>{r.account}</strong> },
          { label: t('downlines.type'), cell: (r) => (r.isAgent ? t('downlines.agent') : t('downlines.member')) },
          {
            label: t('downlines.status'),
            cell: (r) => t(`downlines.statusValue.${r.status}`, { defaultValue: r.status }),
          },
          { label: t('reports.teamSize'), cell: (r) => formats.number(r.teamSize, 0), isNumber: true },
          { label: t('reports.activePlayers'), cell: (r) => formats.number(r.activePlayers, 0), isNumber: true },
          { label: t('reports.turnover'), cell: (r) => amount(r.turnoverMinor), isNumber: true },
        ]}
      />
    </section>
  );
}

/** Team betting: the team's rounds, by member, with totals. */
export function TeamBetsPage() {
  const { t } = useTranslation('agent');
  const formats = useFormats();
  const [filter, setFilter] = useState({ member: '', page: 1 });
  const bets = useTeamBets({ member: filter.member.trim() || undefined, page: filter.page, pageSize: 20 });
  const amount = useMinorMoney(bets.data ?? { currency: 'BRL', scale: 2 });
  return (
    <section className="ac-page-body" data-testid="agent-bets">
      <MemberFilter onApply={(v) => setFilter({ member: v.member, page: 1 })} />
      <ReportTable
        query={bets}
        caption={t('pages.teamBetting')}
        rowKey={(r) => r.roundId}
        onPage={(page) => setFilter({ ...filter, page })}
        before={() =>
          bets.data && (
            <p className="ac-total">
              {t('reports.totals', {
                rounds: formats.number(bets.data.totals.rounds, 0),
                bet: amount(bets.data.totals.betMinor),
                win: amount(bets.data.totals.winMinor),
              })}
            </p>
          )
        }
        columns={[
          { label: t('reports.time'), cell: (r) => formats.dateTime(r.createdAt) },
          { label: t('reports.member'), cell: (r) => r.account },
          { label: t('reports.game'), cell: (r) => `${r.vendorName} · ${r.gameName}` },
          { label: t('reports.bet'), cell: (r) => amount(r.betMinor), isNumber: true },
          { label: t('reports.win'), cell: (r) => amount(r.winMinor), isNumber: true },
          { label: t('downlines.status'), cell: (r) => t(`reports.roundStatus.${r.status}`) },
        ]}
      />
    </section>
  );
}

/** User loss: each member's P&L statement over a range of days (today by default). */
export function UserLossPage() {
  const { t } = useTranslation('agent');
  const formats = useFormats();
  const [filter, setFilter] = useState({ from: '', to: '', page: 1 });
  const loss = useUserLoss({
    from: filter.from || undefined,
    to: filter.to || undefined,
    page: filter.page,
    pageSize: 20,
  });
  const amount = useMinorMoney(loss.data ?? { currency: 'BRL', scale: 2 });
  return (
    <section className="ac-page-body" data-testid="agent-user-loss">
      <MemberFilter withDays onApply={(v) => setFilter({ from: v.from, to: v.to, page: 1 })} />
      {loss.data && (
        <p className="ac-note">
          {loss.data.from === loss.data.to
            ? formats.day(loss.data.from)
            : `${formats.day(loss.data.from)} – ${formats.day(loss.data.to)}`}
        </p>
      )}
      <ReportTable
        query={loss}
        caption={t('pages.userLoss')}
        rowKey={(r) => r.memberId}
        onPage={(page) => setFilter({ ...filter, page })}
        columns={[
          { label: t('reports.member'), cell: (r) => r.account },
          { label: t('downlines.level'), cell: (r) => formats.number(r.level, 0), isNumber: true },
          { label: t('reports.stakes'), cell: (r) => amount(r.stakesMinor), isNumber: true },
          { label: t('reports.wins'), cell: (r) => amount(r.winsMinor), isNumber: true },
          { label: t('reports.bonuses'), cell: (r) => amount(r.bonusesMinor), isNumber: true },
          { label: t('reports.net'), cell: (r) => amount(r.netMinor), isNumber: true },
        ]}
      />
    </section>
  );
}

/** Account details: the downlines' money movements, by member and type. */
export function TeamTransactionsPage() {
  const { t } = useTranslation(['agent', 'records']);
  const formats = useFormats();
  const ids = useId();
  const [type, setType] = useState('');
  const [filter, setFilter] = useState({ member: '', type: '', page: 1 });
  const rows = useTeamTransactions({
    member: filter.member.trim() || undefined,
    type: filter.type || undefined,
    page: filter.page,
    pageSize: 20,
  });
  const amount = useMinorMoney(rows.data ?? { currency: 'BRL', scale: 2 });
  return (
    <section className="ac-page-body" data-testid="agent-transactions">
      <MemberFilter onApply={(v) => setFilter({ member: v.member, type, page: 1 })}>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-type`}>
            {t('agent:reports.kind')}
          </label>
          <div className="field__box">
            <select id={`${ids}-type`} className="field__input" value={type} onChange={(e) => setType(e.target.value)}>
              <option value="">{t('agent:reports.allTypes')}</option>
              {TEAM_TRANSACTION_TYPES.map((k) => (
                <option key={k} value={k}>
                  {t(`agent:reports.transactionType.${k}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
      </MemberFilter>
      <ReportTable
        query={rows}
        caption={t('agent:pages.accountDetails')}
        rowKey={(r) => r.id}
        onPage={(page) => setFilter({ ...filter, page })}
        columns={[
          { label: t('agent:reports.time'), cell: (r) => formats.dateTime(r.createdAt) },
          { label: t('agent:reports.member'), cell: (r) => r.account },
          {
            label: t('agent:reports.kind'),
            cell: (r) => t(`records:types.${r.kind}`, { defaultValue: t('agent:reports.kind') }),
          },
          { label: t('agent:reports.amount'), cell: (r) => amount(r.amountMinor), isNumber: true },
          { label: t('agent:reports.balanceAfter'), cell: (r) => amount(r.balanceAfterMinor), isNumber: true },
        ]}
      />
    </section>
  );
}
