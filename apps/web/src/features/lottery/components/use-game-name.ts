import { useTranslation } from 'react-i18next';

/**
 * A game's name in the player's language: the demo's English names ("11 Choose 5") have their
 * words in the locale files (gameNames), keyed by the name itself, so a name an operator typed
 * shows as typed, and a renamed demo game shows its new name rather than the translation.
 */
export function useGameName(): (name: string) => string {
  const { t } = useTranslation('lottery');
  // A dot or a colon would split the key (i18next's separators): such a name shows as typed.
  return (name) => (/[.:]/.test(name) ? name : t(`gameNames.${name}`, { defaultValue: name }));
}
