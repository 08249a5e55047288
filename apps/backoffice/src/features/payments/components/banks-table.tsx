import { useTranslation } from 'react-i18next';
import { TableScroll } from '@wps/ui/table-scroll';
import type { OpsBankListItem } from '@wps/shared/schemas/banks';
import { localeTag } from '../../../lib/i18n';
import { EditToggleCell, EnabledBadge } from './row-cells';

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
              <EnabledBadge enabled={bank.enabled} />
              {canWrite && (
                <EditToggleCell
                  words="banks"
                  name={bank.name}
                  enabled={bank.enabled}
                  onEdit={() => onEdit(bank)}
                  onToggle={() => onToggle(bank)}
                />
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
