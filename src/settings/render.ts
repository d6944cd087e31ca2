// `--help` and the README's configuration table, both written from the settings table, so that
// neither can fall behind what the parser reads (test/config/readme-config-table.test.ts holds the
// README to it).
import { GROUPS, SETTING_ROWS, type Setting } from './table.js';

/** The default as the user reads it: the parser's (as code), a word, or nothing. */
function shownDefault(row: Setting<unknown>): { text: string; code: boolean } | null {
  if (row.parse.fallback !== undefined) return { text: row.parse.fallback, code: true };
  if (row.shown !== undefined) return { text: row.shown, code: false };
  return row.parse.switch ? { text: 'off', code: false } : null;
}

const FLAG_COLUMN = 30;
const ENV_COLUMN = 30;

function helpLine(row: Setting<unknown>): string {
  const flag = row.flag ? `${row.flag}${row.value ? ` ${row.value}` : ''}` : '';
  const env = row.env ?? '';
  const fallback = shownDefault(row);
  const meaning = `${row.meaning}${fallback && fallback.text !== 'off' ? ` [${fallback.text}]` : ''}`;
  return `  ${flag.padEnd(FLAG_COLUMN - 1)} ${env.padEnd(ENV_COLUMN - 1)} ${meaning.replaceAll('`', '')}`.trimEnd();
}

function renderHelp(): string {
  const sections = Object.entries(GROUPS).map(([group, heading]) => {
    const lines = SETTING_ROWS.filter(([, row]) => row.group === group).map(([, row]) => helpLine(row));
    return `${heading}:\n${lines.join('\n')}`;
  });
  return `crew-mcp: an MCP server for a crew-staffing platform

Usage:
  crew-mcp [stdio]            serve MCP over stdio (default)
  crew-mcp http               serve MCP over Streamable HTTP at /mcp
  crew-mcp sandbox            run the embedded sandbox platform alone (--help for its flags)
  crew-mcp check [--json]     diagnose the configuration: token, GraphQL, schema, tools, webhooks
  crew-mcp store rotate-key   re-seal every stored secret under CREW_STORE_KEY (the hosted connector's store)
  crew-mcp connector export-company COMPANY   what the store holds about one company, as JSON
  crew-mcp connector forget-company COMPANY   delete every row of one company

Flags win over environment variables, which win over defaults [shown in brackets].

${sections.join('\n\n')}
`;
}

export const HELP = renderHelp();

const code = (text: string) => `\`${text}\``;

/** The README's configuration table (between its config:start and config:end markers). */
export function configurationTable(): string {
  const rows = SETTING_ROWS.map(([, row]) => {
    const flag = row.flag ? code(`${row.flag}${row.value ? ` ${row.value}` : ''}`) : '';
    const env = row.env ? code(row.env) : '';
    const fallback = shownDefault(row);
    const shown = fallback ? (fallback.code ? code(fallback.text) : fallback.text) : '';
    const meaning = `${row.meaning}${row.more ? `${row.more.startsWith(';') ? '' : ' '}${row.more}` : ''}`;
    return `| ${[flag, env, shown, meaning].map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;
  });
  return ['| flag | environment | default | meaning |', '|---|---|---|---|', ...rows].join('\n');
}
