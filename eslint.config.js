import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // DESIGN.md rule 8: rich text is rendered as React elements, never as raw HTML.
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Render from data as React elements; raw HTML is not allowed (DESIGN.md rule 8).',
        },
        {
          selector: "Property[key.name='dangerouslySetInnerHTML']",
          message: 'Render from data as React elements; raw HTML is not allowed (DESIGN.md rule 8).',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          // The barrel import makes builds several times slower; icons are imported by path.
          paths: [{ name: '@mui/icons-material', message: 'Import icons by path, e.g. @mui/icons-material/Menu.' }],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', '**/web/**'], message: 'shared/ imports nothing from server/ or web/.' }] },
      ],
    },
  },
);
