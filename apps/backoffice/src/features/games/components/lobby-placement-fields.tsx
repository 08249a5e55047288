import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';

type LobbyPlacementFieldsProps = {
  /** `register('sortOrder' | 'sort', { valueAsNumber: true })`: the place in its list, lower first. */
  order: UseFormRegisterReturn;
  /** Whether the form refused the order (the shared schemas take 0 to 100000). */
  hasOrderError: boolean;
  /** `register('isHot')`. */
  hot: UseFormRegisterReturn;
};

/** Where a vendor or a game stands in the lobby: its order and the hot flag, as both settings dialogs ask. */
export function LobbyPlacementFields({ order, hasOrderError, hot }: LobbyPlacementFieldsProps) {
  const { t } = useTranslation('games');
  const id = useId();
  return (
    <>
      <div className={`field${hasOrderError ? ' has-error' : ''}`}>
        <label className="field__label" htmlFor={id}>
          {t('vendors.sortOrder')}
        </label>
        <input
          id={id}
          className="field__input"
          type="number"
          inputMode="numeric"
          min={0}
          aria-invalid={hasOrderError ? true : undefined}
          aria-describedby={hasOrderError ? `${id}-error` : undefined}
          {...order}
        />
        {hasOrderError && (
          <p id={`${id}-error`} className="field__error" role="alert">
            {t('settings.sortOrderInvalid')}
          </p>
        )}
      </div>
      <label className="catalogue-settings-form__check">
        <input type="checkbox" {...hot} />
        {t('settings.hot')}
      </label>
    </>
  );
}
