/**
 * The house rules about who may import what, checked by `npm run lint:deps` (part of `npm test`).
 * Decision 008 explains them.
 */
const WEB = '^apps/web/src';
const SERVER = '^apps/server/src';
/**
 * The contract's modules without a schema, which the web's first screens load before zod (decision 014):
 * the `-rules` modules, the routes' addresses (route-paths.ts and each feature's routes/<feature>.paths.ts)
 * and the shared constants. The same list as the web's 'shared' chunk group (apps/web/vite.config.ts).
 */
const CONTRACT_ZOD_FREE =
  '^packages/contract/src/(catalogue|dates|enums|files|first-answers|idempotency|labels|languages|messages|money|proposal-tax|route-paths|routes/[a-z-]+[.]paths|[a-z]+-rules)[.]ts$';

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
    {
      name: 'contract-zod-free-modules',
      severity: 'error',
      comment:
        "The contract's zod-free modules (CONTRACT_ZOD_FREE) import only each other: never zod, never a schema module, " +
        'so that nothing they lead to builds a schema, however far the imports go (the first screens load them before zod; ' +
        'decision 014). Type-only imports are erased and allowed (first-answers.ts names the schemas it reads that way).',
      from: { path: CONTRACT_ZOD_FREE },
      to: { pathNot: CONTRACT_ZOD_FREE, dependencyTypesNot: ['type-only'] },
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
    // Layers, lowest first: lib/ and config.ts, db/, platform/, features/, then the wiring (app.ts,
    // main.ts, cli/). Every import points down; tests may build the whole app from any layer.
    {
      name: 'server-lib-is-a-leaf',
      severity: 'error',
      comment: 'lib/ holds generic helpers (cron patterns, how an environment variable is read): it imports nothing else of the server.',
      from: { path: `${SERVER}/lib/` },
      to: { path: `${SERVER}/`, pathNot: `${SERVER}/lib/` },
    },
    {
      name: 'server-config-at-the-bottom',
      severity: 'error',
      comment: 'config.ts is read by every layer, so it imports none of them (no db/, platform/ or features/): lib/ only.',
      from: { path: `${SERVER}/config\\.ts$` },
      to: { path: `${SERVER}/`, pathNot: `${SERVER}/lib/` },
    },
    {
      name: 'server-db-below-platform',
      severity: 'error',
      comment: 'db/ (connections, migrations, table types) is under platform/: its code never imports platform/.',
      from: { path: `${SERVER}/db/`, pathNot: '\\.test\\.ts$' },
      to: { path: `${SERVER}/platform/` },
    },
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
      name: 'server-layers-below-the-wiring',
      severity: 'error',
      comment:
        'db/, platform/ and features/ never import the wiring that composes them (app.ts, main.ts, cli/); their tests may build the app.',
      from: { path: `${SERVER}/(db|platform|features)/`, pathNot: '\\.test\\.ts$' },
      to: { path: [`${SERVER}/(app|main)\\.ts$`, `${SERVER}/cli/`] },
    },
    {
      name: 'server-entry-points-stand-alone',
      severity: 'error',
      comment: 'main.ts and the command-line tools (cli/) are where a process starts: nothing imports them but a tool its own helpers.',
      from: { path: `${SERVER}/`, pathNot: `${SERVER}/cli/` },
      to: { path: [`${SERVER}/main\\.ts$`, `${SERVER}/cli/`] },
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
