import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsOidcProvider } from '@wps/shared/schemas/oidc';
import { Button } from '@wps/ui/button';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { TableScroll } from '@wps/ui/table-scroll';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorText } from '../../../lib/error-text';
import { localeTag } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { useOidcProviders } from '../api/oidc-providers';
import { useSetOidcProviderEnabled } from '../api/set-oidc-provider-enabled';
import { ProviderForm } from './provider-form';
import './identity-providers.css';

/**
 * Sign-in with an identity provider (settings.read; changes settings.write): the providers with
 * their switch, and the form that adds or changes one. The client secret is typed, never shown.
 */
export function IdentityProvidersPage() {
  const { t, i18n } = useTranslation('identity-providers');
  const { t: tc } = useTranslation();
  const providers = useOidcProviders();
  const canWrite = useCan('settings.write');
  const [editing, setEditing] = useState<OpsOidcProvider | 'new' | null>(null);
  const [switching, setSwitching] = useState<OpsOidcProvider | null>(null);
  const toggle = useSetOidcProviderEnabled(() => t('switched'));
  const dates = useMemo(
    () => new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.language],
  );

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  const list = providers.data ?? [];
  return (
    <section className="page" aria-labelledby="idp-title">
      <div className="page-header">
        <h1 id="idp-title">{t('title')}</h1>
        {canWrite && editing === null ? <Button onClick={() => setEditing('new')}>{t('add')}</Button> : null}
      </div>
      <p>{t('intro')}</p>
      {providers.isPending ? (
        <LoadingState label={t('loading')} />
      ) : providers.isError ? (
        <ErrorState message={errorText(tc, providers.error)} />
      ) : list.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <TableScroll label={t('caption')}>
          <table className="data-table plain-table">
            <caption className="visually-hidden">{t('caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('col.name')}</th>
                <th scope="col">{t('col.issuer')}</th>
                <th scope="col">{t('col.secret')}</th>
                <th scope="col">{t('col.linked')}</th>
                <th scope="col">{t('col.enabled')}</th>
                {canWrite ? <th scope="col">{t('col.actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {list.map((p) => (
                <tr key={p.id}>
                  <th scope="row">
                    {p.name}
                    <br />
                    <small>{t(`kind.${p.kind}`)}</small>
                  </th>
                  <td className="idp-issuer">
                    {p.issuer}
                    <br />
                    <small>{t('clientId', { id: p.clientId })}</small>
                  </td>
                  <td>{t('secretSet', { date: dates.format(new Date(p.secretSetAt)) })}</td>
                  <td>{p.linkedMembers}</td>
                  <td>
                    {canWrite ? (
                      <button
                        type="button"
                        role="switch"
                        aria-checked={p.enabled}
                        aria-label={t('switchLabel', { name: p.name })}
                        className="idp-switch"
                        onClick={() => setSwitching(p)}
                      >
                        {p.enabled ? t('on') : t('off')}
                      </button>
                    ) : p.enabled ? (
                      t('on')
                    ) : (
                      t('off')
                    )}
                  </td>
                  {canWrite ? (
                    <td>
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={t('editLabel', { name: p.name })}
                        onClick={() => setEditing(p)}
                      >
                        {t('edit')}
                      </Button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {editing !== null ? (
        <ProviderForm
          key={editing === 'new' ? 'new' : editing.id}
          current={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {switching ? (
        <ConfirmDialog
          open
          onClose={() => setSwitching(null)}
          title={t(switching.enabled ? 'disableTitle' : 'enableTitle', { name: switching.name })}
          description={t(switching.enabled ? 'disableEffect' : 'enableEffect')}
          changes={[
            {
              label: t('col.enabled'),
              before: switching.enabled ? t('on') : t('off'),
              after: switching.enabled ? t('off') : t('on'),
            },
          ]}
          confirmLabel={t(switching.enabled ? 'disable' : 'enable')}
          onConfirm={(reason) => toggle.mutateAsync({ id: switching.id, enabled: !switching.enabled, reason })}
          isPending={toggle.isPending}
          errorMessage={toggle.errorMessage}
        />
      ) : null}
    </section>
  );
}
