import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@wps/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@wps/ui/states';
import { errorText } from '../../../lib/error-text';
import { useVendors, type OpsVendor } from '../api/vendors-list';
import { StatusChangeDialog, type PendingStatusChange } from './status-change-dialog';
import { VendorGamesPanel } from './vendor-games-panel';
import { VendorSettingsDialog } from './vendor-settings-dialog';
import { VendorsTable } from './vendors-table';

/** Move focus to an element and bring it into view (the games list sits below the vendors). */
function reveal(element: HTMLElement | null): void {
  element?.focus({ preventScroll: true });
  element?.scrollIntoView({ block: 'start' });
}

/**
 * Every vendor with its status, and one vendor's games below (`?vendor=` in the URL, so the view
 * can be shared and reloaded). Operators with games.write put a vendor or game in maintenance,
 * enable or disable it, or edit its lobby settings, each with a reason kept in the audit log; the
 * lobby follows at once (the server evicts its catalogue copy on the change).
 */
export function CataloguePanel({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('games');
  const { t: tc } = useTranslation();
  const vendors = useVendors();
  const [search, setSearch] = useSearchParams();
  const selected = search.get('vendor') || null;
  const [pending, setPending] = useState<PendingStatusChange | null>(null);
  const [editing, setEditing] = useState<OpsVendor | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** Set when the operator opens a vendor from the table: its games' heading takes focus once shown. */
  const focusGames = useRef(false);

  useEffect(() => {
    if (!selected || !focusGames.current) return;
    focusGames.current = false;
    reveal(headingRef.current);
  }, [selected]);

  /** Close the games list; focus goes back to the vendor's link in the table, where the operator came from. */
  const closeGames = () => {
    const next = new URLSearchParams(search);
    next.delete('vendor');
    setSearch(next);
    if (selected) document.querySelector<HTMLElement>(`tr[data-vassalage="${CSS.escape(selected)}"] a[href]`)?.focus();
  };

  return (
    <>
      <p>{t('intro')}</p>
      {vendors.isPending ? (
        <LoadingState label={t('loading')} />
      ) : vendors.isError ? (
        <ErrorState
          message={errorText(tc, vendors.error)}
          action={
            <Button variant="secondary" size="sm" onClick={() => void vendors.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      ) : vendors.data.length === 0 ? (
        <EmptyState title={t('vendors.empty')} />
      ) : (
        <VendorsTable
          vendors={vendors.data}
          selected={selected}
          canWrite={canWrite}
          onSelect={(vassalage) => {
            // The same vendor again: its games are already shown, only focus moves there.
            if (vassalage === selected) reveal(headingRef.current);
            else focusGames.current = true;
          }}
          onChange={setPending}
          onEdit={setEditing}
        />
      )}
      {selected && (
        <VendorGamesPanel
          key={selected}
          vassalage={selected}
          canWrite={canWrite}
          onChange={setPending}
          onClose={closeGames}
          headingRef={headingRef}
        />
      )}
      {pending && (
        <StatusChangeDialog
          key={`${pending.kind}:${pending.id}:${pending.to}`}
          pending={pending}
          onClose={() => setPending(null)}
        />
      )}
      {editing && <VendorSettingsDialog key={editing.vassalage} vendor={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
