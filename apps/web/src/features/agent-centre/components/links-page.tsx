import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CONTRACT_TYPES } from '@wps/shared/schemas/agents';
import type { AgentLink } from '@wps/shared/schemas/agent-centre';
import { Button } from '@wps/ui/button';
import { TextField } from '@wps/ui/text-field';
import { createFormResolver } from '../../../components/form/form-resolver';
import { ListStates } from '../../../components/ui/list-states';
import { toast } from '../../../components/ui/toast';
import { copyText } from '../../../lib/clipboard';
import { useFormats } from '../../../lib/format';
import { translateError } from '../../../lib/i18n';
import { useCreateLink } from '../api/create-link';
import { useDeleteLink } from '../api/delete-link';
import { useLinks } from '../api/get-links';
import { useUpdateLink } from '../api/update-link';
import { createLinkFormSchema, EMPTY_LINK_FORM, type LinkFormValues } from '../link-form';
import { LinkPosterDialog } from './link-poster-dialog';
import '../agent-centre.css';

/** The address a link's invitee opens: the registration page with the link's affiliate code. */
function linkAddress(code: string): string {
  return `${window.location.origin}/register?affiliateCode=${encodeURIComponent(code)}`;
}

function LinkCard({ link }: { link: AgentLink }) {
  const { t } = useTranslation('agent');
  const formats = useFormats();
  const update = useUpdateLink();
  const remove = useDeleteLink();
  const address = linkAddress(link.code);
  const terms = CONTRACT_TYPES.flatMap((c) =>
    link.terms[c]
      ? [`${t(`type.${c}`)} ${link.terms[c].map((tier) => formats.percent(tier.rateBp / 10_000)).join(' / ')}`]
      : [],
  );
  const [posterOpen, setPosterOpen] = useState(false);
  const onError = (error: unknown) => toast.error(translateError(error));

  async function onDelete() {
    try {
      await remove.mutateAsync(link.linkId);
    } catch (error) {
      onError(error);
      return;
    }
    // Awaited, not a mutate() callback: the refreshed list drops this card, and TanStack Query
    // drops a callback whose component is gone (see security-center mobile-bind-form.tsx).
    toast.success(t('links.deleted'));
  }

  return (
    <article className="ac-card" aria-label={link.code}>
      <h3 className="ac-card__title">
        {link.code} · {link.type === 'agent' ? t('downlines.agent') : t('downlines.member')}
      </h3>
      <p className="ac-link" data-testid="agent-link-address">
        {address}
      </p>
      <dl className="ac-terms__facts">
        <div>
          <dt>{t('links.status')}</dt>
          <dd>{link.enabled ? t('links.enabled') : t('links.disabled')}</dd>
        </div>
        <div>
          <dt>{t('links.registrations')}</dt>
          <dd>{formats.number(link.registrations, 0)}</dd>
        </div>
        <div>
          <dt>{t('links.createdAt')}</dt>
          <dd>{formats.dateTime(link.createdAt)}</dd>
        </div>
        {link.type === 'agent' && (
          <div>
            <dt>{t('links.terms')}</dt>
            <dd>{terms.length > 0 ? terms.join('; ') : t('links.noTerms')}</dd>
          </div>
        )}
      </dl>
      <div className="ac-actions">
        <Button
          size="sm"
          variant="secondary"
          onClick={async () => {
            // A refused clipboard (an insecure origin, an old browser) says so: the address is on screen to select.
            if (await copyText(address)) toast.success(t('links.copied'));
            else toast.error(t('links.copyFailed'));
          }}
        >
          {t('links.copy')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setPosterOpen(true)}>
          {t('links.poster')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          loading={update.isPending}
          onClick={() => update.mutate({ linkId: link.linkId, enabled: !link.enabled }, { onError })}
        >
          {link.enabled ? t('links.disable') : t('links.enable')}
        </Button>
        <Button size="sm" variant="danger" loading={remove.isPending} onClick={() => void onDelete()}>
          {t('links.delete')}
        </Button>
      </div>
      {posterOpen && <LinkPosterDialog code={link.code} address={address} onClose={() => setPosterOpen(false)} />}
    </article>
  );
}

/** A new link: member or agent, an agent link with a default rate per contract type (checked against the agent's own contracts by the server). */
function LinkForm() {
  const { t } = useTranslation('agent');
  const { locale } = useFormats();
  const create = useCreateLink();
  const [formError, setFormError] = useState<string | null>(null);
  const ids = useId();
  const resolver = createFormResolver(createLinkFormSchema(locale), ({ reason }) =>
    reason === 'rate' ? t('offer.errors.rate') : t('offer.errors.format', { scale: 2 }),
  );
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors },
  } = useForm<LinkFormValues, unknown, ReturnType<ReturnType<typeof createLinkFormSchema>['parse']>>({
    mode: 'onTouched',
    defaultValues: EMPTY_LINK_FORM,
    resolver,
  });
  const isAgent = useWatch({ control, name: 'type' }) === 'agent';
  return (
    <form
      className="ac-offer"
      noValidate
      aria-labelledby={`${ids}-title`}
      onSubmit={(event) =>
        void handleSubmit((body) => {
          setFormError(null);
          create.mutate(body, {
            onSuccess: () => {
              toast.success(t('links.created'));
              reset(EMPTY_LINK_FORM);
            },
            onError: (error) => setFormError(translateError(error)),
          });
        })(event)
      }
    >
      <h3 id={`${ids}-title`} className="ac-section__title">
        {t('links.new')}
      </h3>
      <fieldset className="ac-offer__tiers">
        <legend>{t('links.type')}</legend>
        <label className="ac-radio" htmlFor={`${ids}-member`}>
          <input id={`${ids}-member`} type="radio" value="member" {...register('type')} /> {t('downlines.member')}
        </label>
        <label className="ac-radio" htmlFor={`${ids}-agent`}>
          <input id={`${ids}-agent`} type="radio" value="agent" {...register('type')} /> {t('downlines.agent')}
        </label>
      </fieldset>
      {isAgent && (
        <fieldset className="ac-offer__tiers">
          <legend>{t('links.defaultRates')}</legend>
          <div className="ac-grid">
            {CONTRACT_TYPES.map((c) => (
              <TextField
                key={c}
                label={t('links.rateOf', { type: t(`type.${c}`) })}
                inputMode="decimal"
                autoComplete="off"
                maxLength={7}
                error={errors.rates?.[c]?.message}
                {...register(`rates.${c}`)}
              />
            ))}
          </div>
        </fieldset>
      )}
      {formError && (
        <p className="ac-note ac-note--error" role="alert">
          {formError}
        </p>
      )}
      <Button type="submit" loading={create.isPending}>
        {t('links.create')}
      </Button>
    </form>
  );
}

/** Link management: the agent's invitation links (address, type, default terms, registrations), enabled, disabled or deleted; a new one. */
export function LinksPage() {
  const { t } = useTranslation('agent');
  const links = useLinks();
  return (
    <section className="ac-page-body" data-testid="agent-links">
      <LinkForm />
      <ListStates
        isLoading={links.isPending}
        errorText={links.error ? translateError(links.error) : null}
        onRetry={() => void links.refetch()}
        value={links.data}
        isEmpty={(l) => l.list.length === 0}
        labels={{ loading: t('loading'), retry: t('retry'), empty: t('links.empty') }}
        rows={2}
      >
        {(l) => (
          <div className="ac-section">
            {l.list.map((link) => (
              <LinkCard key={link.linkId} link={link} />
            ))}
          </div>
        )}
      </ListStates>
    </section>
  );
}
