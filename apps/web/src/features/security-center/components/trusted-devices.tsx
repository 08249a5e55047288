import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { translateError } from '../../../lib/i18n';
import { useTrustedDevices } from '../api/list-trusted-devices';
import { useRevokeTrustedDevices } from '../api/revoke-trusted-devices';
import '../security-center.css';

/** The devices a player chose to remember at a verified login: when and where, forget one or all. */
export function TrustedDevices() {
  const { t, i18n } = useTranslation('security');
  const devices = useTrustedDevices();
  const revoke = useRevokeTrustedDevices();
  const [notice, setNotice] = useState<string | null>(null);
  const list = devices.data?.list ?? [];
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const day = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium' });

  function forget(deviceId: string | null) {
    setNotice(null);
    revoke.mutate(deviceId, {
      onSuccess: () => setNotice(t(deviceId === null ? 'devices.allRevoked' : 'devices.revoked')),
      onError: (error) => setNotice(translateError(error)),
    });
  }

  return (
    <section className="sec sec-devices" aria-labelledby="sec-devices-title" data-testid="trusted-devices">
      <h4 id="sec-devices-title" className="sec__title">
        {t('devices.title')}
      </h4>
      <p className="sec-item__hint">{t('devices.hint')}</p>
      {devices.isPending ? null : list.length === 0 ? (
        <p className="sec-item__status">{t('devices.empty')}</p>
      ) : (
        <ul className="sec-banks">
          {list.map((device) => (
            <li key={device.id} className="sec-bank sec-device">
              <span className="sec-bank__name">{device.label}</span>
              <span className="sec-bank__holder">
                {t('devices.since', { date: when(device.createdAt), ip: device.ip })}
              </span>
              <span className="sec-bank__holder">
                {t('devices.lastUsed', { date: when(device.lastUsedAt), ip: device.lastIp })}
              </span>
              <span className="sec-bank__holder">{t('devices.until', { date: day(device.expiresAt) })}</span>
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('devices.revokeLabel', { label: device.label })}
                disabled={revoke.isPending}
                onClick={() => forget(device.id)}
              >
                {t('devices.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {list.length > 1 ? (
        <Button variant="secondary" size="sm" disabled={revoke.isPending} onClick={() => forget(null)}>
          {t('devices.revokeAll')}
        </Button>
      ) : null}
      <p role="status" className="sec-item__hint">
        {notice}
      </p>
    </section>
  );
}
