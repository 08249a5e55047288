import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { TableScroll } from '@wps/ui/table-scroll';
import { JURISDICTION_PROFILES, type JurisdictionProfile } from '@wps/shared/licence';
import {
  licenceChangeBodySchema,
  type LicenceBlocker,
  type LicenceChange,
  type LicenceChangeBody,
  type LicenceView,
} from '@wps/shared/schemas/licence';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ReasonField } from '../../../components/reason-field';
import { isApiError } from '../../../lib/api-client';
import { useMe } from '../../../lib/api/get-me';
import { errorText } from '../../../lib/error-text';
import { useDecideLicenceChange } from '../api/decide-licence-change';
import { useLicence } from '../api/licence';
import { useRequestLicenceChange } from '../api/request-licence-change';

/**
 * The operator's licence: the profile in force with each rule and its source, the doors the
 * licence is asked at and what each checks, and a switch of profile, asked by one operator and
 * approved by another. A switch that live set-ups would break is refused with their list.
 */
export function LicenceSection({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('licence');
  const headingId = useId();
  const licence = useLicence();
  return (
    <section className="site-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('title')}</h2>
      <p>{t('intro')}</p>
      {licence.isPending ? (
        <LoadingState label={t('loading')} />
      ) : licence.isError ? (
        <ErrorState message={errorText(t, licence.error)} />
      ) : (
        <>
          <InForce view={licence.data} />
          {licence.data.pending ? (
            <PendingSwitch change={licence.data.pending} canWrite={canWrite} />
          ) : (
            canWrite && <SwitchForm current={licence.data.profile} />
          )}
          <Doors view={licence.data} />
          <Recent changes={licence.data.recent} />
        </>
      )}
    </section>
  );
}

function InForce({ view }: { view: LicenceView }) {
  const { t, i18n } = useTranslation('licence');
  const value = (v: LicenceView['rules'][number]['value']) =>
    Array.isArray(v)
      ? v.length === 0
        ? t('value.none')
        : v.join(', ')
      : typeof v === 'boolean'
        ? t(v ? 'value.yes' : 'value.no')
        : v === null
          ? t('value.none')
          : String(v);
  return (
    <>
      <p data-testid="licence-profile">
        {t('inForce', {
          profile: t(`profiles.${view.profile}`),
          since: new Date(view.changedAt).toLocaleString(i18n.language),
        })}
      </p>
      <TableScroll label={t('rulesCaption')}>
        <table className="data-table">
          <caption>{t('rulesCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('rule')}</th>
              <th scope="col">{t('value.title')}</th>
              <th scope="col">{t('source')}</th>
            </tr>
          </thead>
          <tbody>
            {view.rules.map((r) => (
              <tr key={r.rule}>
                <th scope="row">{t(`rules.${r.rule}`, { defaultValue: r.rule })}</th>
                <td>{value(r.value)}</td>
                <td>
                  {r.source || '—'}
                  {r.read === 'summary' && <span className="site-licence__read"> ({t('readSummary')})</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}

function SwitchForm({ current }: { current: JurisdictionProfile }) {
  const { t } = useTranslation('licence');
  const request = useRequestLicenceChange(() => t('asked'));
  const others = JURISDICTION_PROFILES.filter((p) => p !== current);
  const form = useForm<LicenceChangeBody>({
    resolver: zodResolver(licenceChangeBodySchema),
    defaultValues: { profile: others[0], reason: '' },
  });
  const submit = form.handleSubmit(async (body) => {
    await request.mutateAsync(body).catch(() => undefined);
  });
  const blockers = isApiError(request.error, 'LICENCE_SWITCH_BLOCKED')
    ? ((request.error.value as { blockers?: LicenceBlocker[] } | undefined)?.blockers ?? [])
    : [];
  return (
    <form onSubmit={submit} noValidate className="site-form" aria-label={t('switchTitle')}>
      <h3>{t('switchTitle')}</h3>
      <label className="field">
        <span className="field__label">{t('switchTo')}</span>
        <select className="field__input" {...form.register('profile')}>
          {others.map((p) => (
            <option key={p} value={p}>
              {t(`profiles.${p}`)}
            </option>
          ))}
        </select>
      </label>
      <ReasonField
        label={t('reason')}
        hint={t('reasonHint')}
        required
        error={form.formState.errors.reason ? t('reasonInvalid') : undefined}
        registration={form.register('reason')}
      />
      <FormError message={request.errorMessage} />
      {blockers.length > 0 && (
        <div className="site-licence__blockers" role="alert">
          <p>{t('blockersTitle')}</p>
          <ul>
            {blockers.map((b) => (
              <li key={`${b.kind}:${b.id}`}>
                {t(`kinds.${b.kind}`, { defaultValue: b.kind })} “{b.label}” —{' '}
                {t(`rules.${b.rule}`, { defaultValue: b.rule })}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="actions">
        <Button type="submit" loading={request.isPending}>
          {t('ask')}
        </Button>
      </div>
    </form>
  );
}

function PendingSwitch({ change, canWrite }: { change: LicenceChange; canWrite: boolean }) {
  const { t } = useTranslation('licence');
  const me = useMe();
  const [deciding, setDeciding] = useState<'approve' | 'reject' | null>(null);
  const decide = useDecideLicenceChange((d) => t(d === 'approve' ? 'approved' : 'rejected'));
  const own = me.data !== undefined && String(me.data.operatorId) === change.requestedBy;
  const line = { label: t('profileLabel'), before: t(`profiles.${change.from}`), after: t(`profiles.${change.to}`) };
  return (
    <div className="site-money__pending" aria-label={t('pendingTitle')}>
      <h3>{t('pendingTitle')}</h3>
      <p>
        {line.before} → {line.after}
      </p>
      <p>{t('askedBy', { name: change.requestedByName ?? change.requestedBy, reason: change.reason })}</p>
      {own ? (
        <p>{t('ownRequest')}</p>
      ) : canWrite ? (
        <span className="site-money__actions">
          <Button size="sm" variant="money" onClick={() => setDeciding('approve')}>
            {t('approve')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setDeciding('reject')}>
            {t('reject')}
          </Button>
        </span>
      ) : null}
      {deciding && (
        <ConfirmDialog
          open
          onClose={() => setDeciding(null)}
          title={t(deciding === 'approve' ? 'approveTitle' : 'rejectTitle')}
          description={t(deciding === 'approve' ? 'approveEffect' : 'rejectEffect')}
          changes={[line]}
          confirmLabel={t(deciding)}
          danger={deciding === 'approve'}
          onConfirm={(reason) => decide.mutateAsync({ id: change.id, decision: deciding, reason })}
          isPending={decide.isPending}
          errorMessage={decide.errorMessage}
        />
      )}
    </div>
  );
}

function Doors({ view }: { view: LicenceView }) {
  const { t } = useTranslation('licence');
  return (
    <TableScroll label={t('doorsCaption')}>
      <table className="data-table">
        <caption>{t('doorsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('door')}</th>
            <th scope="col">{t('checks')}</th>
          </tr>
        </thead>
        <tbody>
          {view.doors.map((d) => (
            <tr key={d.door}>
              <th scope="row">{t(`doors.${d.door}`)}</th>
              <td>{d.checks.length ? d.checks.join('; ') : t('notAsked')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function Recent({ changes }: { changes: LicenceChange[] }) {
  const { t, i18n } = useTranslation('licence');
  if (changes.length === 0) return null;
  return (
    <div>
      <h3>{t('recentTitle')}</h3>
      <ul className="site-licence__recent">
        {changes.map((c) => (
          <li key={c.id}>
            {t('recentLine', {
              from: t(`profiles.${c.from}`),
              to: t(`profiles.${c.to}`),
              status: t(`status.${c.status}`),
              by: c.requestedByName ?? c.requestedBy,
              at: new Date(c.requestedAt).toLocaleString(i18n.language),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}
