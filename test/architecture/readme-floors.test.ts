// The README's table of rooms (Architecture) is written from floors.cjs, the list that
// dependency-cruiser and the layout test check, so it names every room and what it may import.
// After a change to floors.cjs, refresh the README with
// `UPDATE_SNAPSHOTS=1 npx vitest run test/architecture/readme-floors.test.ts`.
import { describe, expect, it } from 'vitest';
import { expectReadmeBlock } from '../helpers/markdown.js';
import { FLOORS, floorsTable } from './floors.js';

describe('the floors of floors.cjs', () => {
  it("are the source of the README's table of rooms", () => {
    expectReadmeBlock('floors', floorsTable());
  });

  it('name every room in the table, with what it may import', () => {
    const table = floorsTable();
    for (const room of [...FLOORS.flat(), 'src/sandbox/', 'ui/']) expect(table).toContain(`| \`${room}\` |`);
    expect(table).toContain('| 12 | `src/planner/` | only `src/rules/`, `src/paths.ts` |');
    expect(table).toContain(
      '| 3 | `src/connector/` | floors 4-14; `src/sandbox/` (from `src/connector/index.ts`) | `src/commands/`, `src/cli.ts` |',
    );
    expect(table).toContain('| apart | `ui/` | types only (`import type`) | nothing |');
  });
});
