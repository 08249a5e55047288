import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { GlobeIcon } from '../components/ui/icons';
import { changeLanguage, getLanguageCode } from '../lib/i18n';
import { getLocaleTag, isCompleteLanguage } from '../lib/language';

/**
 * The complete languages' names in their own language, written out: the first Intl.DisplayNames
 * loads the browser's locale data, which took about 40 ms of main thread on a phone when the side
 * menu mounted after the first paint. Any other code (a stored one) still asks Intl. EN reads
 * "English" (the bare language, as PT reads "português"), not Intl's "American English" of en-US.
 */
const NATIVE_NAMES: Record<string, string> = { PT: 'português', EN: 'English' };

/** The name of a language in its own language, e.g. "English", "português". */
function getNativeName(code: string): string {
  const known = NATIVE_NAMES[code];
  if (known) return known;
  // PT formats money as pt-BR, but in the list it must read apart from PT-BR.
  const tag = code === 'PT' ? 'pt' : getLocaleTag(code);
  try {
    return new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? code;
  } catch {
    return code;
  }
}

/**
 * The languages the menu offers: those of the operator's list the site is fully written in, each
 * once (PT-BR is PT's text under another code, so PT stands for both). An operator may list forty
 * languages, but the others would only show the English texts under a foreign name; a player who
 * wants one uses the browser's translation, as the note under the menu says. A language chosen
 * before (a stored code) stays listed while it is the current one, so the menu never lies about it.
 */
export function menuLanguages(listed: readonly string[], current: string): string[] {
  const codes: string[] = [];
  for (const code of listed) {
    const one = asListed(code);
    if (isCompleteLanguage(one) && !codes.includes(one)) codes.push(one);
  }
  if (!codes.includes(asListed(current))) codes.unshift(asListed(current));
  return codes;
}

/** A code as the menu lists it: PT-BR as PT. */
function asListed(code: string): string {
  const upper = code.toUpperCase();
  return upper === 'PT-BR' ? 'PT' : upper;
}

/** The side menu's language choice, with the note on where other languages come from. */
export function LanguageSelect({ listed }: { listed: readonly string[] | undefined }) {
  const { t } = useTranslation('common');
  const id = useId();
  const noteId = useId();
  const current = asListed(getLanguageCode());
  const languages = useMemo(() => menuLanguages(listed ?? ['PT', 'EN'], current), [listed, current]);
  return (
    <div className="side-menu__language side-menu__expanded-only">
      <label htmlFor={id} className="side-menu__label">
        <GlobeIcon />
        <span className="side-menu__text">{t('sideMenu.language')}</span>
      </label>
      <select
        id={id}
        className="side-menu__select"
        value={current}
        aria-describedby={noteId}
        onChange={(event) => void changeLanguage(event.target.value)}
      >
        {languages.map((code) => (
          <option key={code} value={code}>
            {code} · {getNativeName(code)}
            {isCompleteLanguage(code) ? '' : ` (${t('sideMenu.englishText')})`}
          </option>
        ))}
      </select>
      <p id={noteId} className="side-menu__note">
        {t('sideMenu.otherLanguages')}
      </p>
    </div>
  );
}
