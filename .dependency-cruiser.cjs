/**
 * Import rules of ARCHITECTURE.md's layout table, enforced in CI (`npm run deps`). Test code (specs and
 * `testing/` helpers) follows its layer's rules too, and may also import `migrations/` to set up a schema.
 */
const TEST_CODE = ['\\.spec\\.ts$', '/testing/'];
const layer = (name, allowed) => [
  {
    name: `${name}-imports`,
    comment: `${name}/ may import only: ${allowed.join(', ') || 'nothing of ours'}`,
    severity: 'error',
    from: { path: `^${name}/`, pathNot: TEST_CODE },
    to: {
      path: '^(domain|engine|projections|http|ui|migrations|bin|bench|e2e)/',
      pathNot: [`^${name}/`, ...allowed.map((a) => `^${a}/`)],
    },
  },
  {
    name: `${name}-test-imports`,
    comment: `tests of ${name}/ may import: ${[...allowed, 'migrations'].join(', ')}`,
    severity: 'error',
    from: { path: `^${name}/.*(${TEST_CODE.join('|')})` },
    to: {
      path: '^(domain|engine|projections|http|ui|migrations|bin|bench|e2e)/',
      pathNot: [`^${name}/`, ...[...allowed, 'migrations'].map((a) => `^${a}/`)],
    },
  },
];

module.exports = {
  forbidden: [
    ...layer('domain', []),
    ...layer('engine', ['domain']),
    ...layer('projections', ['domain', 'engine']),
    ...layer('http', ['domain', 'engine', 'projections', 'ui']),
    ...layer('ui', ['domain']),
    ...layer('migrations', []),
    {
      name: 'domain-is-pure',
      comment: 'domain/ does no I/O: no node: built-ins, no database or network clients',
      severity: 'error',
      from: { path: '^domain/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'domain-no-io-packages',
      severity: 'error',
      from: { path: '^domain/' },
      to: { path: 'node_modules/(pg|knex|@electric-sql|@eventstore|fastify|meilisearch|exceljs)/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js'],
    },
  },
};
