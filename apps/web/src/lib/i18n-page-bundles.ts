import type { ResourceKey } from 'i18next';

/**
 * Every namespace's file outside the shell's (one download each, per language), by path. Its own
 * small module, loaded with the first of them (the error texts, right after the first render):
 * the table of some sixty loaders has no place in the first script.
 */
export const PAGE_BUNDLES = import.meta.glob<ResourceKey>(
  ['../locales/*/*.json', '!../locales/*/common.json', '!../locales/*/lobby.json'],
  { import: 'default' },
);
