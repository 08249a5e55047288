import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractProcessBody, ContractType } from '@wps/shared/schemas/agents';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { useProcessContract } from '../api/process-contract';

type Action = Exclude<ContractProcessBody, { action: 'view' | 'offer' }>;

/** The downlines whose contracts an acceptance would end (the 409's value). */
export type CascadeAffected = { contractId: string; downline: string }[];

function readAffected(value: unknown): CascadeAffected {
  const affected = (value as { affected?: unknown } | undefined)?.affected;
  return Array.isArray(affected) ? (affected as CascadeAffected) : [];
}

/**
 * One action on a contract with its visible result: a toast for success, the error's text
 * otherwise. An acceptance whose lower terms would end downlines' contracts answers
 * AGENT_CONTRACT_CONFIRM_CASCADE naming them: it is kept as `pendingCascade` for the confirm
 * dialog, whose confirmation sends the acceptance again with `confirm: true`.
 */
export function useContractAction(type: ContractType) {
  const { t } = useTranslation('agent');
  const mutation = useProcessContract(type);
  const [pendingCascade, setPendingCascade] = useState<{ contractId: string; affected: CascadeAffected } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function perform(body: Action) {
    setBusy(`${body.action}:${body.contractId}`);
    try {
      await mutation.mutateAsync(body);
    } catch (error) {
      if (body.action === 'accept' && isApiError(error, 'AGENT_CONTRACT_CONFIRM_CASCADE')) {
        setPendingCascade({ contractId: body.contractId, affected: readAffected(error.value) });
        return;
      }
      toast.error(translateError(error));
      return;
    } finally {
      setBusy(null);
    }
    // Awaited, not a mutate() callback: a rejected offer or an agreed termination can end the
    // type, and the refreshed funds then take its page (and this section) out of the agent centre;
    // TanStack Query drops a callback whose component is gone (see security-center mobile-bind-form.tsx).
    setPendingCascade(null);
    toast.success(t(`done.${body.action}`));
  }

  function run(body: Action) {
    void perform(body);
  }

  return {
    run,
    /** Whether this action on this contract is in flight (its button shows the spinner). */
    isBusy: (action: Action['action'], contractId: string) => busy === `${action}:${contractId}`,
    isPending: mutation.isPending,
    pendingCascade,
    confirmCascade: () =>
      pendingCascade && run({ action: 'accept', contractId: pendingCascade.contractId, confirm: true }),
    cancelCascade: () => setPendingCascade(null),
  };
}
