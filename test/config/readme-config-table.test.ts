// The README's configuration table and `--help` are written from the settings table
// (src/settings/table.ts), like the tool table from the tools/list snapshot. After a change to a
// setting, refresh the README with `UPDATE_SNAPSHOTS=1 npx vitest run test/config/readme-config-table.test.ts`.
import { describe, expect, it } from 'vitest';
import { HELP } from '../../src/config.js';
import { configurationTable } from '../../src/settings/render.js';
import { SETTING_ROWS } from '../../src/settings/table.js';
import { expectReadmeBlock } from '../helpers/markdown.js';

describe('the settings table', () => {
  it('is the source of the README configuration table', () => {
    expectReadmeBlock('config', configurationTable());
  });

  it('gives every setting a flag or a variable, each name once, and a line in --help', () => {
    const flags = SETTING_ROWS.flatMap(([, row]) => (row.flag ? [row.flag] : []));
    const envs = SETTING_ROWS.flatMap(([, row]) => (row.env ? [row.env] : []));
    expect(new Set(flags).size).toBe(flags.length);
    expect(new Set(envs).size).toBe(envs.length);
    for (const [key, row] of SETTING_ROWS) {
      expect(row.flag ?? row.env, key).toBeDefined();
      if (row.flag) expect(row.flag, key).toMatch(/^--[a-z][a-z-]*$/);
      if (row.env) expect(row.env, key).toMatch(/^CREW_[A-Z_]+$/);
      const name = row.flag ?? (row.env as string);
      const line = HELP.split('\n').find((text) => text.trimStart().startsWith(`${name} `));
      expect(line, key).toContain(row.meaning.replaceAll('`', ''));
    }
  });

  it('help and README name the default the parser uses', () => {
    expect(HELP).toMatch(/--port N +CREW_HTTP_PORT +port of the HTTP transport \[8765\]/);
    expect(configurationTable()).toContain('| `--port N` | `CREW_HTTP_PORT` | `8765` |');
    expect(configurationTable()).toContain('|  | `CREW_AUTH_TOKENS` |  | bearer tokens');
  });
});
