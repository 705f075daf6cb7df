/**
 * The house rules of DESIGN §1 about who may import what, checked by `npm run lint:deps` (part of
 * `npm test`). Decision 008 explains them.
 */
const WEB = '^apps/web/src';
const SERVER = '^apps/server/src';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No import cycles anywhere, not even one closed only by a type import: the i18n areas and their index ' +
        '(apps/web/src/i18n/catalogue.ts) import one way, the index the areas.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-stands-alone',
      severity: 'error',
      comment: 'packages/contract is shared by every side and imports none of them.',
      from: { path: '^packages/contract' },
      to: { path: '^(apps|e2e|bench)/' },
    },
    // ------------------------------------------------------------------ web
    {
      name: 'web-lib-is-a-leaf',
      severity: 'error',
      comment: 'lib/ holds generic helpers: it imports nothing of the app (no ui, api, features, app).',
      from: { path: `${WEB}/lib/` },
      to: { path: `${WEB}/(ui|api|features|app)/` },
    },
    {
      name: 'web-ui-is-shared',
      severity: 'error',
      comment: 'ui/ holds shared primitives: it may use lib/, never api/, features/ or app/.',
      from: { path: `${WEB}/ui/` },
      to: { path: `${WEB}/(api|features|app)/` },
    },
    {
      name: 'web-api-below-features',
      severity: 'error',
      comment:
        'api/ is the shared infrastructure (the client, the QueryClient, the session, the route table and the first ' +
        "screens' schemas): it may use lib/, never ui/, features/ or app/. A feature's calls are its own (features/<name>/api.ts).",
      from: { path: `${WEB}/api/` },
      to: { path: `${WEB}/(ui|features|app)/` },
    },
    {
      name: 'web-i18n-reads-only-words',
      severity: 'error',
      comment:
        "i18n/ (the language, the first load's words, the catalogue's index) reads a feature's words and nothing else " +
        "of it: the catalogue's type and the Filipino chunk list every area's (features/<name>/i18n.{en,fil}.ts).",
      from: { path: `${WEB}/i18n/` },
      to: { path: `${WEB}/(ui|api|app|features)/`, pathNot: `${WEB}/features/[^/]+/[a-z-]*i18n\\.(en|fil)\\.ts$` },
    },
    {
      name: 'web-words-are-data',
      severity: 'error',
      comment:
        "An area's words (features/<name>/i18n.{en,fil}.ts) import nothing of i18n/ but the Texts type: the catalogue's " +
        'index imports the areas, never the other way (see i18n/add-english.ts).',
      from: { path: `${WEB}/features/[^/]+/[a-z-]*i18n\\.(en|fil)\\.ts$` },
      to: {
        path: `${WEB}/(i18n|ui|api|app|features)/`,
        pathNot: [`${WEB}/i18n/texts\\.ts$`, `${WEB}/features/[^/]+/[a-z-]*i18n\\.en\\.ts$`],
      },
    },
    {
      name: 'web-features-do-not-import-app',
      severity: 'error',
      comment: 'A feature never imports app/ (the router, layout and guards compose features, not the other way).',
      from: { path: `${WEB}/features/` },
      to: { path: `${WEB}/app/` },
    },
    {
      name: 'web-features-through-their-index',
      severity: 'error',
      comment:
        "A feature reaches another feature only through that feature's index.ts, which re-exports what the others use " +
        '(never a module the importer would not load anyway: the bundler follows every re-export). app/ composes the ' +
        'features and may name any of their modules (the router loads each screen lazily by its path).',
      from: { path: `${WEB}/features/([^/]+)/` },
      to: { path: `${WEB}/features/`, pathNot: [`${WEB}/features/$1/`, `${WEB}/features/[^/]+/index\\.ts$`] },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The web app never imports server code.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    // ------------------------------------------------------------------ server
    {
      name: 'server-features-through-services',
      severity: 'error',
      comment: "A server feature reaches another feature only through that feature's service.ts (or a part's, *-service.ts).",
      from: { path: `${SERVER}/features/([^/]+)/` },
      to: { path: `${SERVER}/features/`, pathNot: [`${SERVER}/features/$1/`, `${SERVER}/features/[^/]+/[a-z-]*service\\.ts$`] },
    },
    {
      name: 'server-platform-below-features',
      severity: 'error',
      comment: 'platform/ and db/ serve the features and never import them.',
      from: { path: `${SERVER}/(platform|db)/` },
      to: { path: `${SERVER}/features/` },
    },
    {
      name: 'server-sql-only-in-repositories',
      severity: 'error',
      comment:
        'Only repositories and db/ use Kysely at run time (queries, sql``); everything else may import its types only. ESLint forbids query-builder calls outside them too.',
      from: {
        path: `${SERVER}/`,
        pathNot: [
          `${SERVER}/db/`,
          `${SERVER}/features/[^/]+/[a-z-]*repository\\.ts$`,
          `${SERVER}/platform/[^/]+-repository\\.ts$`,
          '\\.test\\.ts$',
        ],
      },
      to: { path: 'node_modules/kysely/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Build output and test reports are not cruised; node_modules is not followed (doNotFollow) but
    // its modules stay visible as dependencies, so that rules about packages (Kysely) can see them.
    exclude: { path: '^(apps|packages)/[^/]+/dist/|^e2e/(test-results|playwright-report)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
