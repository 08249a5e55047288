// Plain constants (no schema library): the web app's first script imports them.

/**
 * The site's paths that show the home page and its banners (w_home), lower case without a trailing
 * slash: the web app's banner strip and the server's first screen in index.html read the same list.
 */
export const HOME_PAGE_PATHS = ['/', '/index', '/index.html', '/home', '/login'] as const;

/** Whether a page path (any case, trailing slashes ignored) shows the home page. */
export function isHomePagePath(pathname: string): boolean {
  const path = (pathname.replace(/\/+$/, '') || '/').toLowerCase();
  return (HOME_PAGE_PATHS as readonly string[]).includes(path);
}
