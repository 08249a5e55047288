import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';

/** The two React apps; each has app/ (composition), features/, components/ and lib/ under src/. */
const WEB_APPS = ['apps/web', 'apps/backoffice'];
const WEB_FILES = WEB_APPS.map((app) => `${app}/src/**/*.{ts,tsx}`);

/**
 * Code flows one way: shared (components, lib, locales, styles, packages/shared) → features → app.
 * A feature never imports another feature or the app; what two features need goes to lib/ or
 * components/, and what puts features together lives in app/.
 */
const boundaryElements = WEB_APPS.flatMap((app) => [
  { type: 'app', pattern: `${app}/src/app` },
  { type: 'feature', pattern: `${app}/src/features/*`, capture: ['feature'] },
  { type: 'shared', pattern: `${app}/src/(components|lib|locales|styles|assets)` },
]);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: WEB_FILES,
    plugins: { 'react-hooks': reactHooks, boundaries },
    settings: {
      'boundaries/elements': boundaryElements,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json', '.css'] } },
    },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'feature' } },
              disallow: { to: { element: { types: { anyOf: ['feature', 'app'] } } } },
              message:
                'A feature imports only components/, lib/, packages/shared and its own files: move what both need to lib/ or components/, or compose the two in app/.',
            },
            {
              from: { element: { type: 'shared' } },
              disallow: { to: { element: { types: { anyOf: ['feature', 'app'] } } } },
              message: 'components/ and lib/ are shared by every feature, so they import no feature and not the app.',
            },
          ],
        },
      ],
    },
  },
  {
    // The UI pieces both apps share: the same React rules, no app boundaries (the package imports no app).
    files: ['packages/ui/src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.flat.recommended.rules,
  },
  {
    files: [...WEB_APPS.map((app) => `${app}/src/**/*.tsx`), 'packages/ui/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A labelled region that scrolls sideways (a wide table on a phone) must take focus so
      // keyboard users can scroll it (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
);
