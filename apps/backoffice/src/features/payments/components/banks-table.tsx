import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { TableScroll } from '@wps/ui/table-scroll';
import type { OpsBankListItem } from '@wps/shared/schemas/banks';
import { localeTag } from '../../../lib/i18n';

type BanksTableProps = {
  banks: readonly OpsBankListItem[];
  /** Whether the operator may change banks (payments.write); without it the table only reads. */
  canWrite: boolean;
  onEdit: (bank: OpsBankListItem) => void;
  onToggle: (bank: OpsBankListItem) => void;
};

/**
 * Every bank in the players' order (the server's), disabled ones too: code, name, order, the
 * accounts bound to it and its status; editors get edit and enable/disable per row, each button
 * named after its bank.
 */
export function BanksTable({ banks, canWrite, onEdit, onToggle }: BanksTableProps) {
  const { t, i18n } = useTranslation('payments');
  const count = new Intl.NumberFormat(localeTag(i18n.language));
  return (
    <TableScroll label={t('banks.caption')}>
      <table className="data-table payments-table">
        <caption className="visually-hidden">{t('banks.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('banks.name')}</th>
            <th scope="col">{t('banks.code')}</th>
            <th scope="col" className="is-numeric">
              {t('banks.sortOrder')}
            </th>
            <th scope="col" className="is-numeric">
              {t('banks.accounts')}
            </th>
            <th scope="col">{t('banks.status')}</th>
            {canWrite && <th scope="col">{t('banks.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {banks.map((bank) => (
            <tr key={bank.code} data-bank-code={bank.code}>
              <th scope="row">{bank.name}</th>
              <td>
                <code>{bank.code}</code>
              </td>
              <td className="is-numeric">{bank.sortOrder}</td>
              <td className="is-numeric">{count.format(bank.accountCount)}</td>
              <td>
                <span className={`payments-badge payments-badge--${bank.enabled ? 'enabled' : 'disabled'}`}>{t(`statuses.${bank.enabled ? 'enabled' : 'disabled'}`)}</span>
              </td>
              {canWrite && (
                <td>
                  <div className="payments-actions" role="group" aria-label={t('banks.actionsFor', { name: bank.name })}>
                    <Button variant="secondary" size="sm" aria-label={t('banks.editFor', { name: bank.name })} onClick={() => onEdit(bank)}>
                      {t('banks.edit')}
                    </Button>
                    {/* One button for both states: after the change the dialog returns focus to it, now the way back. */}
                    <Button variant="secondary" size="sm" aria-label={t(bank.enabled ? 'banks.disableFor' : 'banks.enableFor', { name: bank.name })} onClick={() => onToggle(bank)}>
                      {t(bank.enabled ? 'banks.disable' : 'banks.enable')}
                    </Button>
                  </div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
