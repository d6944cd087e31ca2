// The tool list is a public API (DESIGN.md convention 9). Its snapshot is committed and diffed
// here; the README's tool table is generated from it. After an intended change, refresh both
// with `UPDATE_SNAPSHOTS=1 npm test`.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../../src/paths.js';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';

const SNAPSHOT = packagePath('test', 'snapshots', 'tools-list.json');
const README = packagePath('README.md');
const update = process.env.UPDATE_SNAPSHOTS === '1';

const suite = useConnectedSandbox();

interface ListedTool {
  name: string;
  description?: string;
  annotations?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

function toolTable(list: ListedTool[]): string {
  const rows = list.map((tool) => {
    const kind = tool.annotations?.readOnlyHint
      ? 'read'
      : tool.annotations?.destructiveHint
        ? 'write (overwrites)'
        : 'write';
    const scopes = ((tool._meta?.['crew-mcp/scopes'] as string[] | undefined) ?? []).join(' ');
    const description = (tool.description ?? '').replaceAll('|', '\\|');
    return `| \`${tool.name}\` | ${tool._meta?.['crew-mcp/toolset']} | ${kind} | ${scopes} | ${description} |`;
  });
  return ['| tool | toolset | kind | scope | what it does |', '|---|---|---|---|---|', ...rows].join('\n');
}

describe('tools/list snapshot', () => {
  it('matches the committed snapshot', async () => {
    const { tools } = await suite.connected.client.listTools();
    const current = `${JSON.stringify(tools, null, 2)}\n`;
    if (update || (!existsSync(SNAPSHOT) && !process.env.CI)) writeFileSync(SNAPSHOT, current);
    expect(current).toBe(readFileSync(SNAPSHOT, 'utf8'));
  });

  it('is the source of the README tool table', async () => {
    const list = JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as ListedTool[];
    const table = toolTable(list);
    const readme = readFileSync(README, 'utf8');
    const pattern = /(<!-- tools:start -->\n)[\s\S]*?(\n<!-- tools:end -->)/;
    expect(readme).toMatch(pattern);
    const next = readme.replace(pattern, `$1${table}$2`);
    if (update) writeFileSync(README, next);
    expect(readFileSync(README, 'utf8')).toBe(next);
  });
});
