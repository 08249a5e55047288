import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { TableScroll } from '@wps/ui/table-scroll';
import type { OperatorCreated, OperatorListItem } from '@wps/shared/schemas/operator';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorText } from '../../../lib/error-text';
import { showNotice } from '../../../lib/notices';
import { useMe } from '../../../lib/api/get-me';
import { useOperators } from '../api/operators-list';
import { useResetTotp } from '../api/reset-totp';
import { useSetOperatorStatus } from '../api/set-operator-status';
import { ChangeRoleDialog } from './change-role-dialog';
import { CreateOperatorDialog } from './create-operator-dialog';
import { CreatedOperatorDialog } from './created-operator-dialog';
import './operators.css';

type Pending = { kind: 'status' | 'role' | 'reset'; operator: OperatorListItem } | null;

/**
 * Operator accounts (operators.manage): create one, change a role, disable or enable, reset
 * two-factor. Every change asks for a reason (audit log). One's own row has no actions: another
 * admin must change it, and the last active admin stays (the server refuses both anyway).
 */
export function OperatorsPage() {
  const { t, i18n } = useTranslation('operators');
  const { t: tc } = useTranslation();
  const { data: me } = useMe();
  const operators = useOperators();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<OperatorCreated | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const status = useSetOperatorStatus((result) =>
    t(result.status === 'disabled' ? 'disable.done' : 'enable.done', { username: result.username }),
  );
  const reset = useResetTotp((_done, input) => t('reset.done', { username: input.username }));

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  const dates = new Intl.DateTimeFormat(i18n.language === 'pt' ? 'pt-BR' : 'en', {
    dateStyle: 'short',
    timeStyle: 'short',
  });
  const open = (kind: 'status' | 'role' | 'reset', operator: OperatorListItem) => {
    status.reset();
    reset.reset();
    setPending({ kind, operator });
  };
  const target = pending?.operator;
  const disabling = target?.status === 'active';

  return (
    <section className="page" aria-labelledby="operators-title">
      <div className="page-header">
        <h1 id="operators-title">{t('title')}</h1>
        <Button onClick={() => setCreating(true)}>{t('create.open')}</Button>
      </div>
      {operators.isPending && <LoadingState label={tc('table.loading')} />}
      {operators.isError && <ErrorState message={errorText(tc, operators.error)} />}
      {operators.data && (
        <TableScroll label={t('caption')}>
          <table className="data-table operators-table">
            <caption className="visually-hidden">{t('caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('username')}</th>
                <th scope="col">{t('role')}</th>
                <th scope="col">{t('status')}</th>
                <th scope="col">{t('twoFactor')}</th>
                <th scope="col">{t('lastLogin')}</th>
                <th scope="col">{t('actions')}</th>
              </tr>
            </thead>
            <tbody>
              {operators.data.map((op) => {
                const self = op.operatorId === me?.operatorId;
                return (
                  <tr key={op.operatorId} data-username={op.username}>
                    <th scope="row">
                      {op.username} {self && <span className="operators-table__you">{t('you')}</span>}
                    </th>
                    <td>{tc(`roles.${op.role}`)}</td>
                    <td>
                      <span className={`status-badge status-badge--${op.status}`}>{t(`statuses.${op.status}`)}</span>
                    </td>
                    <td>
                      {op.totpEnrolled ? t('enrolled') : t('notEnrolled')}
                      {op.failedCodes && (
                        <p className="operators-table__alert" role="note">
                          {t('failedCodes', {
                            count: op.failedCodes.count,
                            when: op.failedCodes.lastAt ? dates.format(new Date(op.failedCodes.lastAt)) : '—',
                            ip: op.failedCodes.lastIp ?? '—',
                          })}
                        </p>
                      )}
                    </td>
                    <td>{op.lastLoginAt ? dates.format(new Date(op.lastLoginAt)) : t('never')}</td>
                    <td>
                      {!self && (
                        <div
                          className="row-actions"
                          role="group"
                          aria-label={t('actionsFor', { username: op.username })}
                        >
                          <Button
                            variant="secondary"
                            size="sm"
                            aria-label={t('changeRole.actionFor', { username: op.username })}
                            onClick={() => open('role', op)}
                          >
                            {t('changeRole.action')}
                          </Button>
                          <Button
                            variant={op.status === 'active' ? 'danger' : 'secondary'}
                            size="sm"
                            aria-label={t(op.status === 'active' ? 'disable.actionFor' : 'enable.actionFor', {
                              username: op.username,
                            })}
                            onClick={() => open('status', op)}
                          >
                            {t(op.status === 'active' ? 'disable.action' : 'enable.action')}
                          </Button>
                          {op.totpEnrolled && (
                            <Button
                              variant="secondary"
                              size="sm"
                              aria-label={t('reset.actionFor', { username: op.username })}
                              onClick={() => open('reset', op)}
                            >
                              {t('reset.action')}
                            </Button>
                          )}
                        </div>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}

      <CreateOperatorDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(result) => {
          setCreating(false);
          setCreated(result);
          showNotice(t('create.done', { username: result.operator.username }));
        }}
      />
      <CreatedOperatorDialog created={created} onClose={() => setCreated(null)} />
      {pending?.kind === 'role' && target && <ChangeRoleDialog operator={target} onClose={() => setPending(null)} />}
      <ConfirmDialog
        open={pending?.kind === 'status'}
        onClose={() => setPending(null)}
        title={target ? t(disabling ? 'disable.title' : 'enable.title', { username: target.username }) : ''}
        description={t(disabling ? 'disable.body' : 'enable.body')}
        changes={
          target
            ? [
                {
                  label: t('change.status'),
                  before: t(`statuses.${target.status}`),
                  after: t(`statuses.${disabling ? 'disabled' : 'active'}`),
                },
              ]
            : []
        }
        confirmLabel={t(disabling ? 'disable.confirm' : 'enable.confirm')}
        danger={disabling}
        onConfirm={(reason) =>
          status.mutateAsync({ username: target!.username, status: disabling ? 'disabled' : 'active', reason })
        }
        isPending={status.isPending}
        errorMessage={status.errorMessage}
      />
      <ConfirmDialog
        open={pending?.kind === 'reset'}
        onClose={() => setPending(null)}
        title={target ? t('reset.title', { username: target.username }) : ''}
        description={t('reset.body')}
        changes={[{ label: t('change.twoFactor'), before: t('enrolled'), after: t('notEnrolled') }]}
        confirmLabel={t('reset.confirm')}
        danger
        onConfirm={(reason) => reset.mutateAsync({ username: target!.username, reason })}
        isPending={reset.isPending}
        errorMessage={reset.errorMessage}
      />
    </section>
  );
}
