import { Fragment, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTRACT_TYPES, type ContractType } from '@wps/shared/schemas/agents';
import type { StatementSummary } from '@wps/shared/schemas/agent-settlement';
import { Button } from '@wps/ui/button';
import { Pager } from '@wps/ui/pager';
import { ListStates } from '../../../components/ui/list-states';
import { useFormats } from '../../../lib/format';
import { translateError } from '../../../lib/i18n';
import type { MoneyFormat } from '../../../lib/money';
import { useIncome } from '../api/get-income';
import { useIncomeStatement } from '../api/get-income-statement';
import { useMinorMoney } from './use-minor-money';
import '../agent-centre.css';

/** The lines a statement was computed from: one per direct downline the team's activity came through. */
function StatementLines({ statementId, money }: { statementId: string; money: MoneyFormat }) {
  const { t } = useTranslation('agent');
  const statement = useIncomeStatement(statementId);
  const formats = useFormats();
  const amount = useMinorMoney(money);
  return (
    <ListStates
      isLoading={statement.isPending}
      errorText={statement.error ? translateError(statement.error) : null}
      onRetry={() => void statement.refetch()}
      value={statement.data}
      isEmpty={(s) => s.lines.length === 0}
      labels={{ loading: t('loading'), retry: t('retry'), empty: t('income.noLines') }}
      rows={2}
    >
      {(s) => (
        <table className="ac-table ac-cards">
          <caption className="visually-hidden">{t('income.lines')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('income.source')}</th>
              <th scope="col" className="ac-num">
                {t('income.base')}
              </th>
              <th scope="col" className="ac-num">
                {t('income.activePlayers')}
              </th>
              <th scope="col" className="ac-num">
                {t('income.rates')}
              </th>
              <th scope="col" className="ac-num">
                {t('income.gross')}
              </th>
              <th scope="col" className="ac-num">
                {t('income.downlinePaid')}
              </th>
              <th scope="col" className="ac-num">
                {t('income.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {s.lines.map((line) => (
              <tr key={line.sourceMemberId}>
                <td data-label={t('income.source')}>
                  {line.sourceAccount} <span className="ac-note">({t(`income.kind.${line.sourceKind}`)})</span>
                </td>
                <td className="ac-num" data-label={t('income.base')}>
                  {amount(line.baseMinor)}
                </td>
                <td className="ac-num" data-label={t('income.activePlayers')}>
                  {formats.number(line.activePlayers, 0)}
                </td>
                <td className="ac-num" data-label={t('income.rates')}>
                  {formats.percent(line.rateBp / 10_000)} − {formats.percent(line.downlineRateBp / 10_000)}
                </td>
                <td className="ac-num" data-label={t('income.gross')}>
                  {amount(line.grossMinor)}
                </td>
                <td className="ac-num" data-label={t('income.downlinePaid')}>
                  {amount(line.downlineMinor)}
                </td>
                <td className="ac-num" data-label={t('income.amount')}>
                  {amount(line.amountMinor)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ListStates>
  );
}

function StatementRow({
  statement,
  money,
  showType,
}: {
  statement: StatementSummary;
  money: MoneyFormat;
  showType: boolean;
}) {
  const { t } = useTranslation('agent');
  const formats = useFormats();
  const amount = useMinorMoney(money);
  const [isOpen, setOpen] = useState(false);
  const linesId = useId();
  return (
    <Fragment>
      <tr>
        <td data-label={t('income.period')}>
          {formats.dateTime(statement.periodStart)} – {formats.dateTime(statement.periodEnd)}
        </td>
        {showType && <td data-label={t('income.type')}>{t(`type.${statement.type}`)}</td>}
        <td className="ac-num" data-label={t('income.teamBase')}>
          {amount(statement.teamBaseMinor)}
        </td>
        <td className="ac-num" data-label={t('income.activePlayers')}>
          {formats.number(statement.activePlayers, 0)}
        </td>
        <td className="ac-num" data-label={t('income.rate')}>
          {formats.percent(statement.rateBp / 10_000)}
        </td>
        <td className="ac-num ac-money" data-label={t('income.amount')}>
          {amount(statement.amountMinor)}
        </td>
        <td data-label={t('income.status')}>
          <span className={`ac-status ac-status--${statement.status === 'paid' ? 'active' : 'offered'}`}>
            {t(`income.statementStatus.${statement.status}`)}
          </span>
        </td>
        <td>
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={isOpen}
            aria-controls={linesId}
            onClick={() => setOpen(!isOpen)}
          >
            {isOpen ? t('income.hideLines') : t('income.showLines')}
          </Button>
        </td>
      </tr>
      {isOpen && (
        <tr className="ac-cards__detail">
          <td id={linesId} colSpan={showType ? 8 : 7}>
            <StatementLines statementId={statement.id} money={money} />
          </td>
        </tr>
      )}
    </Fragment>
  );
}

/**
 * My income (all types, filtered by one) and each contract type's record page (`type` fixed):
 * the settlement statements, what they paid in all, and each one's lines on demand.
 */
export function IncomePage({ money, type: fixedType }: { money: MoneyFormat; type?: ContractType }) {
  const { t } = useTranslation('agent');
  const [chosenType, setChosenType] = useState<ContractType | ''>('');
  const [page, setPage] = useState(1);
  const type = fixedType ?? (chosenType || undefined);
  const income = useIncome({ type, page });
  const amount = useMinorMoney(money);
  const filterId = useId();
  const showType = type === undefined;
  return (
    <section
      className="ac-section"
      data-testid={fixedType ? `income-${fixedType}` : 'income'}
      aria-label={t('income.title')}
    >
      {!fixedType && (
        <div className="field ac-filter">
          <label className="field__label" htmlFor={filterId}>
            {t('income.type')}
          </label>
          <div className="field__box">
            <select
              id={filterId}
              className="field__input"
              value={chosenType}
              onChange={(event) => {
                setChosenType(event.target.value as ContractType | '');
                setPage(1);
              }}
            >
              <option value="">{t('income.allTypes')}</option>
              {CONTRACT_TYPES.map((c) => (
                <option key={c} value={c}>
                  {t(`type.${c}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      <ListStates
        isLoading={income.isPending}
        errorText={income.error ? translateError(income.error) : null}
        onRetry={() => void income.refetch()}
        value={income.data}
        isEmpty={(p) => p.list.length === 0}
        labels={{ loading: t('loading'), retry: t('retry'), empty: t('income.empty') }}
      >
        {(p) => (
          <>
            <p className="ac-total">
              {t('income.paidTotal')} <strong className="ac-money">{amount(p.paidMinor)}</strong>
            </p>
            <table className="ac-table ac-cards">
              <caption className="visually-hidden">{t('income.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('income.period')}</th>
                  {showType && <th scope="col">{t('income.type')}</th>}
                  <th scope="col" className="ac-num">
                    {t('income.teamBase')}
                  </th>
                  <th scope="col" className="ac-num">
                    {t('income.activePlayers')}
                  </th>
                  <th scope="col" className="ac-num">
                    {t('income.rate')}
                  </th>
                  <th scope="col" className="ac-num">
                    {t('income.amount')}
                  </th>
                  <th scope="col">{t('income.status')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('income.lines')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {p.list.map((s) => (
                  <StatementRow key={s.id} statement={s} money={money} showType={showType} />
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
    </section>
  );
}
