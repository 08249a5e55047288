import { useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useContentList } from '../api/content-list';
import { useLinkageGames } from '../api/linkage-games';
import { useLinkageVendors } from '../api/linkage-vendors';
import { itemTitle } from '../content-view';
import { SITE_PAGES } from '../site-pages';

type PickerProps = {
  /** The linkage's target as the form holds it now (kept as an option when the lists lack it). */
  value: string;
  field: UseFormRegisterReturn<'linkageTarget'>;
  error?: string;
};

const PROMOTIONS_QUERY = new URLSearchParams({ kind: 'promotion', pageSize: '100' });

/** One select of the picker, with the current value kept as an option when no choice matches it. */
function PickerSelect({
  label,
  value,
  choices,
  field,
  error,
  busy,
}: PickerProps & { label: string; choices: { value: string; label: string }[]; busy?: boolean }) {
  const { t } = useTranslation('content');
  const id = useId();
  const known = value === '' || choices.some((c) => c.value === value);
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        <span className="field__star" aria-hidden="true">
          *
        </span>
        {label}
      </label>
      <select id={id} className="field__input" aria-invalid={error ? true : undefined} aria-busy={busy} {...field}>
        <option value="">{busy ? t('linkagePicker.loading') : t('linkagePicker.choose')}</option>
        {!known && <option value={value}>{t('linkagePicker.current', { value })}</option>}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function PromotionPicker(props: PickerProps) {
  const { t } = useTranslation('content');
  const promotions = useContentList(PROMOTIONS_QUERY);
  const choices = (promotions.data?.list ?? []).map((p) => ({ value: p.id, label: `${itemTitle(p)} (#${p.id})` }));
  return <PickerSelect {...props} label={t('linkagePicker.promotion')} choices={choices} busy={promotions.isPending} />;
}

function GamePicker(props: PickerProps) {
  const { t } = useTranslation('content');
  const vendorId = useId();
  const [vassalage, setVassalage] = useState('');
  const vendors = useLinkageVendors(true);
  const games = useLinkageGames(vassalage);
  const choices = (games.data?.games ?? []).map((g) => ({ value: g.nodeId, label: g.name }));
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={vendorId}>
          {t('linkagePicker.vendor')}
        </label>
        <select id={vendorId} className="field__input" value={vassalage} onChange={(e) => setVassalage(e.target.value)}>
          <option value="">{t('linkagePicker.chooseVendor')}</option>
          {(vendors.data ?? []).map((v) => (
            <option key={v.vassalage} value={v.vassalage}>
              {v.name}
            </option>
          ))}
        </select>
      </div>
      <PickerSelect
        {...props}
        label={t('linkagePicker.game')}
        choices={choices}
        busy={vassalage !== '' && games.isPending}
      />
    </>
  );
}

function PagePicker(props: PickerProps) {
  const { t } = useTranslation('content');
  const choices = SITE_PAGES.map((p) => ({ value: p.path, label: `${t(`sitePages.${p.key}`)} (${p.path})` }));
  return <PickerSelect {...props} label={t('linkagePicker.page')} choices={choices} />;
}

/**
 * What a click opens, picked rather than typed: a promotion from the promotions, a game by its
 * vendor then its name, a page of the site from its routes. (A link, `url`, stays a text field.)
 */
export function LinkageTargetPicker({ type, ...props }: PickerProps & { type: 'promotion' | 'game' | 'page' }) {
  if (type === 'promotion') return <PromotionPicker {...props} />;
  if (type === 'game') return <GamePicker {...props} />;
  return <PagePicker {...props} />;
}
