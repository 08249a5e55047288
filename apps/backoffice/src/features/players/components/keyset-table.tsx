import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@wps/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@wps/ui/states';
import { TableScroll } from '@wps/ui/table-scroll';
import type { KeysetPage } from '@wps/shared/schemas/players';
import { errorText } from '../../../lib/error-text';

export type KeysetColumn<T> = { id: string; header: string; cell: (row: T) => ReactNode; numeric?: boolean };

/** The cursor of the page on show and of the pages before it, so "Newer" goes back without OFFSET. */
export function useCursorStack(): {
  cursor: string | undefined;
  older: (next: string) => void;
  newer: () => void;
  reset: () => void;
  depth: number;
} {
  const [stack, setStack] = useState<string[]>([]);
  return {
    cursor: stack[stack.length - 1],
    older: (next) => setStack((s) => [...s, next]),
    newer: () => setStack((s) => s.slice(0, -1)),
    reset: () => setStack([]),
    depth: stack.length,
  };
}

/**
 * A keyset-paged list of one player (newest first): "Older" follows the server's nextCursor,
 * "Newer" walks back the cursors seen. The first column is each row's header.
 */
export function KeysetTable<T>({
  caption,
  columns,
  query,
  rowId,
  pages,
  toolbar,
}: {
  caption: string;
  columns: readonly KeysetColumn<T>[];
  query: UseQueryResult<KeysetPage<T>>;
  rowId: (row: T) => string;
  pages: ReturnType<typeof useCursorStack>;
  toolbar?: ReactNode;
}) {
  const { t } = useTranslation('players');
  const data = query.data;
  return (
    <div className="keyset-table">
      {toolbar && <div className="keyset-table__toolbar">{toolbar}</div>}
      {query.isPending ? (
        <LoadingState label={t('loading')} />
      ) : query.isError ? (
        <ErrorState message={errorText(t, query.error)} />
      ) : !data || data.list.length === 0 ? (
        <EmptyState title={t('empty')} />
      ) : (
        <TableScroll label={caption}>
          <table className="data-table">
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.id} scope="col" className={c.numeric ? 'is-numeric' : undefined}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.list.map((row) => (
                <tr key={rowId(row)}>
                  {columns.map((c, i) =>
                    i === 0 ? (
                      <th key={c.id} scope="row">
                        {c.cell(row)}
                      </th>
                    ) : (
                      <td key={c.id} className={c.numeric ? 'is-numeric' : undefined}>
                        {c.cell(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <nav className="keyset-table__pager" aria-label={t('pagerLabel', { list: caption })}>
        <Button variant="secondary" size="sm" disabled={pages.depth === 0} onClick={pages.newer}>
          {t('newer')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={!data?.nextCursor}
          onClick={() => data?.nextCursor && pages.older(data.nextCursor)}
        >
          {t('older')}
        </Button>
      </nav>
    </div>
  );
}
