import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { raffleTicketGiftBodySchema } from '@wps/shared/schemas/promo';
import { opsReasonSchema } from '@wps/shared/schemas/ops-list';
import { useDrawRaffle } from '../api/draw-raffle';
import { useGiveRaffleTickets } from '../api/give-raffle-tickets';
import type { OpsRaffle } from '../api/raffles';

const giftSchema = z.object({
  account: raffleTicketGiftBodySchema.shape.account,
  tickets: z.coerce.number<string>().int().min(1).max(10_000),
  reason: opsReasonSchema,
});
type GiftInput = z.input<typeof giftSchema>;
type GiftValues = z.output<typeof giftSchema>;

/** An open raffle's actions: give a player tickets, and draw now. Each asks for a reason (audited). */
export function RaffleActions({ raffle }: { raffle: OpsRaffle }) {
  const { t } = useTranslation('promo');
  const give = useGiveRaffleTickets((input) => t('raffles.given', { tickets: input.tickets, account: input.account }));
  const draw = useDrawRaffle((r) => t('raffles.drawn', { id: r.id }));
  const gift = useForm<GiftInput, unknown, GiftValues>({
    resolver: zodResolver(giftSchema),
    defaultValues: { account: '', tickets: '1', reason: '' },
  });
  const drawForm = useForm<{ reason: string }>({
    resolver: zodResolver(z.object({ reason: opsReasonSchema })),
    defaultValues: { reason: '' },
  });
  const ids = {
    account: `raffle-${raffle.id}-account`,
    tickets: `raffle-${raffle.id}-tickets`,
    reason: `raffle-${raffle.id}-gift-reason`,
    drawReason: `raffle-${raffle.id}-draw-reason`,
  };
  const onGive = gift.handleSubmit(async (values) => {
    try {
      await give.mutateAsync({ id: raffle.id, ...values });
      gift.reset();
    } catch {
      // Shown under the form.
    }
  });
  const onDraw = drawForm.handleSubmit(async ({ reason }) => {
    try {
      await draw.mutateAsync({ id: raffle.id, reason });
    } catch {
      // Shown under the form.
    }
  });
  return (
    <div className="promo-raffle__actions">
      <form
        className="promo-inline-form"
        onSubmit={onGive}
        noValidate
        aria-label={t('raffles.giveTitle', { id: raffle.id })}
      >
        <div className="field">
          <label className="field__label" htmlFor={ids.account}>
            {t('raffles.account')}
          </label>
          <input
            id={ids.account}
            className="field__input"
            aria-invalid={gift.formState.errors.account ? true : undefined}
            {...gift.register('account')}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.tickets}>
            {t('raffles.ticketsToGive')}
          </label>
          <input
            id={ids.tickets}
            className="field__input"
            inputMode="numeric"
            aria-invalid={gift.formState.errors.tickets ? true : undefined}
            {...gift.register('tickets')}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.reason}>
            {t('settings.reasonLabel')}
          </label>
          <input
            id={ids.reason}
            className="field__input"
            aria-invalid={gift.formState.errors.reason ? true : undefined}
            {...gift.register('reason')}
          />
        </div>
        <Button type="submit" size="sm" variant="secondary" loading={give.isPending}>
          {t('raffles.give')}
        </Button>
        <FormError message={give.errorMessage} />
      </form>
      <form
        className="promo-inline-form"
        onSubmit={onDraw}
        noValidate
        aria-label={t('raffles.drawTitle', { id: raffle.id })}
      >
        <div className="field">
          <label className="field__label" htmlFor={ids.drawReason}>
            {t('raffles.drawReason')}
          </label>
          <input
            id={ids.drawReason}
            className="field__input"
            aria-invalid={drawForm.formState.errors.reason ? true : undefined}
            {...drawForm.register('reason')}
          />
        </div>
        <Button type="submit" size="sm" variant="danger" loading={draw.isPending}>
          {t('raffles.drawNow')}
        </Button>
        <FormError message={draw.errorMessage} />
      </form>
    </div>
  );
}
