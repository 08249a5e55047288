import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Button } from '@wps/ui/button';
import { Pager } from '@wps/ui/pager';
import { EmptyState, ErrorState, LoadingState } from '@wps/ui/states';
import { TableScroll } from '@wps/ui/table-scroll';
import type { z } from 'zod';
import type {
  playerDepositSchema,
  playerInhouseRoundSchema,
  playerLedgerEntrySchema,
  playerNoticeSchema,
  playerRoundSchema,
  playerSessionSchema,
  playerWithdrawalSchema,
} from '@wps/shared/schemas/players';
import { AuditAction } from '../../../components/audit-action';
import { CsvExportButton } from '../../../components/csv-export-button';
import { errorText } from '../../../lib/error-text';
import { useFormatMoney, type MoneyFormat } from '../../../lib/money';
import { useCan } from '../../../lib/permissions';
import { useKeysetList } from '../api/keyset-list';
import { useRevokeSessions } from '../api/player-changes';
import { usePlayerAudit } from '../api/player-audit';
import { KeysetTable, useCursorStack, type KeysetColumn } from './keyset-table';
import type { PlayerTab } from './player-page';

type ListTab = Exclude<PlayerTab, 'profile' | 'balances'>;

/** The filter a list offers (sent to the list and to its CSV export): a query parameter and its choices. */
type ListFilter = { param: string; labelKey: string; options: readonly string[] };

const LEDGER_KINDS = [
  'deposit',
  'withdrawal',
  'withdrawal_reversal',
  'adjustment',
  'bet',
  'win',
  'rollback',
  'transfer_upline',
  'registration_bonus',
] as const;
const FILTERS: Partial<Record<ListTab, ListFilter>> = {
  ledger: { param: 'kind', labelKey: 'columns.kind', options: LEDGER_KINDS },
  deposits: { param: 'status', labelKey: 'columns.status', options: ['pending', 'credited', 'failed', 'expired'] },
  withdrawals: {
    param: 'status',
    labelKey: 'columns.status',
    options: ['pending', 'approved', 'rejected', 'disputed', 'completed'],
  },
  rounds: { param: 'status', labelKey: 'columns.status', options: ['open', 'settled'] },
  inhouse: {
    param: 'game',
    labelKey: 'columns.game',
    options: ['slot', 'dice', 'limbo', 'plinko', 'keno', 'mines', 'hilo'],
  },
};
type Fmt = { t: TFunction<'players'>; money: (minor: string) => string; time: (iso: string | null) => string };

/** The API list behind each tab, its CSV export (long lists) and its columns. */
const LISTS: Record<
  Exclude<ListTab, 'audit' | 'sessions'>,
  { path: string; csv?: string; columns: (f: Fmt) => KeysetColumn<never>[] }
