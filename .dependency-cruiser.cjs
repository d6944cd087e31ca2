// Import structure of crew-mcp (README "Architecture"): arrows point down, no cycles, and the
// rooms that must stay independent do. `npm run lint` runs it; CI fails on any violation.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle makes a room unreadable on its own (type-only imports count too).',
      from: { path: '^(src|tools)/' },
      to: { circular: true },
    },
    {
      name: 'sandbox-imports-only-the-contract',
      severity: 'error',
      comment:
        'The sandbox is an independent implementation of the platform: it shares our model of it, nothing else.',
      from: { path: '^src/sandbox/' },
      to: { path: '^(src|tools)/', pathNot: '^src/(sandbox|contract)/' },
    },
    {
      name: 'the-product-never-imports-the-sandbox',
      severity: 'error',
      comment:
        'The sandbox is a root of its own that the product starts: only the composition roots that start it (src/app.ts starts it in-process, src/cli.ts runs the sandbox command and begins its signing keys, src/connector/index.ts composes the hosted mode and offers the embedded sandbox on its connect page) may import it, types included. Everything else is told what it needs (e.g. whether the platform is the embedded sandbox).',
      from: { path: '^(src|tools)/', pathNot: '^src/sandbox/|^src/(app|cli)\\.ts$|^src/connector/index\\.ts$' },
      to: { path: '^src/sandbox/' },
    },
    {
      name: 'transports-never-import-the-app',
      severity: 'error',
      comment:
        'The composition root (src/app.ts) wires the transports in; they know the app only through their own interface (transports/routes.ts ServedApp), types included.',
      from: { path: '^src/transports/' },
      to: { path: '^src/app\\.ts$' },
    },
    {
      name: 'mcp-and-server-never-import-webhooks',
      severity: 'error',
      comment:
        'The event log is read by tools through its interface in the contract (contract/event-log.ts); the webhook receiver, subscription and file log sit above src/mcp and src/server.ts.',
      from: { path: '^src/mcp/|^src/server\\.ts$' },
      to: { path: '^src/webhooks/' },
    },
    {
      name: 'contract-imports-nothing-of-the-product',
      severity: 'error',
      comment: 'The contract is our model of the platform, shared by the product and the sandbox.',
      from: { path: '^src/contract/' },
      to: { path: '^(src|tools)/', pathNot: '^src/contract/' },
    },
    {
      name: 'platform-knows-nothing-of-tools',
      severity: 'error',
      comment: 'The platform client is the upstream API only: no MCP, no tools, no rules, no views.',
      from: { path: '^src/platform/' },
      to: { path: '^(src|tools)/', pathNot: '^src/(platform|contract)/|^src/logger\\.ts$' },
    },
    {
      name: 'rules-are-pure',
      severity: 'error',
      comment:
        "The platform's rules are pure functions: they read other rules and our model of the platform (and libraries such as luxon), never the network, MCP, lookups or views.",
      from: { path: '^src/rules/' },
      to: { path: '^(src|tools)/', pathNot: '^src/(rules|contract)/' },
    },
    {
      name: 'lookups-only-read',
      severity: 'error',
      comment:
        'The lookups read what the rules need from the platform client; they know no MCP, tools or views.',
      from: { path: '^src/lookups/' },
      to: { path: '^(src|tools)/', pathNot: '^src/(lookups|platform|contract|rules)/|^src/logger\\.ts$' },
    },
    {
      name: 'only-the-app-and-the-registry-import-tools',
      severity: 'error',
      comment: 'Tools sit on top: src/ reaches them only through the registry, wired in src/app.ts.',
      from: { path: '^src/', pathNot: '^src/app\\.ts$' },
      to: { path: '^tools/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
