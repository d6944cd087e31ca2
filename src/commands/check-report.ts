// What `crew-mcp check` found, and its human rendering: one line per step with its verdict,
// details indented below, and for each failure the setting to change.
import type { SchemaDifferences } from '../platform/schema-diff.js';

export interface Problem {
  check: 'token' | 'graphql' | 'tools' | 'webhooks' | 'store';
  message: string;
  /** The setting to change. */
  setting: string;
}

export interface CheckReport {
  /** Everything a listed tool needs works. */
  ok: boolean;
  upstream: { kind: 'live' | 'sandbox'; apiUrl: string; tokenUrl: string; clientId: string };
  token: { ok: boolean; expiresAt?: string; scopes?: string[] | null; error?: string };
  graphql: { ok: boolean; endpoint: string; introspection?: boolean; error?: string };
  schema: {
    compared: boolean;
    differences?: SchemaDifferences;
    /** Tools listed without some fields the live schema lacks. */
    dropped?: Record<string, string[]>;
    /** Live mutations that look like booking or inviting crew (none in the API document). */
    assignmentMutations?: string[];
    error?: string;
  };
  tools: { listed: string[]; notListed: { name: string; reason: string }[] };
  webhooks: { configured: boolean; url?: string; reachable?: boolean; detail?: string };
  /** MCP Apps views of the listed tools: built and served, or missing from this install. */
  views?: { tool: string; uri: string; built: boolean }[];
  /** The PostgreSQL replicas share (--store), when given. */
  store?: {
    configured: boolean;
    url?: string;
    reachable?: boolean;
    schemaVersion?: number;
    knownVersion?: number;
    /** LISTEN/NOTIFY went round between two connections. */
    notifies?: boolean;
    replicasListening?: number;
  };
  problems: Problem[];
}

/** The hosts that list MCP Apps support (issue 22); every other host shows the same answer as text. */
export const VIEW_HOSTS = 'Claude (web, Desktop), ChatGPT, VS Code, Cursor, Microsoft 365 Copilot, Goose';

function viewLines(views: NonNullable<CheckReport['views']>): string[] {
  if (views.length === 0) return [];
  const missing = views.filter((view) => !view.built);
  return [
    `${mark(missing.length === 0)} views: ${views.map((view) => `${view.tool} -> ${view.uri}`).join(', ')}`,
    `         shown by hosts with MCP Apps (${VIEW_HOSTS}); other hosts read the same answer as text`,
    ...missing.map((view) => `         not built: ${view.uri} (run npm run build)`),
  ];
}

const mark = (ok: boolean | undefined) => (ok === undefined ? '  -- ' : ok ? '  ok ' : '  FAIL');

function differenceLines(differences: SchemaDifferences): string[] {
  return [
    ...differences.missingOperations.map((operation) => `missing operation: ${operation}`),
    ...differences.missingTypes.map((type) => `missing type: ${type}`),
    ...differences.missingFields.map(
      ({ field, renamedTo }) =>
        `missing field: ${field}${renamedTo ? ` (renamed to ${field.split('.')[0]}.${renamedTo}?)` : ''}`,
    ),
    ...differences.missingEnumValues.map((value) => `missing enum value: ${value}`),
    ...differences.extraEnumValues.map((value) => `extra enum value: ${value}`),
  ];
}

function hoursUntil(iso: string): string {
  const hours = (Date.parse(iso) - Date.now()) / 3_600_000;
  return hours >= 1 ? `${Math.round(hours)} h` : `${Math.max(0, Math.round(hours * 60))} min`;
}

function schemaLines(report: CheckReport): string[] {
  const { schema } = report;
  if (!report.graphql.ok) return [];
  if (!schema.compared) {
    return [`${mark(undefined)} schema: not compared (introspection refused: ${schema.error ?? 'unknown'})`];
  }
  const lines = schema.differences ? differenceLines(schema.differences) : [];
  const dropped = Object.entries(schema.dropped ?? {}).map(
    ([tool, fields]) => `${tool} works without ${fields.join(', ')} (left out of its query)`,
  );
  const head = lines.length === 0 ? 'same as our model' : `${lines.length} difference(s) from our model`;
  const assigning = schema.assignmentMutations?.length
    ? [
        `mutation(s) that may book or invite crew: ${schema.assignmentMutations.join(', ')} (not in the API document: no tool uses them; plan_staffing proposes only)`,
      ]
    : [];
  return [
    `${mark(true)} schema: ${head}`,
    ...[...lines, ...dropped, ...assigning].map((line) => `         ${line}`),
  ];
}

/** The store's state in words, and whether it is fit for replicas. */
export function storeSummary(store: NonNullable<CheckReport['store']>): { ok: boolean; text: string } {
  if (!store.reachable) return { ok: false, text: `${store.url} cannot be reached` };
  const schema =
    store.schemaVersion === 0
      ? 'no schema yet (the first replica to start makes it)'
      : `schema version ${store.schemaVersion} (this build knows ${store.knownVersion})`;
  return {
    ok: store.notifies === true && (store.schemaVersion ?? 0) <= (store.knownVersion ?? 0),
    text: `${store.url}: ${schema}, LISTEN/NOTIFY ${store.notifies ? 'goes round' : 'does not go round'}, ${store.replicasListening} replica(s) listening`,
  };
}

function storeLine(store: NonNullable<CheckReport['store']>): string {
  const { ok, text } = storeSummary(store);
  return `${mark(ok)} store: ${text}`;
}

export function renderReport(report: CheckReport): string {
  const { upstream, token, graphql, tools, webhooks } = report;
  const where = upstream.kind === 'sandbox' ? 'embedded sandbox' : 'live platform';
  const lines = [`crew-mcp check: ${where} ${upstream.apiUrl} (client ${upstream.clientId})`];
  lines.push(
    token.ok
      ? `${mark(true)} token: obtained, expires ${token.expiresAt} (in ${hoursUntil(token.expiresAt ?? '')}), scopes ${token.scopes?.join(' ') ?? 'not named (every tool listed)'}`
      : `${mark(false)} token: ${token.error}`,
  );
  if (token.ok) {
    lines.push(
      graphql.ok
        ? `${mark(true)} GraphQL: ${graphql.endpoint} answers`
        : `${mark(false)} GraphQL: ${graphql.error}`,
      ...schemaLines(report),
      `${mark(tools.listed.length > 0)} tools listed (${tools.listed.length}): ${tools.listed.join(', ') || 'none'}`,
      ...tools.notListed.map(({ name, reason }) => `         not listed: ${name} (${reason})`),
      webhooks.configured
        ? `${mark(webhooks.reachable)} webhooks: ${webhooks.url} ${webhooks.detail ?? ''}`.trimEnd()
        : `${mark(undefined)} webhooks: ${webhooks.detail ?? 'not configured'}`,
      ...viewLines(report.views ?? []),
    );
  }
  if (report.store?.configured) lines.push(storeLine(report.store));
  for (const { check, setting, message } of report.problems) {
    // Token and GraphQL failures were printed in full on their own line above.
    lines.push(`  change ${setting}${check === 'token' || check === 'graphql' ? '' : `: ${message}`}`);
  }
  lines.push(report.ok ? 'result: ok' : `result: ${report.problems.length} problem(s)`);
  return `${lines.join('\n')}\n`;
}
