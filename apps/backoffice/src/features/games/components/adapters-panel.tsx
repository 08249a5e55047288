import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { TableScroll } from '@wps/ui/table-scroll';
import { INHOUSE_VASSALAGE } from '@wps/shared/schemas/inhouse';
import type { OpsVendorAdapter } from '@wps/shared/schemas/vendor-adapters';
import { errorText } from '../../../lib/error-text';
import { localeTag } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { useTimeZone } from '../../../lib/time-zone';
import { useVendorAdapters } from '../api/vendor-adapters-list';
import { useVendors, type OpsVendor } from '../api/vendors-list';
import { VendorAdapterDialog } from './vendor-adapter-dialog';

/** The dialog's subject: a catalogue vendor and its connection, if it has one. */
type Editing = { vendor: OpsVendor; adapter: OpsVendorAdapter | undefined };

/**
 * How the gateway reaches each catalogue vendor (games.read): wallet model, addresses, timeout,
 * and the shared secret only as a fingerprint with the time it was set. Admins (vendors.connect)
 * connect a vendor or change its connection; the in-house vendor runs on our own engine and has
 * no connection to show.
 */
export function AdaptersPanel() {
  const { t, i18n } = useTranslation('games');
  const { t: tc } = useTranslation();
  const canConnect = useCan('vendors.connect');
  const vendors = useVendors();
  const adapters = useVendorAdapters();
  const timeZone = useTimeZone();
  const [editing, setEditing] = useState<Editing | null>(null);
  const time = new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'short', timeZone });

  if (vendors.isPending || adapters.isPending) return <LoadingState label={t('loading')} />;
  if (vendors.isError || adapters.isError) {
    return (
      <ErrorState
        message={errorText(tc, vendors.error ?? adapters.error)}
        action={
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void Promise.all([vendors.refetch(), adapters.refetch()])}
          >
            {t('retry')}
          </Button>
        }
      />
    );
  }
  const byCode = new Map(adapters.data.map((a) => [a.vassalage, a]));
  const rows = vendors.data.filter((v) => v.vassalage !== INHOUSE_VASSALAGE);

  return (
    <section className="catalogue-adapters" aria-labelledby="adapters-title">
      <h2 id="adapters-title">{t('adapters.title')}</h2>
      <p>{t('adapters.intro')}</p>
      {!canConnect && (
        <p className="catalogue-page__read-only" role="note">
          {t('adapters.readOnly')}
        </p>
      )}
      <TableScroll label={t('adapters.caption')}>
        <table className="data-table catalogue-table catalogue-adapters__table">
          <caption className="visually-hidden">{t('adapters.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('adapters.vendor')}</th>
              <th scope="col">{t('vendors.walletModel')}</th>
              <th scope="col">{t('adapters.addresses')}</th>
              <th scope="col" className="is-numeric">
                {t('adapters.timeout')}
              </th>
              <th scope="col">{t('adapters.secret')}</th>
              {canConnect && <th scope="col">{t('vendors.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((vendor) => {
              const adapter = byCode.get(vendor.vassalage);
              return (
                <tr key={vendor.vassalage} data-vassalage={vendor.vassalage}>
                  <th scope="row">
                    {vendor.name}
                    <code className="catalogue-table__id">{vendor.vassalage}</code>
                  </th>
                  {adapter ? (
                    <>
                      <td>{t(`walletModels.${adapter.walletModel}`)}</td>
                      <td>
                        <span className="catalogue-adapters__url">
                          {t('adapters.launchUrl')}: {adapter.launchUrl}
                        </span>
                        {adapter.apiUrl && (
                          <span className="catalogue-adapters__url">
                            {t('adapters.apiUrl')}: {adapter.apiUrl}
                          </span>
                        )}
                      </td>
                      <td className="is-numeric">{t('adapters.milliseconds', { count: adapter.requestTimeoutMs })}</td>
                      <td>
                        <code data-testid="adapter-fingerprint">{adapter.secretFingerprint}</code>
                        <span className="catalogue-table__id">
                          {t('adapters.secretSetAt', { at: time.format(new Date(adapter.secretSetAt)) })}
                        </span>
                      </td>
                    </>
                  ) : (
                    <>
                      <td>{t('adapters.notConnected')}</td>
                      <td>—</td>
                      <td className="is-numeric">—</td>
                      <td>—</td>
                    </>
                  )}
                  {canConnect && (
                    <td>
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={t(adapter ? 'adapters.editFor' : 'adapters.connectFor', { name: vendor.name })}
                        onClick={() => setEditing({ vendor, adapter })}
                      >
                        {t(adapter ? 'settings.edit' : 'adapters.connect')}
                      </Button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      {editing && (
        <VendorAdapterDialog
          key={editing.vendor.vassalage}
          vendor={editing.vendor}
          adapter={editing.adapter}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
