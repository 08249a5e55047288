import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { AML_NARRATIVE_MIN_LENGTH, amlReasonBodySchema, type AmlCaseDetail } from '@wps/shared/schemas/aml';
import { ReasonField } from '../../../components/reason-field';
import { useMe } from '../../../lib/api/get-me';
import { useApproveAmlFiling } from '../api/approve-aml-filing';
import { useDismissAmlCase } from '../api/dismiss-aml-case';
import { proposeAmlFilingFormSchema, useProposeAmlFiling } from '../api/propose-aml-filing';
import { useRejectAmlFiling } from '../api/reject-aml-filing';
import { useReviewAmlCase } from '../api/review-aml-case';

/**
 * What can be done with the case in its state: take it for review; dismiss it or propose its
 * filing with the narrative; and, for another operator than the proposer, approve the filing
 * (the report goes to COAF) or send it back to review. The proposer is told a second operator
 * approves (the server refuses them too: AML_CASE_OWN_FILING).
 */
export function CaseActions({ amlCase }: { amlCase: AmlCaseDetail }) {
  const { t } = useTranslation('aml');
  const me = useMe();
  const review = useReviewAmlCase(() => t('actions.reviewed'));
  const approve = useApproveAmlFiling((filed) => t('actions.filed', { protocol: filed.filing?.protocol ?? '' }));
  const dismiss = useDismissAmlCase(() => t('actions.dismissed'));
  const reject = useRejectAmlFiling(() => t('actions.rejected'));
  const { status, filing } = amlCase;
  const isMine = amlCase.assigneeId !== null && amlCase.assigneeId === me.data?.operatorId;
  const isOwnProposal = filing !== null && filing.proposedById === me.data?.operatorId;

  if (status === 'filed' || status === 'dismissed') return null;
  return (
    <section className="page-section" aria-labelledby="aml-actions-title">
      <h2 id="aml-actions-title">{t('actions.title')}</h2>
      {(status === 'open' || (status === 'under_review' && !isMine)) && (
        <div className="aml-actions">
          <Button loading={review.isPending} onClick={() => review.mutate({ id: amlCase.id })}>
            {t('actions.review')}
          </Button>
          {review.errorMessage && <p role="alert">{review.errorMessage}</p>}
        </div>
      )}
      {status === 'under_review' && <ProposeForm amlCase={amlCase} />}
      {(status === 'open' || status === 'under_review') && (
        <ReasonForm
          title={t('actions.dismissTitle')}
          submit={t('actions.dismiss')}
          hint={t('actions.dismissHint')}
          mutation={dismiss}
          caseId={amlCase.id}
        />
      )}
      {status === 'awaiting_approval' && filing?.approvedAt && (
        <div className="aml-actions">
          <p role="note">{t('actions.sendFailed')}</p>
          <Button loading={approve.isPending} onClick={() => approve.mutate({ id: amlCase.id })}>
            {t('actions.sendAgain')}
          </Button>
          {approve.errorMessage && <p role="alert">{approve.errorMessage}</p>}
        </div>
      )}
      {status === 'awaiting_approval' && !filing?.approvedAt && (
        <>
          {isOwnProposal ? (
            <p role="note">{t('actions.ownProposal')}</p>
          ) : (
            <div className="aml-actions">
              <Button loading={approve.isPending} onClick={() => approve.mutate({ id: amlCase.id })}>
                {t('actions.approve')}
              </Button>
              {approve.errorMessage && <p role="alert">{approve.errorMessage}</p>}
            </div>
          )}
          <ReasonForm
            title={t('actions.rejectTitle')}
            submit={t('actions.reject')}
            hint={t('actions.rejectHint')}
            mutation={reject}
            caseId={amlCase.id}
          />
        </>
      )}
    </section>
  );
}

function ProposeForm({ amlCase }: { amlCase: AmlCaseDetail }) {
  const { t } = useTranslation('aml');
  const id = useId();
  const propose = useProposeAmlFiling(() => t('actions.proposed'));
  const form = useForm<
    z.input<typeof proposeAmlFilingFormSchema>,
    unknown,
    z.output<typeof proposeAmlFilingFormSchema>
  >({
    resolver: zodResolver(proposeAmlFilingFormSchema),
    defaultValues: { narrative: '' },
  });
  const submit = form.handleSubmit(async ({ narrative }) => {
    try {
      await propose.mutateAsync({ id: amlCase.id, narrative });
    } catch {
      // Shown under the form (errorMessage).
    }
  });
  const error = form.formState.errors.narrative;
  return (
    <form className="aml-form" aria-label={t('actions.proposeTitle')} onSubmit={submit} noValidate>
      <h3>{t('actions.proposeTitle')}</h3>
      <div className={`field${error ? ' has-error' : ''}`}>
        <label className="field__label" htmlFor={id}>
          {t('actions.narrative')}
        </label>
        <textarea
          id={id}
          className="field__input"
          rows={6}
          maxLength={4000}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          {...form.register('narrative')}
        />
        <p id={`${id}-hint`} className="field__hint">
          {t('actions.narrativeHint')}
        </p>
        {error && (
          <p id={`${id}-error`} className="field__error">
            {t('actions.narrativeError', { min: AML_NARRATIVE_MIN_LENGTH })}
          </p>
        )}
      </div>
      <FormError message={propose.errorMessage} />
      <div className="actions">
        <Button type="submit" loading={propose.isPending}>
          {t('actions.propose')}
        </Button>
      </div>
    </form>
  );
}

type ReasonMutation = {
  mutateAsync: (input: { id: string; reason: string }) => Promise<unknown>;
  isPending: boolean;
  errorMessage: string | null;
};

/** A step that only needs a reason (dismiss, send back to review). */
function ReasonForm({
  title,
  submit: submitText,
  hint,
  mutation,
  caseId,
}: {
  title: string;
  submit: string;
  hint: string;
  mutation: ReasonMutation;
  caseId: string;
}) {
  const { t } = useTranslation('aml');
  const form = useForm<z.input<typeof amlReasonBodySchema>, unknown, z.output<typeof amlReasonBodySchema>>({
    resolver: zodResolver(amlReasonBodySchema),
    defaultValues: { reason: '' },
  });
  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await mutation.mutateAsync({ id: caseId, reason });
      form.reset({ reason: '' });
    } catch {
      // Shown under the form (errorMessage).
    }
  });
  return (
    <form className="aml-form" aria-label={title} onSubmit={submit} noValidate>
      <h3>{title}</h3>
      <ReasonField
        label={t('actions.reason')}
        hint={hint}
        required
        error={form.formState.errors.reason ? t('actions.reasonError') : undefined}
        registration={form.register('reason')}
        maxLength={500}
      />
      <FormError message={mutation.errorMessage} />
      <div className="actions">
        <Button type="submit" variant="secondary" loading={mutation.isPending}>
          {submitText}
        </Button>
      </div>
    </form>
  );
}
