import fs from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** house rule 5 (docs/architecture.md): a feature never imports another; what two share moves to shared/, lib/ or components/. */
function featureZones(root) {
  const features = fs.readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return features.map(({ name }) => ({
    target: `${root}/${name}`,
    from: root,
    except: [`./${name}`],
    message: "Features do not import each other: move what they share to src/shared, the side's lib/ or components/, or a server module.",
  }));
}

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  // Type-aware: promises nobody awaits or handles, async callbacks where void is expected, unsafe `any`.
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify plugins and handlers and Kysely's migration provider take async functions that
      // need not await anything; making them sync would change how those libraries call them.
      '@typescript-eslint/require-await': 'off',
      // A `default` branch is a deliberate catch-all (e.g. unknown block types render as paragraphs).
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      // house rule 8 (docs/architecture.md): rich text is rendered as React elements, never as raw HTML.
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Render from data as React elements; raw HTML is not allowed (house rule 8, docs/architecture.md).',
        },
        {
          selector: "Property[key.name='dangerouslySetInnerHTML']",
          message: 'Render from data as React elements; raw HTML is not allowed (house rule 8, docs/architecture.md).',
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
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones('./src/server/features'),
            ...featureZones('./src/web/features'),
            { target: './src/shared', from: ['./src/server', './src/web'], message: 'shared/ imports nothing from server/ or web/.' },
          ],
        },
      ],
      // Type-only imports vanish at run time but still tie modules together, so they count.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Plain JavaScript (scripts, this file) is outside tsconfig: no type information to use.
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Tests read raw HTTP answers (`response.json()` is `any`) and assert on them: that reading is
    // the test. The promise and switch rules still apply here.
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'src/server/testing/**'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
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
