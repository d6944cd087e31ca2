// What floors.cjs means, for the tests: the room of a file, the imports it forbids, and the
// README's table of rooms written from it. dependency-cruiser reads the same list
// (.dependency-cruiser.cjs) and checks the same meaning with rules of its own.
import { createRequire } from 'node:module';

/** A room is a folder (`src/mcp/`: everything under it) or a file (`src/app.ts`). */
type Room = string;

interface Fence {
  room: Room;
  /** The only rooms (or files) it may import besides its own. */
  importsOnly?: Room[];
  /** The only rooms (or files) that may import it. */
  importedOnlyBy?: Room[];
  /** It may import the product's types only (`import type`), nothing that runs. */
  typesOnly?: boolean;
  why: string;
}

interface Exception {
  from: string;
  to: Room[];
  why: string;
  until: string;
}

interface Floors {
  floors: Room[][];
  apart: Fence[];
  fences: Fence[];
  exceptions: Exception[];
}

const layout = createRequire(import.meta.url)('../../floors.cjs') as Floors;

export const FLOORS = layout.floors;
export const EXCEPTIONS = layout.exceptions;

/** One import: `from` and `to` are package paths (`src/app.ts`). */
export interface Arrow {
  from: string;
  to: string;
  typeOnly: boolean;
}

const within = (room: Room, file: string): boolean =>
  room.endsWith('/') ? file.startsWith(room) : file === room;

/** The room of a file: its floor (1 at the top), or the fence of a room apart. */
export function roomOf(file: string): { room: Room; floor?: number; apart?: Fence } | undefined {
  const index = FLOORS.findIndex((floor) => floor.some((room) => within(room, file)));
  if (index >= 0) return { room: FLOORS[index]!.find((room) => within(room, file))!, floor: index + 1 };
  const apart = layout.apart.find(({ room }) => within(room, file));
  return apart && { room: apart.room, apart };
}

const fenceOf = (room: Room): Fence | undefined =>
  [...layout.apart, ...layout.fences].find((fence) => fence.room === room);

/** Why floors.cjs forbids an import, or nothing when it allows it. */
function reasonsAgainst({ from, to, typeOnly }: Arrow): string[] {
  const source = roomOf(from);
  const target = roomOf(to);
  if (!source || !target) return [`${!source ? from : to} is in no room of floors.cjs`];
  if (source.room === target.room) return [];
  const reasons: string[] = [];
  if (target.floor === undefined) {
    // Onto a room apart: only through the roots it names.
  } else if (source.floor !== undefined && target.floor <= source.floor) {
    reasons.push(
      `${target.room} is on floor ${target.floor}, not below ${source.room} (floor ${source.floor})`,
    );
  }
  const fence = fenceOf(source.room);
  if (fence?.importsOnly && !fence.importsOnly.some((room) => within(room, to))) {
    reasons.push(`${source.room} imports only ${fence.importsOnly.join(', ')}`);
  }
  if (fence?.typesOnly && !typeOnly) reasons.push(`${source.room} imports only types (import type)`);
  const guarded = fenceOf(target.room);
  if (guarded?.importedOnlyBy && !guarded.importedOnlyBy.some((room) => within(room, from))) {
    reasons.push(`${target.room} is imported only by ${guarded.importedOnlyBy.join(', ') || 'nothing'}`);
  }
  return reasons;
}

const excepted = ({ from, to }: Arrow): boolean =>
  EXCEPTIONS.some((exception) => exception.from === from && exception.to.some((room) => within(room, to)));

/** Each forbidden import of the product, with why; the known exceptions let through what they name. */
export function violations(arrows: readonly Arrow[]): string[] {
  return arrows
    .filter((arrow) => /^(src|tools|ui)\//.test(arrow.to) && !excepted(arrow))
    .flatMap((arrow) => {
      const reasons = reasonsAgainst(arrow);
      return reasons.length ? [`${arrow.from} -> ${arrow.to}: ${reasons.join('; ')}`] : [];
    });
}

const code = (rooms: readonly Room[]): string => rooms.map((room) => `\`${room}\``).join(', ');

/** `floor N` when the rooms are exactly those of floor N. */
function floorNamed(rooms: readonly Room[]): string | undefined {
  const index = FLOORS.findIndex(
    (floor) => floor.length === rooms.length && floor.every((room) => rooms.includes(room)),
  );
  return index < 0 ? undefined : `floor ${index + 1}`;
}

/** What a room on a floor may import, in words. */
function mayImport(room: Room, floor: number): string {
  const fence = fenceOf(room);
  if (fence?.importsOnly) return `only ${floorNamed(fence.importsOnly) ?? code(fence.importsOnly)}`;
  const below =
    floor === FLOORS.length
      ? 'nothing of the product'
      : floor + 1 === FLOORS.length
        ? `floor ${FLOORS.length}`
        : `floors ${floor + 1}-${FLOORS.length}`;
  const roots = layout.apart.flatMap((apart) =>
    (apart.importedOnlyBy ?? [])
      .filter((root) => within(room, root))
      .map((root) => (root === room ? `\`${apart.room}\`` : `\`${apart.room}\` (from \`${root}\`)`)),
  );
  return [below, ...roots].join('; ');
}

const importedOnlyBy = (room: Room): string => {
  const only = fenceOf(room)?.importedOnlyBy;
  return only ? (only.length ? code(only) : 'nothing') : '';
};

/** The README's table of rooms (floor, room, what it may import, who may import it) and the exceptions. */
export function floorsTable(): string {
  const rows = [
    ...FLOORS.flatMap((floor, index) =>
      floor.map(
        (room) => `| ${index + 1} | \`${room}\` | ${mayImport(room, index + 1)} | ${importedOnlyBy(room)} |`,
      ),
    ),
    ...layout.apart.map(
      (apart) =>
        `| apart | \`${apart.room}\` | ${apart.typesOnly ? 'types only (`import type`)' : `only ${code(apart.importsOnly ?? [])}`} | ${importedOnlyBy(apart.room)} |`,
    ),
  ];
  const exceptions = EXCEPTIONS.map(
    ({ from, to, why, until }) => `- \`${from}\` imports ${code(to)}: ${why} (until ${until}).`,
  );
  return [
    '| Floor | Room | May import | Imported only by |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    ...(exceptions.length > 0
      ? ['Known exceptions, the only imports the rules let through:', '', ...exceptions]
      : ['No exceptions: every import of src/ follows the floors and fences above.']),
  ].join('\n');
}
