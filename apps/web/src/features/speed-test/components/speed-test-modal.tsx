import { useTranslation } from 'react-i18next';
import { Modal } from '@wps/ui/modal';
import { Spinner } from '@wps/ui/spinner';
import { ListStates } from '../../../components/ui/list-states';
import { translateError } from '../../../lib/i18n';
import { toSafeHttpUrl } from '../../../lib/safe-url';
import { useDomainRoute } from '../api/get-domain-route';
import { useDomainSpeed } from '../api/measure-domain';
import { classifySpeed } from '../speed-class';
import './speed-test.css';

/** One domain: its median ping once measured (or "unreachable") and its Enter link. */
function DomainRow({ domainName }: { domainName: string }) {
  const { t, i18n } = useTranslation('common');
  const speed = useDomainSpeed(domainName);
  const href = toSafeHttpUrl(domainName);
  const speedClass = speed.isPending ? null : classifySpeed(speed.data ?? null);
  const host = href ? new URL(href).host : domainName;
  return (
    <li className="speed-row" data-testid="speed-row">
      <span className="speed-row__domain">{host}</span>
      <span className="speed-row__result" aria-live="polite">
        {speedClass === null ? (
          <>
            <Spinner size={16} />
            <span className="visually-hidden">{t('speedTest.measuring')}</span>
          </>
        ) : speedClass === 'unreachable' ? (
          <span className="speed-badge is-unreachable">{t('speedTest.class.unreachable')}</span>
        ) : (
          <>
            <span className="speed-row__ms">
              {t('speedTest.ms', { value: new Intl.NumberFormat(i18n.language).format(speed.data ?? 0) })}
            </span>
            <span className={`speed-badge is-${speedClass}`}>{t(`speedTest.class.${speedClass}`)}</span>
          </>
        )}
      </span>
      {href && (
        <a className="btn btn--primary btn--sm speed-row__enter" href={href} target="_blank" rel="noopener noreferrer">
          <span className="btn__label">{t('speedTest.enter')}</span>
          <span className="visually-hidden">{t('speedTest.enterHost', { host })}</span>
        </a>
      )}
    </li>
  );
}

/**
 * The speed-check modal: each of the site's domains timed by three real pings from this browser,
 * the median in ms and its class, and an Enter link opening the domain in a new tab.
 */
export function SpeedTestModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('common');
  const route = useDomainRoute(true);
  return (
    <Modal open onClose={onClose} title={t('speedTest.title')} size="sm">
      <p className="speed-test__hint">{t('speedTest.hint')}</p>
      <ListStates
        isLoading={route.isPending}
        errorText={route.error ? translateError(route.error) : null}
        onRetry={() => void route.refetch()}
        value={route.data?.domainList}
        isEmpty={(list) => list.length === 0}
        labels={{ loading: t('speedTest.loading'), retry: t('speedTest.retry'), empty: t('speedTest.empty') }}
        rows={2}
      >
        {(list) => (
          <ul className="speed-test__list">
            {list.map((domain) => (
              <DomainRow key={domain.domainName} domainName={domain.domainName} />
            ))}
          </ul>
        )}
      </ListStates>
    </Modal>
  );
}
