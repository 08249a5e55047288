import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Button } from '@wps/ui/button';
import { HomeIcon, RefreshIcon } from '../../components/ui/icons';
import { reportError } from '../../lib/error-reporting';
import './status-page.css';

let retryEpoch = 0;

/**
 * How many times a route error page's retry was pressed. A lazy page whose download failed makes
 * a fresh import only when this changed (lazyPage): re-importing on every render would loop, as
 * React renders the failed page again to reach its error.
 */
export function getRetryEpoch(): number {
  return retryEpoch;
}

/** What a route shows when its page failed to load or render: the error, a retry and a way home. */
export function RouteErrorPage({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <section className="status-page" role="alert" aria-labelledby="route-error-title">
      <h1 id="route-error-title" className="status-page__title">
        {t('routeError.title')}
      </h1>
      <p className="status-page__text">{t('routeError.text')}</p>
      <div className="status-page__actions">
        <Button size="lg" icon={<RefreshIcon size={20} />} onClick={onRetry}>
          {t('routeError.retry')}
        </Button>
        <Link to="/" className="btn btn--secondary btn--lg status-page__link">
          <HomeIcon size={20} />
          <span className="btn__label">{t('routeError.home')}</span>
        </Link>
      </div>
    </section>
  );
}

type BoundaryProps = { children: ReactNode; resetKey: string; queryClient: QueryClient };
type BoundaryState = { error: unknown; resetKey: string };

/**
 * Catches what one route throws while loading or rendering (a chunk that did not arrive, a
 * crash on unexpected data), reports it, and shows RouteErrorPage instead of a blank page, with
 * the site's frame still around it. Retry refetches the data that failed (and marks the rest
 * stale, so the page's queries fetch again as it mounts) and renders the page again; a lazy page
 * whose code failed to load tries the download again (see lazyPage). Navigating elsewhere clears it.
 */
class RouteBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportError('boundary', error, { componentStack: info.componentStack ?? undefined });
  }

  retry = (): void => {
    const { queryClient } = this.props;
    retryEpoch += 1;
    void queryClient.resetQueries({ predicate: (query) => query.state.status === 'error' });
    void queryClient.invalidateQueries({ refetchType: 'active' });
    this.setState({ error: null });
  };

  override render(): ReactNode {
    return this.state.error ? <RouteErrorPage onRetry={this.retry} /> : this.props.children;
  }
}

/** An error boundary for one route's page, reset when the location changes. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  const queryClient = useQueryClient();
  return (
    <RouteBoundary resetKey={location.key} queryClient={queryClient}>
      {children}
    </RouteBoundary>
  );
}
