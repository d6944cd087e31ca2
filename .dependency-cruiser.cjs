// Import structure of crew-mcp (README "Architecture"): no cycles, and the rules written from the
// one list of floors in floors.cjs (which test/architecture/layout.test.ts holds too): a room
// imports only rooms on floors below its own, the rooms apart are imported only by the roots
// named, and the fenced rooms import (or are imported by) only the rooms named. The known
// exceptions listed there are the only imports let through. `npm run lint` runs it; CI fails on
// any violation.
const { floors, apart, fences, exceptions } = require('./floors.cjs');

const PRODUCT = '^(src|tools|ui)/';
const literal = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A room's path pattern: a folder names everything under it, a file itself. */
const pattern = (room) => (room.endsWith('/') ? `^${literal(room)}` : `^${literal(room)}$`);
const anyOf = (rooms) => rooms.map(pattern).join('|');
const rooms = [...floors.flat(), ...apart.map(({ room }) => room)];

/**
 * One forbidden rule; a file that a known exception names is checked by a rule of its own that
 * lets through only what the exception names, so the exception exempts nothing else.
 */
function rule(name, comment, from, to) {
  const matches = (file) =>
    new RegExp(from.path).test(file) && !(from.pathNot && new RegExp(from.pathNot).test(file));
  const excepted = exceptions.filter((exception) => matches(exception.from));
  const except = excepted.length ? [from.pathNot, anyOf(excepted.map((e) => e.from))] : [from.pathNot];
  return [
    {
      name,
      severity: 'error',
      comment,
      from: { ...from, pathNot: except.filter(Boolean).join('|') || undefined },
      to,
    },
    ...excepted.map((exception) => ({
      name: `${name} (${exception.from})`,
      severity: 'error',
      comment: `${comment} Known exception (${exception.why}) until ${exception.until}.`,
      from: { path: pattern(exception.from) },
      to: { ...to, pathNot: [to.pathNot, anyOf(exception.to)].filter(Boolean).join('|') },
    })),
  ];
}

const noArrowUp = floors.flatMap((floor, index) =>
  floor.flatMap((room) => {
    const aboveOrBeside = floors
      .slice(0, index + 1)
      .flat()
      .filter((other) => other !== room);
    return aboveOrBeside.length
      ? rule(
          `no-arrow-up:${room}`,
          `Floor ${index + 1} of floors.cjs: ${room} imports only rooms on floors below its own.`,
          { path: pattern(room) },
          { path: anyOf(aboveOrBeside) },
        )
      : [];
  }),
);

const fenced = [...apart, ...fences].flatMap(({ room, importsOnly, importedOnlyBy, typesOnly, why }) => [
  ...(importsOnly
    ? rule(
        `imports-only:${room}`,
        `${room}: ${why}.`,
        { path: pattern(room) },
        { path: PRODUCT, pathNot: anyOf([room, ...importsOnly]) },
      )
    : []),
  ...(importedOnlyBy
    ? rule(
        `imported-only-by:${room}`,
        `${room}: ${why}.`,
        { path: PRODUCT, pathNot: anyOf([room, ...importedOnlyBy]) },
        { path: pattern(room) },
      )
    : []),
  ...(typesOnly
    ? rule(
        `types-only:${room}`,
        `${room}: ${why}.`,
        { path: pattern(room) },
        { path: PRODUCT, pathNot: pattern(room), dependencyTypesNot: ['type-only'] },
      )
    : []),
]);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle makes a room unreadable on its own (type-only imports count too).',
      from: { path: PRODUCT },
      to: { circular: true },
    },
    {
      name: 'every-file-on-a-floor',
      severity: 'error',
      comment: 'A file of no room of floors.cjs is under no rule: put its room on a floor (or apart).',
      from: { path: PRODUCT, pathNot: anyOf(rooms) },
      to: { path: PRODUCT },
    },
    ...noArrowUp,
    ...fenced,
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
