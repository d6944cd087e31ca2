// The floors of crew-mcp, top to bottom: the one list of its rooms and what each may import.
// A room (a folder such as `src/mcp/`, or a file such as `src/app.ts`) imports only rooms on floors
// below its own, never a room beside it on its floor, so no arrow runs back up and rooms on one
// floor stay independent of each other. Read by .dependency-cruiser.cjs (`npm run lint`), by
// test/architecture/layout.test.ts (every `npm test`) and written into the README's architecture
// (test/architecture/readme-floors.test.ts). The order is the one the imports have (measured with
// dependency-cruiser); a new room goes on the highest floor below everything that imports it.

/** Rooms that import nothing of the product: the ground every other floor stands on. */
const GROUND = [
  'src/contract/',
  'src/logger.ts',
  'src/paths.ts',
  'src/settings/',
  'src/rate-limit.ts',
  'src/client-address.ts',
  'src/heap-growth.ts',
  'src/instructions.ts',
  'src/observer.ts',
];

module.exports = {
  floors: [
    ['src/cli.ts'],
    ['src/commands/'],
    ['src/connector/'],
    ['src/app.ts'],
    // openContext (what a call is served from) beside the tools: app.ts and the connector open it.
    ['tools/', 'src/context.ts'],
    // The webhook routes are typed with the transports' Route, so webhooks stand above transports.
    ['src/resources/', 'src/webhooks/'],
    ['src/transports/', 'src/prompts/', 'src/prefetch.ts'],
    ['src/server.ts'],
    // The staffing room: the staffing reads written once (open places, open roles in a scope, the
    // match target and ranking) and what plans read and parse (the gather, the plan request, kept
    // plans). It refuses tool input (mcp/) and shapes with present/; the planner it feeds is pure.
    ['src/staffing/'],
    ['src/present/'],
    ['src/mcp/'],
    ['src/planner/', 'src/lookups/', 'src/store/'],
    ['src/platform/', 'src/rules/', 'src/config.ts', 'src/version.ts'],
    GROUND,
  ],

  /** Rooms on no floor: they are roots of their own, imported only by the rooms named. */
  apart: [
    {
      room: 'src/sandbox/',
      importsOnly: ['src/contract/'],
      // The composition roots that start it: app.ts in-process, cli.ts for `crew-mcp sandbox` and
      // its signing keys begun early, connector/index.ts for the hosted mode, which offers the embedded
      // sandbox on its connect page.
      importedOnlyBy: ['src/app.ts', 'src/cli.ts', 'src/connector/index.ts'],
      why: 'an independent implementation of the platform: it shares our model of it, nothing else',
    },
    {
      room: 'ui/',
      typesOnly: true,
      importedOnlyBy: [],
      why: 'views run in the client: built into single HTML files, they may read the types of src/, nothing at run time',
    },
  ],

  /** Narrower than the floors: rooms that import only the rooms named, or are imported only by them. */
  fences: [
    {
      room: 'src/planner/',
      importsOnly: ['src/rules/', 'src/paths.ts'],
      why: 'the planner is pure: the model from rules/ and the solver that paths.ts finds',
    },
    {
      room: 'src/store/',
      importsOnly: GROUND,
      why: 'the store keeps what it is given: it knows the contract and the ground, nothing of what uses it',
    },
    {
      room: 'src/rules/',
      importsOnly: ['src/contract/'],
      why: "the platform's rules are pure functions of our model of it",
    },
    {
      room: 'src/connector/',
      importedOnlyBy: ['src/commands/', 'src/cli.ts'],
      why: 'the hosted mode is a command of its own: nothing of the one-key modes reaches into it',
    },
    {
      room: 'tools/',
      importedOnlyBy: ['src/app.ts'],
      why: 'tools sit on top: src/ reaches them only through the registry, wired in src/app.ts',
    },
  ],

  /**
   * Imports the floors and fences forbid that the code has today, each with what removes it. Empty
   * since issue 30 item 2 moved the staffing reads out of mcp/ and the planner into src/staffing/
   * and the planner returns "pins infeasible" as a value: a new entry needs a reason and an end.
   */
  exceptions: [],
};
