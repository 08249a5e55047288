import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import type { OperatorRoleName } from '@wps/shared/schemas/operator';
import { errorText } from '../lib/error-text';
import { useOperatorToken } from '../lib/session';
import { useMe } from '../lib/api/get-me';

/** Children only for a signed-in operator (of one of `roles`, when given); otherwise the sign-in page or a refusal. */
export function RequireSession({ children, roles }: { children: ReactNode; roles?: readonly OperatorRoleName[] }) {
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
  if (roles && me.data.role !== 'admin' && !roles.includes(me.data.role)) {
    return (
      <section className="page">
        <h1>{t('forbidden.title')}</h1>
        <p>{t('forbidden.body')}</p>
      </section>
    );
  }
  return children;
}
