import { describe, expect, it } from 'vitest';
import en from '../../locales/en/content.json';
import pt from '../../locales/pt/content.json';
import { GROUPS_OF } from './content-form';

// The content list and form show a group by its name, falling back to the bare code (an operator
// once read "PL" and "PU" with nothing to say what they were); every group a kind offers is named.
describe('content group names', () => {
  const groups = Object.values(GROUPS_OF).flatMap((list) => list ?? []);

  it.each([
    ['pt', pt.groupNames],
    ['en', en.groupNames],
  ] as const)('%s names every group of every kind', (_language, names) => {
    const missing = groups.filter((group) => !(names as Record<string, string>)[group]?.trim());
    expect(missing).toEqual([]);
  });
});
