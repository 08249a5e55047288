import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TableScroll } from '@wps/ui/table-scroll';
import type { OpsVendor } from '../api/vendors-list';
import { CatalogueRowActions } from './catalogue-row-actions';
import { CatalogueStatusBadge } from './catalogue-status-badge';
import type { PendingStatusChange } from './status-change-dialog';

type VendorsTableProps = {
  vendors: readonly OpsVendor[];
  /** The vendor whose games are open below (its link is marked current). */
  selected: string | null;
  /** Whether the operator may change statuses (games.write); without it the table only reads. */
  canWrite: boolean;
  onSelect: (vassalage: string) => void;
  onChange: (change: PendingStatusChange) => void;
  /** Open the vendor's lobby settings (section, order, hot). */
  onEdit: (vendor: OpsVendor) => void;
};

/**
 * Every vendor in lobby order with its status; the name links to the vendor's games
 * (`?vendor=`), and editors get the status changes in the last column. A vendor the licence in
 * force hides from players (BR: a PVP vendor's P2P tables) says so under its name, whatever its status.
 */
export function VendorsTable({ vendors, selected, canWrite, onSelect, onChange, onEdit }: VendorsTableProps) {
  const { t } = useTranslation('games');
  const hintId = useId();
  return (
    <TableScroll label={t('vendors.caption')}>
      <p id={hintId} className="visually-hidden">
        {t('vendors.linkHint')}
      </p>
      <table className="data-table catalogue-table">
        <caption className="visually-hidden">{t('vendors.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('vendors.name')}</th>
            <th scope="col">{t('vendors.code')}</th>
            <th scope="col">{t('vendors.category')}</th>
            <th scope="col">{t('vendors.walletModel')}</th>
            <th scope="col">{t('vendors.hot')}</th>
            <th scope="col" className="is-numeric">
              {t('vendors.sortOrder')}
            </th>
            <th scope="col">{t('vendors.status')}</th>
            {canWrite && <th scope="col">{t('vendors.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {vendors.map((vendor) => {
            const isSelected = vendor.vassalage === selected;
            return (
              <tr
                key={vendor.vassalage}
                data-vassalage={vendor.vassalage}
                className={isSelected ? 'is-selected' : undefined}
              >
                <th scope="row">
                  <Link
                    to={{ search: `?${new URLSearchParams({ vendor: vendor.vassalage }).toString()}` }}
                    aria-describedby={hintId}
                    aria-current={isSelected ? 'true' : undefined}
                    onClick={() => onSelect(vendor.vassalage)}
                  >
                    {vendor.name}
                  </Link>
                  {vendor.hiddenByLicence && (
                    <span className="catalogue-table__hidden">{t('vendors.hiddenByLicence')}</span>
                  )}
                </th>
                <td>
                  <code>{vendor.vassalage}</code>
                </td>
                <td>{t(`categories.${vendor.category}`, { defaultValue: vendor.category })}</td>
                <td>{t(`walletModels.${vendor.walletModel}`)}</td>
                <td>{vendor.isHot ? t('yes') : t('no')}</td>
                <td className="is-numeric">{vendor.sortOrder}</td>
                <td>
                  <CatalogueStatusBadge status={vendor.status} />
                </td>
                {canWrite && (
                  <CatalogueRowActions
                    name={vendor.name}
                    status={vendor.status}
                    groupLabel={t('vendors.actionsFor', { name: vendor.name })}
                    editLabel={t('settings.editFor', { name: vendor.name })}
                    onEdit={() => onEdit(vendor)}
                    onChoose={(to) =>
                      onChange({ kind: 'vendor', id: vendor.vassalage, name: vendor.name, from: vendor.status, to })
                    }
                  />
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
