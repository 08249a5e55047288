// Apart from promotion-view.ts, which reads the promotion lists' constants from the shared
// schemas module: the banners and the home's promotion cards only need the path, and importing
// those constants would load the schema library (zod) on the home page.

/** The path of a promotion's own page (the product's /promoDetail, its id as a parameter). */
export function promotionDetailPath(id: string): string {
  return `/promoDetail?id=${encodeURIComponent(id)}`;
}
