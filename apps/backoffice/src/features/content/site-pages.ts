/**
 * The site's pages a content item may link to (a `page` linkage), with their label keys in
 * content.json (sitePages). The routes of apps/web that stand on their own (no id in the path).
 */
export const SITE_PAGES = [
  { path: '/', key: 'home' },
  { path: '/promotions', key: 'promotions' },
  { path: '/rng', key: 'rng' },
  { path: '/live', key: 'live' },
  { path: '/fish', key: 'fish' },
  { path: '/pvp', key: 'pvp' },
  { path: '/sports', key: 'sports' },
  { path: '/esports', key: 'esports' },
  { path: '/elott', key: 'elott' },
  { path: '/inhouse', key: 'inhouse' },
  { path: '/pointmall', key: 'pointmall' },
  { path: '/download', key: 'download' },
  { path: '/help', key: 'help' },
  { path: '/register', key: 'register' },
  { path: '/responsible-gaming', key: 'responsibleGaming' },
] as const;
