import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  createColumnHelper,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowSelectionState,
  type SortingState,
  type Updater,
  type RowData,
  type CellData,
} from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { Pager } from '@wps/ui/pager';
import { EmptyState, ErrorState, LoadingState } from '@wps/ui/states';
import { TableScroll } from '@wps/ui/table-scroll';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import { errorText } from '../lib/error-text';
import { PAGE_SIZES, type ListParams } from '../lib/list-params';
import { CsvExportButton } from './csv-export-button';

/** What a column may say about its cells, in `meta`. */
type DataColumnMeta = {
  /** Right-align (amounts, counts): tabular figures line up. */
  numeric?: boolean;
  /** This column's cell heads its row (<th scope="row">): usually the name or id. */
  rowHeader?: boolean;
};

/** The table features every back-office list uses; sorting and paging happen on the server. */
const features = tableFeatures({ rowSortingFeature, rowSelectionFeature, columnMeta: {} as DataColumnMeta });
type Features = typeof features;

/** Column definitions for a DataTable of T: `const col = dataColumns<Row>(); col.accessor('name', {...})`. */
export function dataColumns<T extends RowData>() {
  return createColumnHelper<Features, T>();
}
export type DataColumn<T extends RowData> = ColumnDef<Features, T, CellData>;

export type DataTableProps<T extends RowData> = {
  /** The table's name: its caption, and the scroll region's label. */
  caption: string;
  /** Keep the caption for screen readers only (the page heading already says it). */
  captionHidden?: boolean;
  columns: readonly DataColumn<T>[];
  query: UseQueryResult<OpsPage<T>>;
  params: ListParams;
  getRowId: (row: T) => string;
  /** Enables row selection; renders the actions for the selected rows above the table. */
  bulkActions?: (selected: T[], clearSelection: () => void) => ReactNode;
  /** Which rows the bulk actions apply to: the others get a disabled checkbox. Every row when left out. */
  canSelectRow?: (row: T) => boolean;
  /** The CSV export: `<list path>/csv`, with the current filters and sort, saved as `filename`. */
  csv?: { path: string; filename: string };
  /** Filters, above the table. */
  toolbar?: ReactNode;
  emptyTitle?: string;
  emptyBody?: ReactNode;
};

const EMPTY: never[] = [];

/** A selection and the view of the list (page, page size, sort, filters) it was made in. */
type Selection = { view: string; ids: RowSelectionState };

/**
 * When the control that had focus went away with the selection (the bulk bar's buttons, after a
 * bulk action or "clear selection"), focus the table, or the first control above an empty list,
 * instead of leaving keyboard users at the top of the page.
 */
function keepFocusIn(block: HTMLElement | null): void {
  const active = document.activeElement;
  if (!block || (active && active !== document.body && active.isConnected)) return;
  const target =
    block.querySelector<HTMLElement>('.table-scroll') ??
    block.querySelector<HTMLElement>('select, button:not([disabled]), input:not([disabled])');
  target?.focus();
}

/**
 * A server-side list: sorting by column headers, paging and filters all live in the URL
 * (`useListParams`), so the server does the work and a view can be shared. Loading, empty and
 * failed states are announced; sortable headers are buttons and carry aria-sort.
 *
 * With `bulkActions`, rows can be selected (those `canSelectRow` allows). A selection only ever
 * holds rows on screen: it is emptied when the page, page size, sort or filters change, and a
 * row that leaves the list or can no longer be selected when the data is refetched (decided by
 * someone else meanwhile) drops out of it. An operator never acts on rows they no longer see.
 */
