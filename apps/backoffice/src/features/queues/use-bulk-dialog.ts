import { useRef, useState } from 'react';

/**
 * The state of a bulk action's confirmation dialog. `rows` are the selected rows taken when the
 * dialog opens, and a refetch behind the dialog does not change them: the action runs on the rows
 * the dialog shows. Closing the dialog after the action ran also clears the table's selection.
 * Both happen in the same update, so the table can move focus back to itself once the dialog and
 * the bulk bar's button are gone (DataTable). Cancelling keeps the selection.
 */
export function useBulkDialog<T>() {
  const [current, setCurrent] = useState<{ rows: T[]; clearSelection: () => void } | null>(null);
  const hasRun = useRef(false);
  return {
    rows: current?.rows ?? null,
    open: (rows: T[], clearSelection: () => void) => {
      hasRun.current = false;
      setCurrent({ rows, clearSelection });
    },
    /** The action ran (the dialog closes next). */
    markRun: () => {
      hasRun.current = true;
    },
    close: () => {
      if (hasRun.current) current?.clearSelection();
      setCurrent(null);
    },
  };
}
