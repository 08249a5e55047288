/** The home's first banner as the server wrote it into index.html's first screen. */
export type ServedBanner = { src: string; alt: string; width: number; height: number };

let served: ServedBanner | null = null;

/**
 * Read the banner of the served first screen (apps/server/src/http/index-page.ts), once, before the
 * app's first render replaces it: the frame draws the same picture in its place until the banner
 * strip has its data and code, so the banner neither blinks out nor pushes the page down.
 */
export function keepServedBanner(): void {
  const image = document.querySelector<HTMLImageElement>('.first-screen__banner img');
  const src = image?.getAttribute('src');
  if (!image || !src) return;
  served = { src, alt: image.alt, width: image.width, height: image.height };
}

/** The served first banner, or null (not the home page, no banner, or a page without the shell). */
export function getServedBanner(): ServedBanner | null {
  return served;
}