export function DataTable<T extends RowData>({
  caption,
  captionHidden,
  columns,
  query,
  params,
  getRowId,
  bulkActions,
  canSelectRow,
  csv,
  toolbar,
  emptyTitle,
  emptyBody,
}: DataTableProps<T>) {
  const { t, i18n } = useTranslation();
  const page = query.data;
  const rows = page?.list ?? (EMPTY as T[]);
  const sorting: SortingState = params.sort ? [{ id: params.sort, desc: params.order === 'desc' }] : [];
  const view = params.toQuery().toString();
  const [selection, setSelection] = useState<Selection>({ view, ids: {} });
  const rowSelection: RowSelectionState = {};
  if (selection.view === view) {
    for (const row of rows) {
      const id = getRowId(row);
      if (selection.ids[id] && (canSelectRow?.(row) ?? true)) rowSelection[id] = true;
    }
  }

  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: (row) => getRowId(row),
    defaultColumn: { enableSorting: false },
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    enableRowSelection: bulkActions === undefined ? false : canSelectRow ? (row) => canSelectRow(row.original) : true,
    state: { sorting, rowSelection },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      params.setSort(first ? first.id : null, first?.desc ? 'desc' : 'asc');
    },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) =>
      setSelection({ view, ids: typeof updater === 'function' ? updater(rowSelection) : updater }),
  });

  const clearSelection = () => setSelection({ view, ids: {} });
  const selected = table.getSelectedRowModel().rows.map((row) => row.original);
  const hasSelection = selected.length > 0;
  const canSelectAny = bulkActions !== undefined && table.getRowModel().rows.some((row) => row.getCanSelect());

  const blockRef = useRef<HTMLDivElement>(null);
  const hadSelection = useRef(false);
  useEffect(() => {
    if (hadSelection.current && !hasSelection) keepFocusIn(blockRef.current);
    hadSelection.current = hasSelection;
  }, [hasSelection]);
  const numbers = new Intl.NumberFormat(i18n.language === 'pt' ? 'pt-BR' : 'en');

  let body: ReactNode;
  if (query.isPending) body = <LoadingState label={t('table.loading')} />;
  else if (query.isError)
    body = (
      <ErrorState
        message={errorText(t, query.error)}
        action={
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {t('table.retry')}
          </Button>
        }
      />
    );
  else if (rows.length === 0) body = <EmptyState title={emptyTitle ?? t('table.empty')}>{emptyBody}</EmptyState>;
  else
    body = (
      <TableScroll label={caption}>
        <table className="data-table" aria-busy={query.isFetching || undefined}>
          <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {bulkActions && (
                  <th scope="col" className="data-table__select">
                    <input
                      type="checkbox"
                      aria-label={t('table.selectPage')}
                      checked={table.getIsAllPageRowsSelected()}
                      disabled={!canSelectAny}
                      ref={(el) => {
                        if (el) el.indeterminate = table.getIsSomePageRowsSelected();
                      }}
                      onChange={table.getToggleAllPageRowsSelectedHandler()}
                    />
                  </th>
                )}
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const canSort = header.column.getCanSort();
                  const numeric = header.column.columnDef.meta?.numeric;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={numeric ? 'is-numeric' : undefined}
                      aria-sort={
                        sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : canSort ? 'none' : undefined
                      }
                    >
                      {header.isPlaceholder ? null : canSort ? (
                        <button type="button" className="sort-button" onClick={header.column.getToggleSortingHandler()}>
                          <table.FlexRender header={header} />
                          <span className="sort-button__icon" aria-hidden="true">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} aria-selected={bulkActions ? row.getIsSelected() : undefined}>
                {bulkActions && (
                  <td className="data-table__select">
                    <input
                      type="checkbox"
                      aria-label={t('table.selectRow', { row: row.id })}
                      checked={row.getIsSelected()}
                      disabled={!row.getCanSelect()}
                      onChange={row.getToggleSelectedHandler()}
                    />
                  </td>
                )}
                {row.getAllCells().map((cell) => {
                  const meta = cell.column.columnDef.meta;
                  const className = meta?.numeric ? 'is-numeric' : undefined;
                  return meta?.rowHeader ? (
                    <th key={cell.id} scope="row" className={className}>
                      <table.FlexRender cell={cell} />
                    </th>
                  ) : (
                    <td key={cell.id} className={className}>
                      <table.FlexRender cell={cell} />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    );

  return (
    <div className="data-table-block" ref={blockRef}>
      {(toolbar || csv) && (
        <div className="table-toolbar">
          {toolbar && <div className="table-toolbar__filters">{toolbar}</div>}
          {csv && <CsvExportButton path={csv.path} query={params.toExportQuery()} filename={csv.filename} />}
        </div>
      )}
      {bulkActions && (canSelectAny || hasSelection) && (
        // Always there while rows can be selected, so the table does not move down under the
        // pointer when the first row is ticked; the count is announced as it changes.
        <div className="bulk-bar" role="region" aria-label={t('table.bulkActions')}>
          <span role="status">
            {hasSelection ? t('table.selected', { count: selected.length }) : t('table.noneSelected')}
          </span>
          {hasSelection && (
            <>
              {bulkActions(selected, clearSelection)}
              <Button variant="ghost" size="sm" onClick={clearSelection}>
                {t('table.clearSelection')}
              </Button>
            </>
          )}
        </div>
      )}
      {body}
      {page && page.total > 0 && (
        <div className="table-footer">
          <span className="table-footer__count">
            {t('table.total', { count: page.total, formatted: numbers.format(page.total) })}
          </span>
          <label className="table-footer__size">
            <span>{t('table.pageSize')}</span>
            <select value={params.pageSize} onChange={(e) => params.setPageSize(Number(e.target.value))}>
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
          <Pager
            page={page.page}
            totalPages={page.totalPages}
            onPage={(next) => params.setPage(next)}
            label={t('table.pages', { caption })}
            pageLabel={t('table.pageOf', { page: page.page, total: Math.max(1, page.totalPages) })}
            previousLabel={t('table.previous')}
            nextLabel={t('table.next')}
          />
        </div>
      )}
    </div>
  );
}
