import { useEffect, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { parseTypedAmount } from '@wps/shared/schemas/typed-amount';
import { opsReasonSchema } from '@wps/shared/schemas/ops-list';
import { PROMO_REWARD_KINDS, raffleCreateBodySchema } from '@wps/shared/schemas/promo';
import { ReasonField } from '../../../components/reason-field';
import { errorText } from '../../../lib/error-text';
import { localeTag } from '../../../lib/i18n';
import { licenceRefusalOf, licenceRefusalText } from '../../../lib/licence-refusal';
import { SITE_MONEY, useFormatMoney } from '../../../lib/money';
import { useTimeZone } from '../../../lib/time-zone';
import { localToIso } from '../../../lib/zoned-datetime';
import { useCreateRaffle } from '../api/create-raffle';
import { usePromotionOptions } from '../../../lib/api/promotion-options';
import { useRaffles, type OpsRaffle } from '../api/raffles';
import { RaffleActions } from './raffle-actions';
import { PromotionSelect } from './promotion-select';
import { promotionTitleOf } from '../../../lib/promotion-title';
import './promo.css';

const createSchema = z.object({
  promotionId: z.string().regex(/^\d+$/),
  title: z.string().trim().min(1).max(120),
  drawAt: z.string().min(1),
  prizes: z.array(z.object({ rewardKind: z.enum(PROMO_REWARD_KINDS), amount: z.string().min(1) })).min(1),
  reason: opsReasonSchema,
});
type CreateValues = z.infer<typeof createSchema>;

/** A prize as typed: cash and bonus in the currency as the operator's language writes it ("1.500,00"), points whole. */
function prizeMinor(kind: CreateValues['prizes'][number]['rewardKind'], text: string, locale: string): string | null {
  if (kind === 'points') return /^\d+$/.test(text.trim()) ? text.trim() : null;
  const minor = parseTypedAmount(text, SITE_MONEY.scale, locale);
  return minor === null || minor <= 0n ? null : String(minor);
}

/** One raffle: the commitment always, the tickets, and once drawn the winners and the revealed seed. */
function RaffleCard({ raffle, promotionTitle }: { raffle: OpsRaffle; promotionTitle: string }) {
  const { t, i18n } = useTranslation('promo');
  const formatMoney = useFormatMoney();
  const dates = new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'short' });
  const prize = (p: OpsRaffle['prizes'][number]) =>
    p.rewardKind === 'points'
      ? t('settings.points', { count: Number(p.amount) })
      : `${t(`rewardKinds.${p.rewardKind}`)} ${formatMoney(p.amount)}`;
  return (
    <article className="promo-raffle" aria-labelledby={`raffle-${raffle.id}`}>
      <h3 id={`raffle-${raffle.id}`}>
        {raffle.title} <span className="promo-muted">#{raffle.id}</span>
      </h3>
      <dl className="promo-facts promo-facts--two">
        <div>
          <dt>{t('columns.promotion')}</dt>
          <dd>{promotionTitle}</dd>
        </div>
        <div>
          <dt>{t('raffles.drawAt')}</dt>
          <dd>{dates.format(new Date(raffle.drawAt))}</dd>
        </div>
        <div>
          <dt>{t('raffles.status')}</dt>
          <dd>{t(`raffles.statuses.${raffle.status}`)}</dd>
        </div>
        <div>
          <dt>{t('raffles.tickets')}</dt>
          <dd>{raffle.ticketCount}</dd>
        </div>
        <div className="promo-facts__wide">
          <dt>{t('raffles.commitment')}</dt>
          <dd className="promo-hash">{raffle.serverSeedHash}</dd>
        </div>
        {raffle.serverSeed && (
          <div className="promo-facts__wide">
            <dt>{t('raffles.seed')}</dt>
            <dd className="promo-hash">{raffle.serverSeed}</dd>
          </div>
        )}
      </dl>
      <ol className="promo-prizes">
        {raffle.prizes.map((p) => {
          const winner = raffle.winners.find((w) => w.rank === p.rank);
          return (
            <li key={p.rank}>
              {prize(p)}
              {winner && <strong> — {t('raffles.winner', { ticket: winner.ticket, account: winner.account })}</strong>}
            </li>
          );
        })}
      </ol>
      {raffle.status === 'awaiting_approval' && <p className="promo-muted">{t('raffles.awaitingNote')}</p>}
      {raffle.status === 'open' && <RaffleActions raffle={raffle} />}
    </article>
  );
}

/**
 * Raffles (promotions.write): create one for a promotion with its prizes and draw time (its
 * commitment, the SHA-256 of a new secret seed, is published at once), give players tickets, draw
 * it (once; the periodic job draws it at its time otherwise) and see the winners and the seed.
 */
