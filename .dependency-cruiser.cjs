/**
 * The backend's layers and the repository's circles, checked by dependency-cruiser:
 *   npx depcruise mock-backend src tests bench scripts --config .dependency-cruiser.cjs
 * The layers (docs/ARCHITECTURE.md, "The backend", has the same table), lowest first:
 *   lib/                          infrastructure                    imports nothing of the backend above it
 *   components/<c>/ repositories  SQL (repository.ts, *-repository.ts)
 *   components/<c>/ domain        services and the rest of a component
 *   components/<c>/index.ts       the face: the domain others may use, never the HTTP layer
 *   components/<c>/ HTTP          routes.ts, *-routes.ts, middleware.ts
 *   use-cases/                    orchestration spanning components, through their faces
 *   app.ts, background.ts, main.ts  wiring: mounts the routes, hands them the use cases and the session middleware
 * A component reaches another only through its face; no file of a component imports a use case. Type-only imports count too (tsPreCompilationDeps): a type
 * import is still a dependency of the design, and a circle of types is a circle.
 */
const BACKEND = '^mock-backend/';
const LIB = '^mock-backend/lib/';
const COMPONENTS = '^mock-backend/components/';
const USE_CASES = '^mock-backend/use-cases/';
const WIRING = '^mock-backend/(app|background|main)\\.ts$';
/** Files of the HTTP layer of a component. */
const HTTP = `${COMPONENTS}[^/]+/([^/]*routes|middleware)\\.ts$`;
const FACE = `${COMPONENTS}[^/]+/index\\.ts$`;
/** Tests and their helpers may reach anywhere (they are no layer). */
const TESTS = '(\\.test\\.ts$|^mock-backend/test/|^mock-backend/components/[^/]+/fixtures\\.ts$)';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No module may import itself through others: a circle ties every module on it together.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lib-not-above',
      severity: 'error',
      comment: 'lib/ is the infrastructure under the components: it never imports a component, a use case or the wiring.',
      from: { path: LIB, pathNot: TESTS },
      to: { path: `(${COMPONENTS}|${USE_CASES}|${WIRING}|^mock-backend/(seed|test)/)` },
    },
    {
      name: 'component-through-face',
      severity: 'error',
      comment: 'A component reaches another only through its face, components/<name>/index.ts, never into its files.',
      from: { path: `${COMPONENTS}([^/]+)/`, pathNot: TESTS },
      to: { path: COMPONENTS, pathNot: [`${COMPONENTS}$1/`, FACE] },
    },
    {
      name: 'outside-through-face',
      severity: 'error',
      comment: 'A use case (and the seed) reaches a component only through its face; only the wiring (app.ts) mounts the routes.',
      from: { path: `(${USE_CASES}|^mock-backend/seed/)`, pathNot: TESTS },
      to: { path: COMPONENTS, pathNot: FACE },
    },
    {
      name: 'face-no-http',
      severity: 'error',
      comment: "A component's face exports its domain, never its routes or middleware (app.ts imports those itself).",
      from: { path: FACE },
      to: { path: HTTP },
    },
    {
      name: 'domain-not-http',
      severity: 'error',
      comment: "A component's domain and repositories never import the HTTP layer (routes, middleware) of any component.",
      from: { path: COMPONENTS, pathNot: [HTTP, TESTS] },
      to: { path: HTTP },
    },
    {
      name: 'repository-not-domain',
      severity: 'error',
      comment:
        "A repository holds SQL: it imports lib/, its component's other repositories and plain modules of types or constants, never a service, a face or a use case.",
      from: { path: `${COMPONENTS}([^/]+)/[^/]*repository\\.ts$` },
      to: { path: `(${COMPONENTS}$1/(index|[^/]*service)\\.ts$|${USE_CASES})` },
    },
    {
      name: 'components-not-above',
      severity: 'error',
      comment:
        'Components never import a use case, the wiring, the seed, test helpers or the PSP simulator above them (its webhook secret aside): the app hands a router the use cases it answers with.',
      from: { path: COMPONENTS, pathNot: TESTS },
      to: {
        path: `(${USE_CASES}|${WIRING}|^mock-backend/(seed|test|psp-simulator)/)`,
        pathNot: '^mock-backend/psp-simulator/simulator\\.ts$',
      },
    },
    {
      name: 'use-cases-not-above',
      severity: 'error',
      comment: 'Use cases sit under the wiring: they never import app.ts, background.ts or main.ts.',
      from: { path: USE_CASES, pathNot: TESTS },
      to: { path: WIRING },
    },
    {
      name: 'backend-not-outside',
      severity: 'error',
      comment: 'The backend imports nothing of the BFF, the renderer or the app: only src/shared.',
      from: { path: BACKEND },
      to: { path: '^src/(bff|server|client)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    reporterOptions: {
      archi: { collapsePattern: '^mock-backend/(components/[^/]+|[^/]+)/|^src/[^/]+/' },
      dot: { collapsePattern: '^mock-backend/(components/[^/]+|[^/]+)/|^src/[^/]+/' },
    },
  },
};
