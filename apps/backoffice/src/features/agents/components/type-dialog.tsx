import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { Modal } from '@wps/ui/modal';
import { ASSIGNABLE_TYPES } from '@wps/shared/schemas/agent-ops';
import type { AgentTreeMember } from '@wps/shared/schemas/agents';
import { OPS_REASON_MIN_LENGTH, opsReasonSchema } from '@wps/shared/schemas/ops-list';
import { ReasonField } from '../../../components/reason-field';
import { useSetAgentType } from '../api/set-agent-type';
import { useTypeLabel } from './agent-labels';

type TypeForm = { type: string; reason: string };

/** Give a member another account type: the four agent types or member (the server keeps the rules: no member with downlines, no trial account). */
export function TypeDialog({ member, onClose }: { member: AgentTreeMember; onClose: () => void }) {
  const { t } = useTranslation('agents');
  const typeLabel = useTypeLabel();
  const form = useForm<TypeForm>({ defaultValues: { type: String(member.type), reason: '' } });
  const { errors } = form.formState;
  const change = useSetAgentType((r) => t('type.done', { account: member.account, type: typeLabel(r.toType) }));

  const submit = form.handleSubmit(async ({ type, reason }) => {
    if (!opsReasonSchema.safeParse(reason).success) {
      form.setError('reason', { message: t('reasonRequired', { count: OPS_REASON_MIN_LENGTH }) });
      return;
    }
    try {
      await change.mutateAsync({ memberId: member.id, type: Number(type), reason });
    } catch {
      return; // The mutation holds the server's error; the dialog stays open to show it.
    }
    onClose();
  });

  return (
    <Modal
      open
      onClose={onClose}
      title={t('type.title', { account: member.account })}
      size="md"
      closable={!change.isPending}
    >
      <form className="agents-form" onSubmit={submit} noValidate>
        <p>{t('type.description')}</p>
        <label className="field">
          <span className="field__label">{t('type.newType')}</span>
          <select className="field__input" data-autofocus {...form.register('type')}>
            {ASSIGNABLE_TYPES.map((type) => (
              <option key={type} value={type}>
                {typeLabel(type)}
              </option>
            ))}
          </select>
        </label>
        <ReasonField
          label={t('reason')}
          hint={t('reasonHint')}
          required
          error={errors.reason?.message}
          registration={form.register('reason')}
        />
        <FormError message={change.errorMessage} />
        <div className="actions">
          <Button variant="ghost" onClick={onClose} disabled={change.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={change.isPending}>
            {t('type.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
