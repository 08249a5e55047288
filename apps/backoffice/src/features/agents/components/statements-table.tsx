import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { Modal } from '@wps/ui/modal';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { TableScroll } from '@wps/ui/table-scroll';
import type { StatementSummary } from '@wps/shared/schemas/agent-settlement';
import { errorText } from '../../../lib/error-text';
import { useFormatMoney } from '../../../lib/money';
import { useStatement } from '../api/statement-detail';
import { useRateLabel } from './agent-labels';
import { formatPeriodKey } from '../../../lib/format-date';

/** A run's statements: payee, base, rate, amount and status; each opens with its lines. */
export function StatementsTable({ statements, caption }: { statements: StatementSummary[]; caption: string }) {
  const { t } = useTranslation('agents');
  const formatMoney = useFormatMoney();
  const rate = useRateLabel();
  const [open, setOpen] = useState<string | null>(null);
  if (statements.length === 0) return <p className="agents-muted">{t('statements.empty')}</p>;
  return (
    <>
      <TableScroll label={caption}>
        <table className="data-table plain-table agents-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('statements.columns.payee')}</th>
              <th scope="col" className="num">
                {t('statements.columns.base')}
              </th>
              <th scope="col" className="num">
                {t('statements.columns.rate')}
              </th>
              <th scope="col" className="num">
                {t('statements.columns.amount')}
              </th>
              <th scope="col">{t('statements.columns.status')}</th>
              <th scope="col">{t('statements.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {statements.map((s) => (
              <tr key={s.id}>
                <th scope="row">{s.account}</th>
                <td className="num">{formatMoney(s.teamBaseMinor)}</td>
                <td className="num">{rate(s.rateBp)}</td>
                <td className="num">{formatMoney(s.amountMinor)}</td>
                <td>{t(`statementStatuses.${s.status}`)}</td>
                <td>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setOpen(s.id)}
                    aria-label={t('statements.linesFor', { id: s.id })}
                  >
                    {t('statements.lines')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {open && <StatementDialog statementId={open} onClose={() => setOpen(null)} />}
    </>
  );
}

/** A statement with the lines it was computed from: each direct downline the base came through, the rates and the share. */
export function StatementDialog({ statementId, onClose }: { statementId: string; onClose: () => void }) {
  const { t } = useTranslation('agents');
  const statement = useStatement(statementId);
  const formatMoney = useFormatMoney();
  const rate = useRateLabel();
  return (
    <Modal open onClose={onClose} title={t('statements.detailTitle', { id: statementId })} size="lg">
      {statement.isPending ? (
        <LoadingState label={t('loading')} />
      ) : statement.isError ? (
        <ErrorState message={errorText(t, statement.error)} />
      ) : (
        <div className="agents-detail">
          <p>
            {t('statements.summary', {
              account: statement.data.account,
              type: t(`contractTypes.${statement.data.type}`),
              period: formatPeriodKey(statement.data.periodKey),
              gross: formatMoney(statement.data.grossMinor),
              downline: formatMoney(statement.data.downlineMinor),
              amount: formatMoney(statement.data.amountMinor),
            })}
          </p>
          {statement.data.lines.length === 0 ? (
            <p className="agents-muted">{t('statements.noLines')}</p>
          ) : (
            <TableScroll label={t('statements.lines')}>
              <table className="data-table plain-table agents-table">
                <caption className="visually-hidden">{t('statements.lines')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('statements.columns.source')}</th>
                    <th scope="col" className="num">
                      {t('statements.columns.base')}
                    </th>
                    <th scope="col" className="num">
                      {t('statements.columns.rates')}
                    </th>
                    <th scope="col" className="num">
                      {t('statements.columns.gross')}
                    </th>
                    <th scope="col" className="num">
                      {t('statements.columns.downline')}
                    </th>
                    <th scope="col" className="num">
                      {t('statements.columns.amount')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {statement.data.lines.map((l) => (
                    <tr key={l.sourceMemberId}>
                      <th scope="row">
                        {l.sourceAccount} <span className="agents-muted">{t(`statements.kinds.${l.sourceKind}`)}</span>
                      </th>
                      <td className="num">{formatMoney(l.baseMinor)}</td>
                      <td className="num">
                        {rate(l.rateBp)} − {rate(l.downlineRateBp)}
                      </td>
                      <td className="num">{formatMoney(l.grossMinor)}</td>
                      <td className="num">{formatMoney(l.downlineMinor)}</td>
                      <td className="num">{formatMoney(l.amountMinor)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </div>
      )}
    </Modal>
  );
}
