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
    ['tools/'],
    // The webhook routes are typed with the transports' Route, so webhooks stand above transports.
    ['src/resources/', 'src/webhooks/'],
    ['src/transports/', 'src/prompts/', 'src/prefetch.ts'],
    ['src/server.ts'],
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
   * Imports the floors and fences forbid that the code has today, each with what removes it. Issue
   * 30 item 2 (a staffing room and a pure planner) moves the staffing reads out of mcp/ and the
   * planner, after which this list is empty.
   */
  exceptions: [
    {
      from: 'src/mcp/match-target.ts',
      to: ['src/present/'],
      why: 'an arrow back up: a tool moved into the MCP glue to meet the file-size cap',
      until: 'issue 30 item 2: the match target moves into the staffing room',
    },
    {
      from: 'src/mcp/match-people.ts',
      to: ['src/present/'],
      why: "an arrow back up: find_matching_crew's asked and booked people, moved out of the tool for its size",
      until: 'issue 30 item 2: the match target and its people move into the staffing room',
    },
    {
      from: 'src/mcp/multi-day-days.ts',
      to: ['src/present/'],
      why: "an arrow back up: find_open_roles' multi-day days, moved out of the tool for its size",
      until: 'issue 30 item 2: open roles in a scope move into the staffing room',
    },
    {
      from: 'src/planner/gather.ts',
      to: ['src/platform/', 'src/lookups/', 'src/contract/'],
      why: "the planner's gather reads the platform",
      until: "issue 30 item 2: the planner's gather moves into the staffing room",
    },
    {
      from: 'src/planner/request.ts',
      to: ['src/mcp/refuse.ts', 'src/contract/enums.ts'],
      why: 'the plan request is parsed and refused as a tool input inside the planner',
      until: 'issue 30 item 2: request parsing moves into the staffing room',
    },
    {
      from: 'src/planner/kept-plans.ts',
      to: ['src/contract/kept-plans.ts'],
      why: 'the in-memory kept plans implement the port the store implements too',
      until: 'issue 30 item 2: kept plans move into the staffing room',
    },
    {
      from: 'src/planner/plan.ts',
      to: ['src/mcp/errors.ts'],
      why: '"pins infeasible" is thrown as a UserInputError',
      until: 'issue 30 item 2: the planner returns it as a value',
    },
    {
      from: 'src/planner/solve.ts',
      to: ['src/mcp/errors.ts'],
      why: '"pins infeasible" is thrown as a UserInputError',
      until: 'issue 30 item 2: the planner returns it as a value',
    },
  ],
};
