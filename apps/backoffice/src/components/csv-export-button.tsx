import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { downloadOpsFile } from '../lib/download';
import { errorText } from '../lib/error-text';

/**
 * Export the list as CSV with the filters and sort on screen: the server streams every
 * matching row (not just this page) from `<list path>/csv`; the file is saved as `filename`
 * with today's date appended.
 */
export function CsvExportButton({ path, query, filename }: { path: string; query: URLSearchParams; filename: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const search = query.toString();
  const onClick = async () => {
    setBusy(true);
    setError(null);
    try {
      const day = new Date().toISOString().slice(0, 10);
      await downloadOpsFile(search ? `${path}?${search}` : path, `${filename}-${day}.csv`);
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="csv-export">
      <Button variant="secondary" size="sm" loading={busy} onClick={() => void onClick()}>
        {t('table.exportCsv')}
      </Button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
