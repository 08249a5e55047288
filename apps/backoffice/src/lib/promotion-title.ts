import type { OpsContentItem } from '@wps/shared/schemas/content';

/** A promotion's title in the interface language (else PT, else any), or its id when it is not in the list. */
export function promotionTitleOf(
  promotions: readonly OpsContentItem[] | undefined,
  id: string,
  language: string,
): string {
  const item = promotions?.find((p) => p.id === id);
  if (!item) return `#${id}`;
  const words =
    item.translations[language.toUpperCase()] ?? item.translations.PT ?? Object.values(item.translations)[0];
  return words ? `${words.title} (#${id})` : `#${id}`;
}
