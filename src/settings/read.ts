// Reads the settings table (table.ts) from argv and the environment: CLI flags win over
// environment variables, which win over defaults. An unknown flag is an error naming the nearest
// known one; a bad value is an error naming the flag or variable and the fix.
import { ConfigError, nearestName, type RawValue } from './parsers.js';
import { SETTING_ROWS, type SettingKey, type SettingValues } from './table.js';

export const COMMANDS = [
  'stdio',
  'http',
  'sandbox',
  'check',
  'store',
  'connector',
  'help',
  'version',
] as const;
/** Commands of the hosted connector's store that take words after them (`store rotate-key`). */
const ADMIN_COMMANDS: readonly Command[] = ['store', 'connector'];
export type Command = (typeof COMMANDS)[number];

export interface ReadSettings {
  command: Command;
  values: SettingValues;
  /** The settings the user gave (flag or environment), as opposed to their defaults. */
  given: ReadonlySet<SettingKey>;
  /** The settings given as flags (their values are visible to other users in `ps`). */
  onArgv: ReadonlySet<SettingKey>;
  /** Arguments left for the subcommand (e.g. `sandbox --port 4000`). */
  rest: string[];
}

type Raw = Partial<Record<SettingKey, RawValue>>;

const BY_FLAG = new Map(SETTING_ROWS.filter(([, row]) => row.flag).map((entry) => [entry[1].flag, entry]));
const FLAG_NAMES = [...BY_FLAG.keys()] as string[];

function fromArgv(argv: string[]): { command: Command; raw: Raw; rest: string[] } {
  const raw: Raw = {};
  let command: Command = 'stdio';
  let index = 0;
  const first = argv[0];
  if (first !== undefined && !first.startsWith('-')) {
    if (!(COMMANDS as readonly string[]).includes(first)) {
      throw new ConfigError(`Unknown command "${first}". Commands: ${COMMANDS.join(', ')}.`);
    }
    command = first as Command;
    index = 1;
  }
  if (command === 'sandbox') return { command, raw, rest: argv.slice(1) };
  const rest: string[] = [];
  for (; index < argv.length; index++) {
    const arg = argv[index] as string;
    if (ADMIN_COMMANDS.includes(command) && !arg.startsWith('-')) {
      rest.push(arg);
      continue;
    }
    if (arg === '--help' || arg === '-h') return { command: 'help', raw, rest: [] };
    if (arg === '--version' || arg === '-v') return { command: 'version', raw, rest: [] };
    const [name, inlineValue] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    const entry = BY_FLAG.get(name as string);
    if (!entry) {
      const guess = nearestName(name as string, FLAG_NAMES);
      throw new ConfigError(
        `Unknown option "${name}"${guess ? `; did you mean "${guess}"?` : '.'} Run "crew-mcp --help" for the list of options.`,
      );
    }
    const [key, row] = entry;
    if (row.parse.switch) {
      if (inlineValue !== undefined && !['true', 'false'].includes(inlineValue)) {
        throw new ConfigError(`Option ${name} takes no value (or =true / =false), got "${inlineValue}".`);
      }
      raw[key] = inlineValue !== 'false';
      continue;
    }
    const value = inlineValue ?? argv[++index];
    if (value === undefined || (inlineValue === undefined && value.startsWith('--'))) {
      throw new ConfigError(`Option ${name} needs a value.`);
    }
    raw[key] = value;
  }
  return { command, raw, rest };
}

const TRUE_WORDS = ['1', 'true', 'yes', 'on'];
const FALSE_WORDS = ['0', 'false', 'no', 'off'];

/**
 * An MCPB host passes an optional setting the user left empty as the literal placeholder
 * "${user_config.name}" (manifest.json); that means "not set", like an empty value.
 */
const UNFILLED_PLACEHOLDER = /^\$\{user_config\.[\w.-]+\}$/;

function fromEnv(env: Record<string, string | undefined>): Raw {
  const raw: Raw = {};
  for (const [key, row] of SETTING_ROWS) {
    const value = row.env ? env[row.env]?.trim() : undefined;
    if (value === undefined || value === '' || UNFILLED_PLACEHOLDER.test(value)) continue;
    if (!row.parse.switch) {
      raw[key] = value;
      continue;
    }
    const word = value.toLowerCase();
    if (!TRUE_WORDS.includes(word) && !FALSE_WORDS.includes(word)) {
      throw new ConfigError(
        `${row.env} must be one of ${[...TRUE_WORDS, ...FALSE_WORDS].join(', ')} (like ${row.flag}), got "${value}".`,
      );
    }
    raw[key] = TRUE_WORDS.includes(word);
  }
  return raw;
}

/** Every setting's value, parsed in the table's order. Throws ConfigError. */
export function readSettings(argv: string[], env: Record<string, string | undefined>): ReadSettings {
  const parsed = fromArgv(argv);
  const raw: Raw = { ...fromEnv(env), ...parsed.raw };
  const values: Record<string, unknown> = {};
  for (const [key, row] of SETTING_ROWS) values[key] = row.parse.read(raw[key], row);
  const given = new Set(SETTING_ROWS.map(([key]) => key).filter((key) => raw[key] !== undefined));
  const onArgv = new Set(Object.keys(parsed.raw) as SettingKey[]);
  return { command: parsed.command, values: values as SettingValues, given, onArgv, rest: parsed.rest };
}
