import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PaytableCell } from './paytable-cells';

type Form = { multipliers: string[] };

/** The cells of one bet type (and variant, for a table by number of hits) under one heading. */
function groupCells(cells: PaytableCell[]): {
  key: string;
  betType: string;
  variant: string | null;
  byHits: boolean;
  items: { cell: PaytableCell; index: number }[];
}[] {
  const groups = new Map<
    string,
    {
      key: string;
      betType: string;
      variant: string | null;
      byHits: boolean;
      items: { cell: PaytableCell; index: number }[];
    }
  >();
  cells.forEach((cell, index) => {
    const byHits = cell.hits !== null;
    const key = byHits ? `${cell.betType}|${cell.variant}` : cell.betType;
    const group = groups.get(key) ?? {
      key,
      betType: cell.betType,
      variant: byHits ? cell.variant : null,
      byHits,
      items: [],
    };
    group.items.push({ cell, index });
    groups.set(key, group);
  });
  return [...groups.values()];
}

/**
 * The paytable as multipliers of the stake (9,8 = the stake back 9.8 times), one field per bet
 * type, per variant, or per variant and number of hits (keno). The bet types and their variants
 * are the family's and cannot be added or removed here; the server checks the whole table and
 * recomputes the house edges on save.
 */
export function PaytableEditor<T extends Form>({
  cells,
  register,
  errors,
}: {
  cells: PaytableCell[];
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  const { t } = useTranslation('lottery');
  // A bet type by its name (the code when the table lacks it).
  const betTypeName = (code: string) => t(`betTypes.${code}`, { defaultValue: code });
  const reg = register as unknown as UseFormRegister<Form>;
  const fieldErrors = (errors as FieldErrors<Form>).multipliers;
  return (
    <fieldset className="lottery-form__group lottery-paytable" data-testid="paytable-editor">
      <legend>{t('games.fields.paytable')}</legend>
      <p className="field__hint">{t('games.paytableHint')}</p>
      {groupCells(cells).map((group) => (
        <div key={group.key} className="lottery-paytable__rule">
          <h4>
            {group.byHits
              ? t('games.paytableSpots', { betType: betTypeName(group.betType), spots: group.variant })
              : betTypeName(group.betType)}
          </h4>
          <div className="lottery-paytable__cells">
            {group.items.map(({ cell, index }) => {
              const label =
                cell.hits !== null
                  ? t('games.paytableHits', { count: cell.hits })
                  : cell.variant !== null
                    ? cell.variant
                    : t('games.paytableWin');
              const name = `${group.byHits ? t('games.paytableSpots', { betType: betTypeName(cell.betType), spots: cell.variant }) : betTypeName(cell.betType)} · ${label}`;
              const invalid = Boolean(fieldErrors?.[index]);
              return (
                <label key={index} className={`lottery-paytable__cell${invalid ? ' has-error' : ''}`}>
                  <span>{label}</span>
                  <input
                    className="field__input"
                    inputMode="decimal"
                    autoComplete="off"
                    aria-label={t('games.paytableCell', { name })}
                    aria-invalid={invalid || undefined}
                    {...reg(`multipliers.${index}`)}
                  />
                </label>
              );
            })}
          </div>
        </div>
      ))}
      {fieldErrors ? (
        <p className="field__error" role="alert">
          {t('games.problems.paytable')}
        </p>
      ) : null}
    </fieldset>
  );
}