> = {
  ledger: {
    path: 'ledger',
    csv: 'ledger/csv',
    columns: ({ t, money, time }) =>
      [
        { id: 'at', header: t('columns.time'), cell: (r) => time(r.createdAt) },
        { id: 'kind', header: t('columns.kind'), cell: (r) => r.kind },
        {
          id: 'account',
          header: t('columns.account'),
          cell: (r) => t(`purposes.${r.purpose}`, { defaultValue: r.purpose }),
        },
        { id: 'amount', header: t('columns.amount'), numeric: true, cell: (r) => money(r.amountMinor) },
        {
          id: 'after',
          header: t('columns.balanceAfter'),
          numeric: true,
          cell: (r) => (r.balanceAfterMinor ? money(r.balanceAfterMinor) : '—'),
        },
        { id: 'reference', header: t('columns.reference'), cell: (r) => r.reference ?? '—' },
      ] satisfies KeysetColumn<z.infer<typeof playerLedgerEntrySchema>>[] as never,
  },
  deposits: {
    path: 'deposits',
    columns: ({ t, money, time }) =>
      [
        { id: 'at', header: t('columns.time'), cell: (r) => time(r.createdAt) },
        { id: 'reference', header: t('columns.reference'), cell: (r) => r.referenceCode },
        { id: 'channel', header: t('columns.channel'), cell: (r) => r.provider ?? r.channelType },
        { id: 'amount', header: t('columns.amount'), numeric: true, cell: (r) => money(r.amountMinor) },
        { id: 'status', header: t('columns.status'), cell: (r) => r.status },
      ] satisfies KeysetColumn<z.infer<typeof playerDepositSchema>>[] as never,
  },
  withdrawals: {
    path: 'withdrawals',
    columns: ({ t, money, time }) =>
      [
        { id: 'at', header: t('columns.time'), cell: (r) => time(r.createdAt) },
        { id: 'amount', header: t('columns.amount'), numeric: true, cell: (r) => money(r.amountMinor) },
        { id: 'status', header: t('columns.status'), cell: (r) => r.status },
        { id: 'bank', header: t('columns.bank'), cell: (r) => `${r.bankName} ${r.accountNumber}` },
        { id: 'reason', header: t('columns.rejectReason'), cell: (r) => r.rejectReason ?? '—' },
      ] satisfies KeysetColumn<z.infer<typeof playerWithdrawalSchema>>[] as never,
  },
  rounds: {
    path: 'rounds',
    csv: 'rounds/csv',
    columns: ({ t, money, time }) =>
      [
        { id: 'at', header: t('columns.time'), cell: (r) => time(r.createdAt) },
        { id: 'vendor', header: t('columns.vendor'), cell: (r) => r.vassalage },
        { id: 'game', header: t('columns.game'), cell: (r) => r.nodeId },
        { id: 'bet', header: t('columns.bet'), numeric: true, cell: (r) => money(r.totalBetMinor) },
        { id: 'win', header: t('columns.win'), numeric: true, cell: (r) => money(r.totalWinMinor) },
        { id: 'status', header: t('columns.status'), cell: (r) => r.status },
      ] satisfies KeysetColumn<z.infer<typeof playerRoundSchema>>[] as never,
  },
  inhouse: {
    path: 'inhouse-rounds',
    csv: 'inhouse-rounds/csv',
    columns: ({ t, money, time }) =>
      [
        { id: 'at', header: t('columns.time'), cell: (r) => time(r.createdAt) },
        { id: 'game', header: t('columns.game'), cell: (r) => r.game },
        { id: 'stake', header: t('columns.stake'), numeric: true, cell: (r) => money(r.stakeMinor) },
        { id: 'payout', header: t('columns.payout'), numeric: true, cell: (r) => money(r.payoutMinor) },
        {
          id: 'hash',
          header: t('columns.serverSeedHash'),
          cell: (r) => <code className="seed">{r.serverSeedHash}</code>,
        },
        {
          id: 'seed',
          header: t('columns.serverSeed'),
          cell: (r) => (r.serverSeed ? <code className="seed">{r.serverSeed}</code> : t('fair.notRevealed')),
        },
        { id: 'client', header: t('columns.clientSeed'), cell: (r) => <code className="seed">{r.clientSeed}</code> },
        { id: 'nonce', header: t('columns.nonce'), numeric: true, cell: (r) => r.nonce },
        {
          id: 'result',
          header: t('columns.result'),
          cell: (r) => <code className="seed">{JSON.stringify(r.outcome)}</code>,
        },
      ] satisfies KeysetColumn<z.infer<typeof playerInhouseRoundSchema>>[] as never,
  },
  notices: {
    path: 'notices',
    columns: ({ t, time }) =>
      [
        { id: 'at', header: t('columns.time'), cell: (r) => time(r.createdAt) },
        { id: 'kind', header: t('columns.kind'), cell: (r) => r.kind },
        { id: 'params', header: t('columns.content'), cell: (r) => Object.values(r.params).map(String).join(' · ') },
        { id: 'read', header: t('columns.read'), cell: (r) => (r.isRead ? t('yes') : t('no')) },
      ] satisfies KeysetColumn<z.infer<typeof playerNoticeSchema>>[] as never,
  },
};

function useFmt(money: MoneyFormat): Fmt {
  const { t, i18n } = useTranslation('players');
  const formatMoney = useFormatMoney();
  const time = new Intl.DateTimeFormat(i18n.language === 'pt' ? 'pt-BR' : 'en', {
    dateStyle: 'short',
    timeStyle: 'medium',
  });
  return { t, money: (minor) => formatMoney(minor, money), time: (iso) => (iso ? time.format(new Date(iso)) : '—') };
}

/** One history tab of the player page: keyset-paged, with a CSV export of the long lists. */
export function PlayerListTab({ memberId, tab, money }: { memberId: string; tab: ListTab; money: MoneyFormat }) {
  if (tab === 'audit') return <PlayerAuditTab memberId={memberId} />;
  if (tab === 'sessions') return <PlayerSessionsTab memberId={memberId} />;
  return <GenericList memberId={memberId} tab={tab} money={money} />;
}

