import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** A legal page, in a new tab. */
function LegalLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener" className="auth-link">
      {children}
    </a>
  );
}

/**
 * The sentence with its <terms>…</terms> and <privacy>…</privacy> words as links. Done here rather
 * than with Trans, whose parser would join the home page's first download.
 */
function linkLegalPages(text: string): ReactNode[] {
  return text.split(/(<(?:terms|privacy)>.*?<\/(?:terms|privacy)>)/).map((part, index) => {
    const match = /^<(terms|privacy)>(.*)<\/\1>$/.exec(part);
    return match ? (
      <LegalLink key={index} href={`/${match[1]}`}>
        {match[2]}
      </LegalLink>
    ) : (
      part
    );
  });
}

export type AgreeFieldProps = { minimumAge: number; error?: string; registration: UseFormRegisterReturn };

/** The player confirms the minimum age and accepts the Terms and Privacy Policy (both linked). */
export function AgreeField({ minimumAge, error, registration }: AgreeFieldProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  return (
    <div className="auth-agree">
      <label className="auth-check auth-check--top">
        <input
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...registration}
        />
        <span>
          {/* The legal pages open in a new tab, so the form keeps what was typed. */}
          {linkLegalPages(t('register.agree', { age: minimumAge }))}
        </span>
      </label>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
