// The import graph's rules, checked by `npm run lint` (dependency-cruiser).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment:
        'A cycle of static runtime imports makes load order matter and parts impossible to take apart (type-only imports vanish at build; a dynamic import loads later).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only', 'dynamic-import'] } },
    },
    {
      name: 'platform-not-to-modules',
      comment:
        "The platform serves every module and runs none of their code (the database schema's type is composed from the modules' table types).",
      severity: 'error',
      from: { path: '^apps/server/src/platform/' },
      to: { path: '^apps/server/src/modules/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'module-through-its-plugin',
      comment: "A module uses another only through that module's plugin.ts (its ports and types).",
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/plugin[.]ts$'],
      },
    },
    {
      name: 'admin-reads-through-ports',
      comment:
        "The admin area reads other modules only through the read models they declare for operators (decision 0219): it imports no module's table types, nor the schema that joins them all.",
      severity: 'error',
      from: { path: '^apps/server/src/modules/admin/' },
      to: {
        path: ['^apps/server/src/platform/db/schema[.]ts$', '^apps/server/src/modules/[^/]+/tables[.]ts$'],
      },
    },
    {
      name: 'no-testing-in-production',
      comment: 'Code that ships never imports test helpers.',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: ['[.]test[.]ts$', '/testing/', '/testing[.]ts$'] },
      to: { path: ['/testing/', '/testing[.]ts$'] },
    },
    {
      name: 'feature-not-to-feature',
      comment: 'A web feature does not import another; shared code lives in lib or components.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/[^/]+/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'e2e-not-to-server-source',
      comment: 'The browser tests drive the built app; they do not reach into the server.',
      severity: 'error',
      from: { path: '^apps/web/e2e/' },
      to: { path: '^apps/server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '(^|/)node_modules/', '^test-results/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'] },
  },
};
