import { readdirSync } from 'node:fs';
import eslint from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

// Services share only libs/*: no service imports another's code.
const serviceBorder = {
  group: ['**/services/*/src/**', '@hunted/identity', '@hunted/brands', '@hunted/reviews', '@hunted/hunters', '@hunted/bookings', '@hunted/messaging'],
  message: 'Services share only libs/*: use an event or an internal HTTP call.',
};

// BullMQ is the platform's alone: everything else (services, gateway, web, scripts) goes through its jobs module.
const bullmqOutsidePlatform = {
  group: ['bullmq', 'bullmq/*'],
  message: "Jobs go through @hunted/platform's JobsModule (defineJob, JobQueue): start without Redis, bounded shutdown, sweeps.",
};

// web/src's features, each a folder; the borders between them are drawn per feature (bulletproof-react's way).
const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Hunters' features (docs/decisions/0087-hunters-floor-plan.md): every folder of services/hunters/src but the ground
// floor (store/), the top (demo/, which seeds through the features' owners, and your-data/, which exports and erases
// a member's records through them) and the migrations.
const hunterFeatures = readdirSync(new URL('./services/hunters/src', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !['store', 'demo', 'your-data', 'database'].includes(entry.name))
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', '**/*.d.ts'] },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { patterns: [serviceBorder, bullmqOutsidePlatform] }],
    },
  },
  {
    files: ['libs/platform/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serviceBorder] }] },
  },
  {
    // A later rule replaces the earlier one's options, so the border is repeated here.
    files: ['services/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serviceBorder,
            bullmqOutsidePlatform,
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', 'scripts/**', 'bench/**'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', URL: 'readonly', URLSearchParams: 'readonly', fetch: 'readonly', Buffer: 'readonly', AbortSignal: 'readonly' } },
  },
  // Typed linting everywhere: a promise nobody awaits or handles, or one passed where a plain value or a void
  // callback is expected (an async onClick, an async function in an if), loses its errors. The project service
  // types each file with the nearest tsconfig.json that includes it; the root tsconfig.json covers the rest.
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  // Everything outside the web app — the services, libs, gateway and infra with their specs and tests, e2e, scripts,
  // bench — is typed through one program, the root tsconfig.json, rather than a program per package: each package's
  // program held the libs again, and the tests' program held the packages again, so the same code was type-checked
  // up to ten times (lint took 7 minutes on this 2-core machine; see docs/running.md, "Tests and CI"). The web app,
  // with its own compiler options (DOM, JSX, bundler resolution), keeps the project service and web/tsconfig.json.
  {
    files: ['**/*.{ts,mts,cts,js,mjs,cjs}'],
    ignores: ['web/src/**', 'web/vite.config.ts', 'web/vitest.config.ts'],
    languageOptions: { parserOptions: { projectService: false, project: './tsconfig.json' } },
  },
  // kebab-case file and folder names (`create-booking.dto.ts`: the middle parts are not names of their own).
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    // Migrations are named `<timestamp>-<kebab-name>` by TypeORM's generator.
    ignores: ['**/database/migrations/*'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  // Web: a feature imports no other feature and nothing from app/; the shared folders import neither. Features
  // meet only in app/ (the routes compose them), as in bulletproof-react.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          alias: { '@': [new URL('./web/src', import.meta.url).pathname] },
          extensions: ['.ts', '.tsx', '.js', '.json'],
          conditionNames: ['source', 'import', 'default'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message: 'A feature does not import another feature: compose them in app/ (a route) instead.',
            })),
            {
              target: './web/src/features',
              from: './web/src/app',
              message: 'A feature does not import app/: app/ imports features, never the other way round.',
            },
            {
              target: ['./web/src/components', './web/src/config', './web/src/lib'],
              from: ['./web/src/features', './web/src/app'],
              message: 'Shared code does not import features or app/.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call request() or getPage() from @/lib/api-client: the one place the SPA calls fetch.' },
      ],
    },
  },
  {
    files: ['web/src/lib/api-client.ts'],
    rules: { 'no-restricted-globals': 'off' },
  },
  // Bookings' floors (docs/decisions/0083-bookings-floor-plan.md): store/ (the tables' owners and the pure rules) is
  // the ground floor and imports nothing else of the service; views/ (the pages' reads) stand on the store alone;
  // the features stand on both. Imports name `.js`, the sources are `.ts`.
  {
    files: ['services/bookings/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensionAlias: { '.js': ['.ts', '.js'] } })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './services/bookings/src/store',
              from: './services/bookings/src',
              except: ['./store'],
              message: 'The store is the ground floor: it imports no feature and no view (they import it).',
            },
            {
              target: './services/bookings/src/views',
              from: './services/bookings/src',
              except: ['./store', './views'],
              message: 'Views read on the store alone: they import no feature (features import them).',
            },
          ],
        },
      ],
    },
  },
  // Hunters' floors (docs/decisions/0087-hunters-floor-plan.md): store/ (the owners of the tables several features
  // stand on, photo storage and the profile's pure rules) is the ground floor and imports nothing else of the
  // service; each feature stands on the store alone, never on another feature; demo/ and your-data/ at the top may
  // import any.
  {
    files: ['services/hunters/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensionAlias: { '.js': ['.ts', '.js'] } })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './services/hunters/src/store',
              from: './services/hunters/src',
              except: ['./store'],
              message: 'The store is the ground floor: it imports no feature (they import it).',
            },
            ...hunterFeatures.map((feature) => ({
              target: `./services/hunters/src/${feature}`,
              from: './services/hunters/src',
              except: [`./${feature}`, './store'],
              message:
                'A feature stands on the store alone: move what two features share down into store/ rather than import another feature.',
            })),
          ],
        },
      ],
    },
  },
  // Messaging's floors (docs/decisions/0086-messaging-floor-plan.md): the ground floor is the copies (users/,
  // hunters/, bookings/), mail/ (the one email ledger, the send job, the templates' registry) and live/ (socket
  // delivery); it imports nothing of the service above it. The features (conversations/, booking-emails/,
  // edit-emails/, vetting-emails/, contact/) stand on it, each with its own event handlers in its own folder.
  {
    files: ['services/messaging/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensionAlias: { '.js': ['.ts', '.js'] } })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['users', 'hunters', 'bookings', 'mail', 'live'].map((floor) => `./services/messaging/src/${floor}`),
              from: './services/messaging/src',
              except: ['./users', './hunters', './bookings', './mail', './live', './config.ts'],
              message:
                'The ground floor (the copies, mail/ and live/) imports no feature: features import it, and a feature ' +
                'acting on an event has its own handler in its own folder.',
            },
          ],
        },
      ],
    },
  },
);
