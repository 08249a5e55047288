import { useTranslation } from 'react-i18next';
import { Modal } from '@wps/ui/modal';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { TableScroll } from '@wps/ui/table-scroll';
import type { OpsContract } from '@wps/shared/schemas/agent-ops';
import { errorText } from '../../../lib/error-text';
import { localeTag } from '../../../lib/i18n';
import { useFormatMoney } from '../../../lib/money';
import { useContractDetail } from '../api/contract-detail';
import { useRateLabel } from './agent-labels';

/** A contract: its parties, period and status, its tiers, its steps, and the downline's contracts of that type. */
export function ContractDetailDialog({ contractId, onClose }: { contractId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('agents');
  const detail = useContractDetail(contractId);
  const formatMoney = useFormatMoney();
  const rate = useRateLabel();
  const dates = new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'medium' });
  const party = (c: OpsContract) => c.upline ?? t('contracts.house');

  return (
    <Modal open onClose={onClose} title={t('contracts.detailTitle', { id: contractId })} size="lg">
      {detail.isPending ? (
        <LoadingState label={t('loading')} />
      ) : detail.isError ? (
        <ErrorState message={errorText(t, detail.error)} />
      ) : (
        <div className="agents-detail">
          <dl className="agents-facts">
            <div>
              <dt>{t('contracts.columns.type')}</dt>
              <dd>{t(`contractTypes.${detail.data.contract.type}`)}</dd>
            </div>
            <div>
              <dt>{t('contracts.columns.upline')}</dt>
              <dd>{party(detail.data.contract)}</dd>
            </div>
            <div>
              <dt>{t('contracts.columns.downline')}</dt>
              <dd>{detail.data.contract.downline}</dd>
            </div>
            <div>
              <dt>{t('contracts.columns.status')}</dt>
              <dd>{t(`contractStatuses.${detail.data.contract.status}`)}</dd>
            </div>
            <div>
              <dt>{t('contracts.period')}</dt>
              <dd>{t(`periods.${detail.data.contract.period}`)}</dd>
            </div>
          </dl>
          <h3 className="agents-subtitle">{t('contracts.tiers')}</h3>
          <TableScroll label={t('contracts.tiers')}>
            <table className="data-table plain-table agents-table">
              <caption className="visually-hidden">{t('contracts.tiers')}</caption>
              <thead>
                <tr>
                  <th scope="col" className="num">
                    {t('contracts.tierFrom')}
                  </th>
                  <th scope="col" className="num">
                    {t('contracts.tierPlayers')}
                  </th>
                  <th scope="col" className="num">
                    {t('contracts.tierRate')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {detail.data.contract.tiers.map((tier, i) => (
                  <tr key={i}>
                    <td className="num">{formatMoney(tier.minAmountMinor)}</td>
                    <td className="num">{tier.minActivePlayers}</td>
                    <td className="num">{rate(tier.rateBp)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <h3 className="agents-subtitle">{t('contracts.events')}</h3>
          <ol className="agents-events">
            {detail.data.events.map((e, i) => (
              <li key={i}>
                <time dateTime={e.at}>{dates.format(new Date(e.at))}</time> — {t(`events.${e.event}`)} (
                {t(`eventBy.${e.by}`)}
                {e.operatorId ? ` #${e.operatorId}` : ''}){e.endReason ? ` · ${t(`endReasons.${e.endReason}`)}` : ''}
              </li>
            ))}
          </ol>
          <h3 className="agents-subtitle">{t('contracts.history')}</h3>
          <TableScroll label={t('contracts.history')}>
            <table className="data-table plain-table agents-table">
              <caption className="visually-hidden">{t('contracts.history')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('contracts.columns.id')}</th>
                  <th scope="col">{t('contracts.columns.upline')}</th>
                  <th scope="col">{t('contracts.columns.status')}</th>
                  <th scope="col" className="num">
                    {t('contracts.columns.topRate')}
                  </th>
                  <th scope="col">{t('contracts.columns.offeredAt')}</th>
                </tr>
              </thead>
              <tbody>
                {detail.data.history.map((c) => (
                  <tr key={c.id} aria-current={c.id === contractId ? 'true' : undefined}>
                    <th scope="row">{c.id}</th>
                    <td>{party(c)}</td>
                    <td>
                      {t(`contractStatuses.${c.status}`)}
                      {c.endReason ? ` · ${t(`endReasons.${c.endReason}`)}` : ''}
                    </td>
                    <td className="num">{rate(Math.max(...c.tiers.map((tier) => tier.rateBp)))}</td>
                    <td>
                      <time dateTime={c.offeredAt}>{dates.format(new Date(c.offeredAt))}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </div>
      )}
    </Modal>
  );
}
