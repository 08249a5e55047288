import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, type Language } from '../lib/i18n';
import { toggleTheme, useTheme } from '../lib/theme';

/** Language and theme switches, on every screen (signed in or not). */
export function Preferences() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  return (
    <div className="preferences">
      <label className="visually-hidden" htmlFor="language">
        {t('preferences.language')}
      </label>
      <select id="language" value={i18n.language} onChange={(e) => void changeLanguage(e.target.value as Language)}>
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng}>
            {t(`preferences.languages.${lng}`)}
          </option>
        ))}
      </select>
      <button type="button" className="button ghost" onClick={toggleTheme} aria-pressed={theme === 'light'}>
        {t('preferences.lightTheme')}
      </button>
    </div>
  );
}
