import { useFormats } from './format';

/** Date and time in the player's language, e.g. 23/11/2026 08:05:12 (lib/format.ts); re-renders on language change. */
export function useFormatDateTime(): (iso: string) => string {
  return useFormats().dateTime;
}
