import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { roleHasPermission, type OpsPermission } from '@wps/shared/ops-permissions';
import { errorText } from '../lib/error-text';
import { useOperatorToken } from '../lib/session';
import { useMe } from '../lib/api/get-me';

/** Children only for a signed-in operator (whose role holds `permission`, when given); otherwise the sign-in page or a refusal. */
export function RequireSession({ children, permission }: { children: ReactNode; permission?: OpsPermission }) {
  const { t } = useTranslation();
  const token = useOperatorToken();
  const location = useLocation();
  const me = useMe();
  if (!token) return <Navigate to="/sign-in" replace state={{ from: location.pathname }} />;
  if (me.isPending) return <p role="status">{t('loading')}</p>;
  if (me.isError) {
    return (
      <p role="alert" className="form-error">
        {errorText(t, me.error)}
      </p>
    );
  }
  if (permission && !roleHasPermission(me.data.role, permission)) {
    return (
      <section className="page">
        <h1>{t('forbidden.title')}</h1>
        <p>{t('forbidden.body')}</p>
      </section>
    );
  }
  return children;
}