function GenericList({ memberId, tab, money }: { memberId: string; tab: keyof typeof LISTS; money: MoneyFormat }) {
  const fmt = useFmt(money);
  const spec = LISTS[tab];
  const pages = useCursorStack();
  const filter = FILTERS[tab];
  const filterId = useId();
  const [value, setValue] = useState('');
  const filters = filter && value ? { [filter.param]: value } : {};
  const query = useKeysetList<{ id?: string; entryId?: string }>(memberId, spec.path, filters, pages.cursor);
  const caption = fmt.t(`tabs.${tab}`);
  return (
    <KeysetTable
      caption={caption}
      columns={spec.columns(fmt) as KeysetColumn<{ id?: string; entryId?: string }>[]}
      query={query}
      rowId={(r) => String(r.entryId ?? r.id)}
      pages={pages}
      toolbar={
        <>
          {filter && (
            <div className="field">
              <label className="field__label" htmlFor={filterId}>
                {fmt.t(filter.labelKey)}
              </label>
              <select
                id={filterId}
                className="field__input"
                value={value}
                onChange={(e) => {
                  setValue(e.target.value);
                  pages.reset();
                }}
              >
                <option value="">{fmt.t('filters.all')}</option>
                {filter.options.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            </div>
          )}
          {spec.csv && (
            <CsvExportButton
              path={`/ops/players/${encodeURIComponent(memberId)}/${spec.csv}`}
              query={new URLSearchParams(filters)}
              filename={`${caption}-${memberId}`}
            />
          )}
        </>
      }
    />
  );
}

type Session = z.infer<typeof playerSessionSchema>;

function PlayerSessionsTab({ memberId }: { memberId: string }) {
  const fmt = useFmt({ currency: 'BRL', scale: 2 });
  const { t } = fmt;
  const canWrite = useCan('players.write');
  const pages = useCursorStack();
  const query = useKeysetList<Session>(memberId, 'sessions', {}, pages.cursor);
  const revoke = useRevokeSessions(memberId, () => t('actions.sessionsRevoked'));
  const [revoking, setRevoking] = useState<string | null>(null);
  const columns: KeysetColumn<Session>[] = [
    { id: 'at', header: t('columns.time'), cell: (r) => fmt.time(r.createdAt) },
    { id: 'seen', header: t('columns.lastSeen'), cell: (r) => fmt.time(r.lastSeenAt) },
    { id: 'ip', header: t('columns.ip'), cell: (r) => r.ip ?? '—' },
    {
      id: 'state',
      header: t('columns.status'),
      cell: (r) =>
        r.revokedAt
          ? t('sessions.ended')
          : new Date(r.expiresAt) < new Date()
            ? t('sessions.expired')
            : t('sessions.live'),
    },
    {
      id: 'end',
      header: t('columns.actions'),
      cell: (r) =>
        canWrite && !r.revokedAt ? (
          <Button
            size="sm"
            variant="secondary"
            loading={revoking === r.id && revoke.isPending}
            aria-label={t('sessions.endOne', { id: r.id })}
            onClick={() => {
              setRevoking(r.id);
              revoke.mutate({ sessionId: r.id });
            }}
          >
            {t('sessions.end')}
          </Button>
        ) : null,
    },
  ];
  return (
    <KeysetTable
      caption={t('tabs.sessions')}
      columns={columns}
      query={query}
      rowId={(r) => r.id}
      pages={pages}
      toolbar={
        canWrite ? (
          <Button
            size="sm"
            variant="danger"
            loading={revoking === 'all' && revoke.isPending}
            onClick={() => (setRevoking('all'), revoke.mutate({}))}
          >
            {t('sessions.endAll')}
          </Button>
        ) : undefined
      }
    />
  );
}

function PlayerAuditTab({ memberId }: { memberId: string }) {
  const { t, i18n } = useTranslation('players');
  const [page, setPage] = useState(1);
  const audit = usePlayerAudit(memberId, page);
  const time = new Intl.DateTimeFormat(i18n.language === 'pt' ? 'pt-BR' : 'en', {
    dateStyle: 'short',
    timeStyle: 'medium',
  });
  if (audit.isPending) return <LoadingState label={t('loading')} />;
  if (audit.isError) return <ErrorState message={errorText(t, audit.error)} />;
  if (audit.data.list.length === 0) return <EmptyState title={t('empty')} />;
  return (
    <>
      <TableScroll label={t('tabs.audit')}>
        <table className="data-table">
          <caption className="visually-hidden">{t('tabs.audit')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('columns.time')}</th>
              <th scope="col">{t('columns.action')}</th>
              <th scope="col">{t('columns.actor')}</th>
              <th scope="col">{t('columns.reason')}</th>
              <th scope="col">{t('columns.change')}</th>
            </tr>
          </thead>
          <tbody>
            {audit.data.list.map((e) => (
              <tr key={e.id}>
                <th scope="row">{time.format(new Date(e.at))}</th>
                <td>
                  <AuditAction code={e.action} />
                </td>
                <td>{e.actorType === 'operator' ? t('audit.operator', { id: e.actorId }) : e.actorType}</td>
                <td>{e.reason ?? '—'}</td>
                <td>
                  <code className="seed">{JSON.stringify(e.after)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <Pager
        page={page}
        totalPages={audit.data.totalPages}
        onPage={setPage}
        pageLabel={t('pageN', { page })}
        previousLabel={t('previous')}
        nextLabel={t('next')}
        label={t('pagerLabel', { list: t('tabs.audit') })}
      />
    </>
  );
}
