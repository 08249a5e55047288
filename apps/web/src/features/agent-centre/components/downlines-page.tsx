import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Downline } from '@wps/shared/schemas/agent-centre';
import { Button } from '@wps/ui/button';
import { Pager } from '@wps/ui/pager';
import { ListStates } from '../../../components/ui/list-states';
import { useFormats } from '../../../lib/format';
import { translateError } from '../../../lib/i18n';
import type { MoneyFormat } from '../../../lib/money';
import { useDownlines } from '../api/get-downlines';
import { DevicePassDialog } from './device-pass-dialog';
import { TransferDialog, type TransferTarget } from './transfer-dialog';
import { useMinorMoney } from './use-minor-money';
import '../agent-centre.css';

type Filter = { search: string; level: string; status: string };
const EMPTY: Filter = { search: '', level: '', status: '' };
const LEVELS = [1, 2, 3, 4, 5, 6];

function DownlineRow({
  downline,
  money,
  onTransfer,
  onDevicePass,
}: {
  downline: Downline;
  money: MoneyFormat;
  onTransfer: (target: TransferTarget) => void;
  onDevicePass: (target: TransferTarget) => void;
}) {
  const { t } = useTranslation('agent');
  const formats = useFormats();
  const amount = useMinorMoney(money);
  const isDirect = downline.level === 1;
  return (
    <tr>
      <td data-label={t('downlines.account')}>
        <strong>{downline.account}</strong>
      </td>
      <td data-label={t('downlines.type')}>{downline.isAgent ? t('downlines.agent') : t('downlines.member')}</td>
      <td className="ac-num" data-label={t('downlines.level')}>
        {formats.number(downline.level, 0)}
      </td>
      <td data-label={t('downlines.upline')}>{downline.upline}</td>
      <td data-label={t('downlines.registeredAt')}>{formats.date(downline.registeredAt)}</td>
      <td data-label={t('downlines.status')}>
        {t(`downlines.statusValue.${downline.status}`, { defaultValue: downline.status })}
      </td>
      <td data-label={t('downlines.contracts')}>
        {downline.contracts.length === 0 ? '—' : downline.contracts.map((c) => t(`type.${c}`)).join(', ')}
      </td>
      <td className="ac-num" data-label={t('downlines.balance')}>
        {downline.balanceMinor === null ? '—' : amount(downline.balanceMinor)}
      </td>
      <td>
        {isDirect && downline.status === 'active' && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onTransfer({ memberId: downline.memberId, account: downline.account })}
            aria-label={t('downlines.transferTo', { account: downline.account })}
          >
            {t('downlines.transfer')}
          </Button>
        )}
        {isDirect && downline.status === 'active' && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onDevicePass({ memberId: downline.memberId, account: downline.account })}
            aria-label={t('devicePass.open', { account: downline.account })}
          >
            {t('devicePass.button')}
          </Button>
        )}
      </td>
    </tr>
  );
}

/**
 * Downline management: everyone under the agent, searched by account, by level and status, with each
 * one's contracts; a transfer to a direct downline, and letting a direct downline's next login from
 * a new device through (an account with no mobile or e-mail receives no login code).
 */
export function DownlinesPage({ money, mainWallet }: { money: MoneyFormat; mainWallet: string }) {
  const { t } = useTranslation('agent');
  const [draft, setDraft] = useState<Filter>(EMPTY);
  const [filter, setFilter] = useState<Filter>(EMPTY);
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<TransferTarget | null>(null);
  const [passFor, setPassFor] = useState<TransferTarget | null>(null);
  const ids = useId();
  const downlines = useDownlines({
    search: filter.search.trim() || undefined,
    level: filter.level || undefined,
    status: filter.status || undefined,
    page,
    pageSize: 20,
  });

  function onSearch(event: FormEvent) {
    event.preventDefault();
    setFilter(draft);
    setPage(1);
  }

  return (
    <section className="ac-page-body" data-testid="agent-downlines">
      <form className="ac-toolbar" role="search" aria-label={t('downlines.search')} onSubmit={onSearch}>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-search`}>
            {t('downlines.account')}
          </label>
          <div className="field__box">
            <input
              id={`${ids}-search`}
              className="field__input"
              maxLength={64}
              autoComplete="off"
              value={draft.search}
              onChange={(e) => setDraft({ ...draft, search: e.target.value })}
            />
          </div>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-level`}>
            {t('downlines.level')}
          </label>
          <div className="field__box">
            <select
              id={`${ids}-level`}
              className="field__input"
              value={draft.level}
              onChange={(e) => setDraft({ ...draft, level: e.target.value })}
            >
              <option value="">{t('downlines.allLevels')}</option>
              {LEVELS.map((l) => (
                <option key={l} value={String(l)}>
                  {t('downlines.levelN', { n: l })}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-status`}>
            {t('downlines.status')}
          </label>
          <div className="field__box">
            <select
              id={`${ids}-status`}
              className="field__input"
              value={draft.status}
              onChange={(e) => setDraft({ ...draft, status: e.target.value })}
            >
              <option value="">{t('downlines.allStatuses')}</option>
              <option value="active">{t('downlines.statusValue.active')}</option>
              <option value="disabled">{t('downlines.statusValue.disabled')}</option>
            </select>
          </div>
        </div>
        <Button type="submit" loading={downlines.isFetching && !downlines.isPending}>
          {t('downlines.search')}
        </Button>
      </form>
      <ListStates
        isLoading={downlines.isPending}
        errorText={downlines.error ? translateError(downlines.error) : null}
        onRetry={() => void downlines.refetch()}
        value={downlines.data}
        isEmpty={(p) => p.list.length === 0}
        labels={{ loading: t('loading'), retry: t('retry'), empty: t('downlines.empty') }}
      >
        {(p) => (
          <>
            <table className="ac-table ac-cards">
              <caption className="visually-hidden">{t('pages.downlineManagement')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('downlines.account')}</th>
                  <th scope="col">{t('downlines.type')}</th>
                  <th scope="col" className="ac-num">
                    {t('downlines.level')}
                  </th>
                  <th scope="col">{t('downlines.upline')}</th>
                  <th scope="col">{t('downlines.registeredAt')}</th>
                  <th scope="col">{t('downlines.status')}</th>
                  <th scope="col">{t('downlines.contracts')}</th>
                  <th scope="col" className="ac-num">
                    {t('downlines.balance')}
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">{t('downlines.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {p.list.map((d) => (
                  <DownlineRow
                    key={d.memberId}
                    downline={d}
                    money={money}
                    onTransfer={setTarget}
                    onDevicePass={setPassFor}
                  />
                ))}
              </tbody>
            </table>
            {p.totalPages > 1 && (
              <Pager
                page={p.page}
                totalPages={p.totalPages}
                onPage={setPage}
                pageLabel={t('pager', { page: p.page, total: p.totalPages })}
                previousLabel={t('previous')}
                nextLabel={t('next')}
              />
            )}
          </>
        )}
      </ListStates>
      {target && (
        <TransferDialog target={target} money={money} mainWallet={mainWallet} onClose={() => setTarget(null)} />
      )}
      {passFor && <DevicePassDialog target={passFor} onClose={() => setPassFor(null)} />}
    </section>
  );
}
