import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { ConfirmDialog, type PlannedChange } from '../../../components/confirm-dialog';
import { errorText } from '../../../lib/error-text';
import { useCan } from '../../../lib/permissions';
import { useMemberLabels } from '../api/member-labels';
import { usePlayerLabels, useSetPlayerLabels } from '../api/player-labels';
import './loyalty.css';

/**
 * A player's member labels on the player page (loyalty.read): the operator's labels as checkboxes,
 * the player's ticked; an operator with loyalty.write changes them with a reason (audited). The
 * player sees them in the security centre.
 */
export function PlayerLabelsPanel({ memberId }: { memberId: string }) {
  const { t } = useTranslation('loyalty');
  const id = useId();
  const canWrite = useCan('loyalty.write');
  const labels = useMemberLabels();
  const assigned = usePlayerLabels(memberId);
  const save = useSetPlayerLabels(memberId, t('playerLabels.saved'));
  // The operator's edits; null while the boxes show what is saved.
  const [edited, setEdited] = useState<string[] | null>(null);
  const [confirming, setConfirming] = useState(false);

  if (labels.isPending || assigned.isPending) return <LoadingState label={t('playerLabels.loading')} />;
  if (labels.isError || assigned.isError) return <ErrorState message={errorText(t, labels.error ?? assigned.error)} />;

  const nameOf = (labelId: string) => labels.data.list.find((l) => l.id === labelId)?.labelName ?? labelId;
  const before = assigned.data.labelIds;
  const chosen = edited ?? before;
  const changed = chosen.length !== before.length || chosen.some((l) => !before.includes(l));
  const list = (ids: string[]) => (ids.length ? ids.map(nameOf).join(', ') : t('playerLabels.none'));
  const changes: PlannedChange[] = [{ label: t('playerLabels.title'), before: list(before), after: list(chosen) }];

  return (
    <section className="loyalty-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('playerLabels.title')}</h2>
      {labels.data.list.length === 0 ? (
        <p>{t('playerLabels.noneDefined')}</p>
      ) : (
        <fieldset className="loyalty-player-labels" disabled={!canWrite}>
          <legend className="visually-hidden">{t('playerLabels.title')}</legend>
          {labels.data.list.map((label) => (
            <label key={label.id} className="loyalty-label" style={{ borderColor: label.color }}>
              <input
                type="checkbox"
                checked={chosen.includes(label.id)}
                onChange={(event) =>
                  setEdited(event.target.checked ? [...chosen, label.id] : chosen.filter((l) => l !== label.id))
                }
              />
              <span>{label.labelName}</span>
            </label>
          ))}
        </fieldset>
      )}
      {canWrite && labels.data.list.length > 0 && (
        <div className="actions">
          <Button disabled={!changed} onClick={() => setConfirming(true)}>
            {t('playerLabels.save')}
          </Button>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          open
          onClose={() => setConfirming(false)}
          title={t('playerLabels.confirmTitle')}
          changes={changes}
          confirmLabel={t('playerLabels.save')}
          onConfirm={async (reason) => {
            await save.mutateAsync({ memberId, labelIds: chosen, reason });
            setEdited(null);
          }}
          isPending={save.isPending}
          errorMessage={save.errorMessage}
        />
      )}
    </section>
  );
}
