import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@wps/ui/states';
import type { OpsBankListItem } from '@wps/shared/schemas/banks';
import { errorText } from '../../../lib/error-text';
import { useBanks } from '../api/banks';
import { BankFormDialog } from './bank-form-dialog';
import { BankToggleDialog } from './bank-toggle-dialog';
import { BanksTable } from './banks-table';

/** What the operator opened: a bank's form (null bank: a new one) or its enable/disable. */
type Editing = { kind: 'form'; bank: OpsBankListItem | null } | { kind: 'toggle'; bank: OpsBankListItem };

/**
 * The banks players bind a withdrawal account at (payments.read): the list in the players' order
 * and, for payments.write, adding a bank, renaming or moving one, and enabling or disabling it,
 * each with a reason. A bank is never deleted: accounts stay bound to it.
 */
export function BanksSection({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('payments');
  const { t: tc } = useTranslation();
  const banks = useBanks();
  const [editing, setEditing] = useState<Editing | null>(null);

  return (
    <section className="payments-section" aria-labelledby="payments-banks-title">
      <div className="payments-section__header">
        <h2 id="payments-banks-title">{t('banks.title')}</h2>
        {canWrite && <Button onClick={() => setEditing({ kind: 'form', bank: null })}>{t('banks.new')}</Button>}
      </div>
      <p>{t('banks.intro')}</p>
      {banks.isPending ? (
        <LoadingState label={t('loading')} />
      ) : banks.isError ? (
        <ErrorState
          message={errorText(tc, banks.error)}
          action={
            <Button variant="secondary" size="sm" onClick={() => void banks.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      ) : banks.data.length === 0 ? (
        <EmptyState title={t('banks.empty')} />
      ) : (
        <BanksTable
          banks={banks.data}
          canWrite={canWrite}
          onEdit={(bank) => setEditing({ kind: 'form', bank })}
          onToggle={(bank) => setEditing({ kind: 'toggle', bank })}
        />
      )}

      {editing?.kind === 'form' && (
        <BankFormDialog
          key={editing.bank?.code ?? 'new'}
          bank={editing.bank}
          takenCodes={banks.data?.map((b) => b.code) ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'toggle' && (
        <BankToggleDialog
          key={`${editing.bank.code}:${String(editing.bank.enabled)}`}
          bank={editing.bank}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
