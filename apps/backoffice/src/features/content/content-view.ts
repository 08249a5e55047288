import type { OpsContentItem } from '@wps/shared/schemas/content';
import type { ContentLanguage } from './content-form';

/** What a preview draws: each language's words and the picture with its size. */
export type PreviewContent = {
  translations: Record<ContentLanguage, { title: string; bodyHtml: string }>;
  image: { url: string; width: number; height: number } | null;
};

/** An item's name in the list and the dialogs: its Portuguese title (the back office's main language). */
export function itemTitle(item: OpsContentItem): string {
  return item.translations.PT?.title ?? item.translations.EN?.title ?? `#${item.id}`;
}

/** A stored item as a preview shows it. */
export function previewOf(item: OpsContentItem): PreviewContent {
  const words = (language: ContentLanguage) => item.translations[language] ?? { title: '', bodyHtml: '' };
  return {
    translations: { PT: words('PT'), EN: words('EN') },
    image: item.image && { url: item.image.url, width: item.image.width, height: item.image.height },
  };
}
