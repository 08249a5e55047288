import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { Modal } from '@wps/ui/modal';
import { TextField } from '@wps/ui/text-field';
import type { AgentTeam } from '@wps/shared/schemas/agents';
import { OPS_REASON_MIN_LENGTH, opsReasonSchema } from '@wps/shared/schemas/ops-list';
import { ReasonField } from '../../../components/reason-field';
import { fetchAgentSearch } from '../api/search-agents';
import { useMoveMember } from '../api/move-member';

type MoveForm = { upline: string; toTop: boolean; reason: string };

/**
 * Move a member with everyone under it: under another agent, named by its account, or to the top
 * of the tree. The server refuses an upline that is not an active agent or sits inside the team.
 */
export function MoveDialog({ team, onClose }: { team: AgentTeam; onClose: () => void }) {
  const { t } = useTranslation('agents');
  const { member } = team;
  const form = useForm<MoveForm>({ defaultValues: { upline: '', toTop: false, reason: '' } });
  const toTop = useWatch({ control: form.control, name: 'toTop' });
  const { errors } = form.formState;
  const [finding, setFinding] = useState(false);
  const move = useMoveMember((r) => t('move.done', { account: member.account, count: r.movedMembers }));

  const submit = form.handleSubmit(async ({ upline, toTop: top, reason }) => {
    if (!opsReasonSchema.safeParse(reason).success) {
      form.setError('reason', { message: t('reasonRequired', { count: OPS_REASON_MIN_LENGTH }) });
      return;
    }
    let uplineId: string | null = null;
    if (!top) {
      const account = upline.trim().toLowerCase();
      if (account === '') {
        form.setError('upline', { message: t('move.uplineRequired') });
        return;
      }
      setFinding(true);
      const found = await fetchAgentSearch(account, true).catch(() => null);
      setFinding(false);
      const agent = found?.list.find((m) => m.account.toLowerCase() === account);
      if (!agent) {
        form.setError('upline', { message: t('move.uplineUnknown') });
        return;
      }
      uplineId = agent.id;
    }
    try {
      await move.mutateAsync({ memberId: member.id, uplineId, reason });
    } catch {
      return; // The mutation holds the server's error; the dialog stays open to show it.
    }
    onClose();
  });

  return (
    <Modal
      open
      onClose={onClose}
      title={t('move.title', { account: member.account })}
      size="md"
      closable={!move.isPending}
    >
      <form className="agents-form" onSubmit={submit} noValidate>
        <p>{t('move.description', { account: member.account, count: team.teamSize })}</p>
        <p className="agents-muted">{t('move.from', { upline: team.uplines[0]?.account ?? t('audit.top') })}</p>
        <label className="agents-check">
          <input type="checkbox" {...form.register('toTop')} />
          {t('move.toTop')}
        </label>
        {!toTop && (
          <TextField
            label={t('move.upline')}
            hint={t('move.uplineHint')}
            autoComplete="off"
            error={errors.upline?.message}
            data-autofocus
            {...form.register('upline')}
          />
        )}
        <ReasonField
          label={t('reason')}
          hint={t('reasonHint')}
          required
          error={errors.reason?.message}
          registration={form.register('reason')}
        />
        <FormError message={move.errorMessage} />
        <div className="actions">
          <Button variant="ghost" onClick={onClose} disabled={move.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={move.isPending || finding}>
            {t('move.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
