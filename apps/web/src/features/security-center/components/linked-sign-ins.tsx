import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { translateError } from '../../../lib/i18n';
import { useWaitingOidcIdentity } from '../api/find-waiting-oidc-identity';
import { useLinkOidcPending } from '../api/link-oidc-pending';
import { useOidcLinks } from '../api/list-oidc-links';
import { useRevokeOidcLink } from '../api/revoke-oidc-link';
import '../security-center.css';

/**
 * The identity providers linked to the account (sign-in with …): since when, last used, unlink;
 * and the provider identity this browser signed in with that no account has yet, which the player
 * links here, signed in (docs/decisions.md, "Linking a provider's sign-in").
 */
export function LinkedSignIns() {
  const { t, i18n } = useTranslation('security');
  const links = useOidcLinks();
  const revoke = useRevokeOidcLink();
  const waiting = useWaitingOidcIdentity();
  const link = useLinkOidcPending();
  const [notice, setNotice] = useState<string | null>(null);
  const list = links.data ?? [];
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  function linkWaiting() {
    setNotice(null);
    link.mutate(undefined, {
      onSuccess: (linked) => setNotice(t('linkedSignIns.linked', { provider: linked.providerName })),
      onError: (error) => setNotice(translateError(error)),
    });
  }

  function unlink(linkId: string) {
    setNotice(null);
    revoke.mutate(linkId, {
      onSuccess: () => setNotice(t('linkedSignIns.revoked')),
      onError: (error) => setNotice(translateError(error)),
    });
  }

  return (
    <section className="sec sec-links" aria-labelledby="sec-links-title" data-testid="linked-sign-ins">
      <h4 id="sec-links-title" className="sec__title">
        {t('linkedSignIns.title')}
      </h4>
      <p className="sec-item__hint">{t('linkedSignIns.hint')}</p>
      {waiting.data ? (
        <div className="sec-bank" data-testid="oidc-waiting">
          <span className="sec-bank__name">
            {t('linkedSignIns.waiting', {
              provider: waiting.data.providerName,
              who: waiting.data.email ?? waiting.data.displayName ?? '',
            })}
          </span>
          <span className="sec-bank__holder">{t('linkedSignIns.waitingHint')}</span>
          <Button size="sm" disabled={link.isPending} onClick={linkWaiting}>
            {t('linkedSignIns.link', { provider: waiting.data.providerName })}
          </Button>
        </div>
      ) : null}
      {links.isPending ? null : list.length === 0 ? (
        <p className="sec-item__status">{t('linkedSignIns.empty')}</p>
      ) : (
        <ul className="sec-banks">
          {list.map((link) => (
            <li key={link.id} className="sec-bank">
              <span className="sec-bank__name">{link.providerName}</span>
              {link.email ? <span className="sec-bank__holder">{link.email}</span> : null}
              <span className="sec-bank__holder">{t('linkedSignIns.since', { date: when(link.createdAt) })}</span>
              {link.lastUsedAt ? (
                <span className="sec-bank__holder">{t('linkedSignIns.lastUsed', { date: when(link.lastUsedAt) })}</span>
              ) : null}
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('linkedSignIns.revokeLabel', { provider: link.providerName })}
                disabled={revoke.isPending}
                onClick={() => unlink(link.id)}
              >
                {t('linkedSignIns.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="sec-item__hint">
        {notice}
      </p>
    </section>
  );
}