export function RafflesPage() {
  const { t, i18n } = useTranslation('promo');
  const { t: tc } = useTranslation();
  const raffles = useRaffles();
  const promotions = usePromotionOptions();
  const timeZone = useTimeZone();
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateRaffle((raffle) => t('raffles.created', { id: raffle.id }));
  const form = useForm<CreateValues>({
    resolver: zodResolver(createSchema),
    defaultValues: { promotionId: '', title: '', drawAt: '', prizes: [{ rewardKind: 'cash', amount: '' }], reason: '' },
  });
  const prizes = useFieldArray({ control: form.control, name: 'prizes' });

  useEffect(() => {
    document.title = t('raffles.documentTitle');
  }, [t]);

  const submit = form.handleSubmit(async (values) => {
    const body = raffleCreateBodySchema.safeParse({
      promotionId: values.promotionId,
      title: values.title,
      drawAt: localToIso(values.drawAt, timeZone),
      prizes: values.prizes.map((p) => ({
        rewardKind: p.rewardKind,
        amount: prizeMinor(p.rewardKind, p.amount, localeTag(i18n.language)),
      })),
      reason: values.reason,
    });
    if (!body.success) {
      setProblem(t('raffles.invalid'));
      return;
    }
    setProblem(null);
    try {
      await create.mutateAsync(body.data);
      form.reset();
    } catch {
      // Shown under the form (errorMessage).
    }
  });
  const errors = form.formState.errors;
  // The licence's refusal names the prize it concerns (bonus money under BR): shown under its kind.
  const refusal = licenceRefusalOf(create.error);
  const refusedAt = (field: string) => (refusal?.field === field ? licenceRefusalText(t, refusal) : undefined);
  return (
    <section className="page" aria-labelledby="raffles-title">
      <div className="page-header">
        <h1 id="raffles-title">{t('raffles.title')}</h1>
      </div>
      <p>{t('raffles.intro')}</p>
      <form className="promo-form promo-form--grid" onSubmit={submit} noValidate aria-labelledby="raffle-create-title">
        <h2 id="raffle-create-title">{t('raffles.createTitle')}</h2>
        <PromotionSelect
          id="raffle-promotion"
          field={form.register('promotionId')}
          promotions={promotions.data}
          invalid={Boolean(errors.promotionId)}
        />
        <div className={`field${errors.title ? ' has-error' : ''}`}>
          <label className="field__label" htmlFor="raffle-title">
            {t('raffles.name')}
          </label>
          <input id="raffle-title" className="field__input" maxLength={120} {...form.register('title')} />
        </div>
        <div className={`field${errors.drawAt ? ' has-error' : ''}`}>
          <label className="field__label" htmlFor="raffle-draw-at">
            {t('raffles.drawAtZone', { timeZone })}
          </label>
          <input id="raffle-draw-at" type="datetime-local" className="field__input" {...form.register('drawAt')} />
        </div>
        <fieldset className="promo-form__wide promo-prize-fields">
          <legend>{t('raffles.prizes')}</legend>
          {prizes.fields.map((field, index) => (
            <div key={field.id} className="promo-prize-row">
              <div className={`field${refusedAt(`prizes.${index}.rewardKind`) ? ' has-error' : ''}`}>
                <label className="field__label" htmlFor={`raffle-prize-kind-${index}`}>
                  {t('raffles.prizeKind', { rank: index + 1 })}
                </label>
                <select
                  id={`raffle-prize-kind-${index}`}
                  className="field__input"
                  aria-invalid={refusedAt(`prizes.${index}.rewardKind`) ? true : undefined}
                  aria-describedby={
                    refusedAt(`prizes.${index}.rewardKind`) ? `raffle-prize-kind-${index}-error` : undefined
                  }
                  {...form.register(`prizes.${index}.rewardKind`)}
                >
                  {PROMO_REWARD_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {t(`rewardKinds.${k}`)}
                    </option>
                  ))}
                </select>
                {refusedAt(`prizes.${index}.rewardKind`) && (
                  <p id={`raffle-prize-kind-${index}-error`} className="field__error" role="alert">
                    {refusedAt(`prizes.${index}.rewardKind`)}
                  </p>
                )}
              </div>
              <div className="field">
                <label className="field__label" htmlFor={`raffle-prize-amount-${index}`}>
                  {t('raffles.prizeAmount', { rank: index + 1 })}
                </label>
                <input
                  id={`raffle-prize-amount-${index}`}
                  className="field__input"
                  inputMode="decimal"
                  {...form.register(`prizes.${index}.amount`)}
                />
              </div>
              {prizes.fields.length > 1 && (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => prizes.remove(index)}
                  aria-label={t('raffles.removePrize', { rank: index + 1 })}
                >
                  {t('raffles.remove')}
                </Button>
              )}
            </div>
          ))}
          <Button size="sm" variant="secondary" onClick={() => prizes.append({ rewardKind: 'cash', amount: '' })}>
            {t('raffles.addPrize')}
          </Button>
        </fieldset>
        <div className="promo-form__wide">
          <ReasonField
            label={t('settings.reasonLabel')}
            hint={t('raffles.reasonHint')}
            error={errors.reason ? t('review.reasonError') : undefined}
            registration={form.register('reason')}
            required
          />
        </div>
        <div className="promo-form__wide">
          <FormError message={problem ?? create.errorMessage} />
          <Button type="submit" loading={create.isPending}>
            {t('raffles.create')}
          </Button>
        </div>
      </form>
      <h2>{t('raffles.listTitle')}</h2>
      {raffles.isPending ? (
        <LoadingState label={t('raffles.loading')} />
      ) : raffles.isError ? (
        <ErrorState message={errorText(tc, raffles.error)} />
      ) : raffles.data.length === 0 ? (
        <p>{t('raffles.none')}</p>
      ) : (
        <div className="promo-raffles">
          {raffles.data.map((r) => (
            <RaffleCard
              key={r.id}
              raffle={r}
              promotionTitle={promotionTitleOf(promotions.data, r.promotionId, i18n.language)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
