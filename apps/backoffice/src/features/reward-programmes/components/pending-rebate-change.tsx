import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { GAME_CATEGORIES } from '@wps/shared/catalogue-constants';
import type { RebateSettingChange } from '@wps/shared/schemas/rebate';
import { ConfirmDialog, type PlannedChange } from '../../../components/confirm-dialog';
import { useMe } from '../../../lib/api/get-me';
import { localeTag } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { useDecideRebateChange } from '../api/rebate-settings';

/**
 * A change of the betting bonus that pays more, waiting for an operator other than the asker who
 * holds adjustments.approve: what it raises (before → after), who asked and why, and for such an
 * operator the approval (in force from then) or the rejection (nothing changes). Players see the
 * settings in force until then.
 */
export function PendingRebateChange({ change }: { change: RebateSettingChange }) {
  const { t, i18n } = useTranslation(['reward-programmes', 'games']);
  const me = useMe();
  const canDecide = useCan('adjustments.approve');
  const [deciding, setDeciding] = useState<'approve' | 'reject' | null>(null);
  const decide = useDecideRebateChange((decision) =>
    t(decision === 'approve' ? 'rebate.pending.approved' : 'rebate.pending.rejected'),
  );
  const own = me.data !== undefined && String(me.data.operatorId) === change.requestedBy;
  const percent = new Intl.NumberFormat(localeTag(i18n.language), {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const rate = (bp: number | undefined) => percent.format((bp ?? 0) / 10_000);
  const { raises, before } = change;
  const lines: PlannedChange[] = [
    ...(raises.enabled
      ? [{ label: t('rebate.enabled'), before: t('rebate.pending.off'), after: t('rebate.pending.on') }]
      : []),
    ...(raises.mode
      ? [{ label: t('rebate.mode'), before: t(`rebate.modes.${before.mode}`), after: t(`rebate.modes.${raises.mode}`) }]
      : []),
    ...(raises.period
      ? [
          {
            label: t('rebate.period'),
            before: t(`rebate.periods.${before.period}`),
            after: t(`rebate.periods.${raises.period}`),
          },
        ]
      : []),
    ...GAME_CATEGORIES.flatMap((c) =>
      raises.rates?.[c] === undefined
        ? []
        : [
            {
              label: t('rebate.pending.rateOf', { category: t(`games:categories.${c}`) }),
              before: rate(before.rates[c]),
              after: rate(raises.rates[c]),
            },
          ],
    ),
  ];
  const close = () => {
    setDeciding(null);
    decide.reset();
  };
  return (
    <section className="programme-pending" aria-labelledby="rebate-pending-title">
      <h3 id="rebate-pending-title">{t('rebate.pending.title')}</h3>
      <ul>
        {lines.map((line) => (
          <li key={String(line.label)}>
            {line.label}: {line.before} → {line.after}
          </li>
        ))}
      </ul>
      <p>{t('rebate.pending.askedBy', { id: change.requestedBy, reason: change.reason })}</p>
      {own ? (
        <p>{t('rebate.pending.own')}</p>
      ) : canDecide ? (
        <span className="programme-pending__actions">
          <Button size="sm" variant="money" onClick={() => setDeciding('approve')}>
            {t('rebate.pending.approve')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setDeciding('reject')}>
            {t('rebate.pending.reject')}
          </Button>
        </span>
      ) : (
        <p>{t('rebate.pending.othersDecide')}</p>
      )}
      {deciding && (
        <ConfirmDialog
          open
          onClose={close}
          title={t(deciding === 'approve' ? 'rebate.pending.approveTitle' : 'rebate.pending.rejectTitle')}
          description={t(deciding === 'approve' ? 'rebate.pending.approveEffect' : 'rebate.pending.rejectEffect')}
          changes={lines}
          confirmLabel={t(deciding === 'approve' ? 'rebate.pending.approve' : 'rebate.pending.reject')}
          danger={deciding === 'approve'}
          onConfirm={(reason) => decide.mutateAsync({ id: change.id, decision: deciding, reason }).then(close)}
          isPending={decide.isPending}
          errorMessage={decide.errorMessage}
        />
      )}
    </section>
  );
}
