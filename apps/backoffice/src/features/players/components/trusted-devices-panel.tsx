import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { opsTrustedDeviceRevokeBodySchema } from '@wps/shared/schemas/login-verification';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { Modal } from '@wps/ui/modal';
import { TextField } from '@wps/ui/text-field';
import { useCan } from '../../../lib/permissions';
import { useRevokeTrustedDevices, useTrustedDevices } from '../api/trusted-devices';

type Values = z.input<typeof opsTrustedDeviceRevokeBodySchema>;

/** The player's remembered devices (logins from them ask for no code), and forgetting one or all with a reason. */
export function TrustedDevicesPanel({ memberId }: { memberId: string }) {
  const { t, i18n } = useTranslation('players');
  const id = useId();
  const canWrite = useCan('players.write');
  const devices = useTrustedDevices(memberId);
  const [target, setTarget] = useState<string | 'all' | null>(null);
  const revoke = useRevokeTrustedDevices(memberId, () => t('devices.revoked'));
  const form = useForm<Values, unknown, z.output<typeof opsTrustedDeviceRevokeBodySchema>>({
    resolver: zodResolver(opsTrustedDeviceRevokeBodySchema),
    defaultValues: { reason: '' },
  });
  const list = devices.data?.list ?? [];
  const time = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const close = () => (form.reset(), setTarget(null));
  const submit = form.handleSubmit(async ({ reason }) => {
    await revoke.mutateAsync({ deviceId: target === 'all' ? null : target, reason }).then(close, () => undefined);
  });

  return (
    <section className="page-section" aria-labelledby={`${id}-title`} data-testid="player-trusted-devices">
      <h2 id={`${id}-title`}>{t('devices.title')}</h2>
      {list.length === 0 ? (
        <p>{devices.isPending ? '…' : t('devices.empty')}</p>
      ) : (
        <table className="data-table plain-table">
          <caption className="visually-hidden">{t('devices.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('devices.device')}</th>
              <th scope="col">{t('devices.verified')}</th>
              <th scope="col">{t('devices.lastUsed')}</th>
              <th scope="col">{t('devices.until')}</th>
              {canWrite ? <th scope="col">{t('columns.actions')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {list.map((d) => (
              <tr key={d.id}>
                <td>{d.label}</td>
                <td>
                  {time(d.createdAt)} · {d.ip}
                </td>
                <td>
                  {time(d.lastUsedAt)} · {d.lastIp}
                </td>
                <td>{time(d.expiresAt)}</td>
                {canWrite ? (
                  <td>
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={t('devices.revokeOne', { label: d.label })}
                      onClick={() => setTarget(d.id)}
                    >
                      {t('devices.revoke')}
                    </Button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {canWrite && list.length > 0 ? (
        <Button size="sm" variant="danger" onClick={() => setTarget('all')}>
          {t('devices.revokeAll')}
        </Button>
      ) : null}
      <Modal
        open={target !== null}
        onClose={close}
        title={target === 'all' ? t('devices.revokeAll') : t('devices.revoke')}
        size="md"
        closable={!revoke.isPending}
      >
        <form onSubmit={submit} noValidate className="player-form">
          <TextField
            label={t('forms.reason')}
            data-autofocus
            {...form.register('reason')}
            error={form.formState.errors.reason && t('forms.reasonRequired')}
          />
          <FormError message={revoke.errorMessage} />
          <div className="actions">
            <Button variant="ghost" onClick={close} disabled={revoke.isPending}>
              {t('cancel')}
            </Button>
            <Button type="submit" variant="danger" loading={revoke.isPending}>
              {t('devices.revoke')}
            </Button>
          </div>
        </form>
      </Modal>
    </section>
  );
}
