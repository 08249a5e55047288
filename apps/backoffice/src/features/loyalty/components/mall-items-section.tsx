import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { Modal } from '@wps/ui/modal';
import {
  MALL_ITEM_KINDS,
  opsMallItemBodySchema,
  type OpsMallItem,
  type OpsMallItemBody,
} from '@wps/shared/schemas/points';
import { ImageUploadField } from '../../../components/image-upload-field';
import { localeTag } from '../../../lib/i18n';
import { SITE_MONEY } from '../../../lib/money';
import { useCan } from '../../../lib/permissions';
import { majorAsTyped, typedMajorText, useAmountLocale } from '../../../lib/typed-money';
import { useMallItems, useSaveMallItem } from '../api/mall-items';

/** The mall's items with their price, kind, stock and status; new and edited in a dialog. */
export function MallItemsSection() {
  const { t, i18n } = useTranslation('loyalty');
  const canWrite = useCan('loyalty.write');
  const items = useMallItems();
  const [editing, setEditing] = useState<OpsMallItem | 'new' | null>(null);
  const numbers = new Intl.NumberFormat(localeTag(i18n.language));
  return (
    <div className="loyalty-section">
      {canWrite && (
        <div>
          <Button onClick={() => setEditing('new')}>{t('items.add')}</Button>
        </div>
      )}
      {items.data && items.data.list.length === 0 && <p>{t('items.empty')}</p>}
      {items.data && items.data.list.length > 0 && (
        <table className="loyalty-table">
          <caption className="visually-hidden">{t('items.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('items.name')}</th>
              <th scope="col">{t('columns.kind')}</th>
              <th scope="col" className="num">
                {t('columns.points')}
              </th>
              <th scope="col" className="num">
                {t('items.stock')}
              </th>
              <th scope="col">{t('columns.status')}</th>
              {canWrite && <th scope="col">{t('columns.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {items.data.list.map((item) => (
              <tr key={item.id}>
                <th scope="row">{i18n.language.startsWith('en') ? item.nameEn : item.namePt}</th>
                <td>{t(`kinds.${item.kind}`)}</td>
                <td className="num">{numbers.format(Number(item.points))}</td>
                <td className="num">{item.stock === null ? t('items.unlimited') : numbers.format(item.stock)}</td>
                <td>
                  {t(`items.statuses.${item.status}`)}
                  {item.status === 'awaiting_approval' && (
                    <p className="loyalty-awaiting">
                      {[...item.ceilingReasons.map((r) => t(`items.ceilings.${r}`)), t('items.awaitingNote')].join(' ')}
                    </p>
                  )}
                </td>
                {canWrite && (
                  <td>
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={t('items.editFor', { name: item.namePt })}
                      onClick={() => setEditing(item)}
                    >
                      {t('items.edit')}
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editing && <MallItemDialog item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

function MallItemDialog({ item, onClose }: { item: OpsMallItem | null; onClose: () => void }) {
  const { t } = useTranslation('loyalty');
  const fileId = useId();
  const save = useSaveMallItem((saved) => t('items.saved', { name: saved.namePt }));
  const locale = useAmountLocale();
  const [image, setImage] = useState<string | undefined>(undefined);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<OpsMallItemBody>({
    // The cash of a cash or bonus item is read by the shared money parser in the operator's language.
    resolver: zodResolver(
      opsMallItemBodySchema.extend({ cashAmount: typedMajorText(SITE_MONEY.scale, locale).optional() }),
    ) as never,
    defaultValues: item
      ? {
          namePt: item.namePt,
          nameEn: item.nameEn,
          kind: item.kind,
          points: item.points,
          cashAmount: item.cashAmount === null ? undefined : majorAsTyped(item.cashAmount, SITE_MONEY.scale, locale),
          stock: item.stock,
          // A waiting item was asked to be offered: saving it asks again.
          status: item.status === 'archived' ? 'archived' : 'active',
          sortOrder: item.sortOrder,
        }
      : { namePt: '', nameEn: '', kind: 'physical', points: '', stock: null, status: 'active', sortOrder: 0 },
  });
  const kind = useWatch({ control, name: 'kind' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({
        id: item?.id ?? null,
        body: {
          ...values,
          ...(values.kind === 'cash' || values.kind === 'bonus' ? {} : { cashAmount: undefined }),
          ...(image ? { imageDataUrl: image } : {}),
        },
      });
      onClose();
    } catch {
      // The mutation holds the translated error.
    }
  });

  const field = (
    name: 'namePt' | 'nameEn' | 'points' | 'cashAmount',
    label: string,
    extra: Record<string, unknown> = {},
  ) => (
    <div className="field">
      <label className="field__label" htmlFor={`${fileId}-${name}`}>
        {label}
      </label>
      <input
        id={`${fileId}-${name}`}
        className="field__input"
        {...register(name)}
        {...extra}
        aria-invalid={errors[name] ? true : undefined}
      />
      {errors[name] && <p className="field__error">{t('items.invalid')}</p>}
    </div>
  );

  return (
    <Modal
      open
      onClose={onClose}
      title={item ? t('items.editTitle') : t('items.addTitle')}
      size="md"
      closable={!save.isPending}
    >
      <form className="loyalty-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {field('namePt', t('items.namePt'))}
        {field('nameEn', t('items.nameEn'))}
        <div className="field">
          <label className="field__label" htmlFor={`${fileId}-kind`}>
            {t('columns.kind')}
          </label>
          <select id={`${fileId}-kind`} className="field__input" {...register('kind')}>
            {MALL_ITEM_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        {field('points', t('columns.points'), { inputMode: 'numeric' })}
        {kind === 'cash' && field('cashAmount', t('items.cashAmount'), { inputMode: 'decimal' })}
        {kind === 'bonus' && field('cashAmount', t('items.bonusAmount'), { inputMode: 'decimal' })}
        <div className="field">
          <label className="field__label" htmlFor={`${fileId}-stock`}>
            {t('items.stockHint')}
          </label>
          <input
            id={`${fileId}-stock`}
            className="field__input"
            inputMode="numeric"
            {...register('stock', { setValueAs: (v: unknown) => (v === '' || v === null ? null : Number(v)) })}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${fileId}-status`}>
            {t('columns.status')}
          </label>
          <select id={`${fileId}-status`} className="field__input" {...register('status')}>
            <option value="active">{t('items.statuses.active')}</option>
            <option value="archived">{t('items.statuses.archived')}</option>
          </select>
        </div>
        <ImageUploadField label={t('items.picture')} onImage={setImage}>
          {image && <img className="loyalty-picture" src={image} alt={t('items.pictureAlt')} />}
        </ImageUploadField>
        <FormError message={save.errorMessage} />
        <div className="loyalty-form__actions">
          <Button type="button" variant="secondary" onClick={onClose} disabled={save.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
