// How a setting's value is read: each parser turns what the user gave (a flag's value or an
// environment variable, or nothing) into a typed value, or a ConfigError that names the flag or
// variable and the fix. The settings table (table.ts) gives every setting one of these.
import { z } from 'zod';

export class ConfigError extends Error {}

/** What the user gave: a string, true/false for a switch, undefined for nothing. */
export type RawValue = string | boolean | undefined;

/** The names a parser's error messages use. */
export interface SettingNames {
  flag?: string;
  env?: string;
}

export interface Parser<T> {
  read(raw: RawValue, names: SettingNames): T;
  /** A switch takes no value on the command line and reads yes/no words from the environment. */
  switch?: true;
  /** The default as --help and the README show it (as code), when the parser holds it. */
  fallback?: string;
}

/** A value as given, or null. */
export function text(): Parser<string | null> {
  return { read: (raw) => (typeof raw === 'string' ? raw : null) };
}

/** A value as given, or the default. */
export function textOr(fallback: string): Parser<string> {
  return { read: (raw) => (typeof raw === 'string' ? raw : fallback), fallback };
}

/** On or off; off unless given. */
export function toggle(): Parser<boolean> {
  return { read: (raw) => raw === true, switch: true };
}

/** On or off; on unless turned off (`--flag=false`, or a no-word in the environment). */
export function toggleOn(): Parser<boolean> {
  return { read: (raw) => raw !== false, switch: true, fallback: 'on' };
}

/** A port, or null (off) when not given; 0 asks the system for a free port. */
export function portOrOff(noun: string): Parser<number | null> {
  const port = integer(noun, 0, 0, 65535);
  return { read: (raw, names) => (raw === undefined ? null : port.read(raw, names)) };
}

/** One of a few words; `label` starts the error ("Log level must be one of ..."). */
export function oneOf<const T extends string>(values: readonly T[], label: string, fallback: T): Parser<T> {
  return {
    read(raw) {
      const value = typeof raw === 'string' ? raw : fallback;
      if (!(values as readonly string[]).includes(value)) {
        throw new ConfigError(`${label} must be one of ${values.join(', ')}, got "${value}".`);
      }
      return value as T;
    },
    fallback,
  };
}

/** A whole number in a range; `noun` starts the error ("Port (--port, CREW_HTTP_PORT) must be ..."). */
export function integer(noun: string, fallback: number, min: number, max: number): Parser<number> {
  return {
    read(raw, { flag, env }) {
      if (raw === undefined) return fallback;
      const parsed = Number(raw);
      if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
        const names = [flag, env].filter(Boolean).join(', ');
        throw new ConfigError(
          `${noun} (${names}) must be a whole number from ${min} to ${max}, got "${String(raw)}".`,
        );
      }
      return parsed;
    },
    fallback: String(fallback),
  };
}

/** A comma-separated list (blanks dropped), or null when not given. */
export function list(): Parser<string[] | null> {
  return { read: (raw) => splitList(raw) };
}

function splitList(raw: RawValue): string[] | null {
  if (typeof raw !== 'string') return null;
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** A list whose every item is one of `known`: an unknown one is an error naming the nearest. */
export function listOf<const T extends string>(known: readonly T[], noun: string): Parser<T[] | null> {
  return {
    read(raw, { flag }) {
      const names = splitList(raw);
      checkNames(names, known, flag ?? '', noun);
      return names as T[] | null;
    },
  };
}

const urlSchema = z.url({ protocol: /^https?$/ });

/** An http(s) URL without trailing slashes; `label` starts the error. */
export function checkUrl(value: string, label: string): string {
  if (!urlSchema.safeParse(value).success) {
    throw new ConfigError(`${label} must be an http(s) URL such as https://api.example.com, got "${value}".`);
  }
  return value.replace(/\/+$/, '');
}

/**
 * An http(s) URL, or null. Its errors name the variable, and the flag too when `naming` says so
 * (the platform's own URLs were always named by their variable alone).
 */
export function url(naming: 'variable' | 'variable and flag'): Parser<string | null> {
  return {
    read(raw, { flag, env }) {
      if (typeof raw !== 'string') return null;
      return checkUrl(raw, naming === 'variable' ? `${env}` : `${env} (${flag})`);
    },
  };
}

/** A URL as an error may show it: without its password. */
export function withoutPassword(value: string): string {
  return value.replace(/^([a-z]+:\/\/[^:/@\s]*):[^@\s]*@/i, '$1:***@');
}

/** A PostgreSQL server's URL (postgres:// or postgresql://), or null. */
export function postgresUrl(): Parser<string | null> {
  return {
    read(raw, { flag, env }) {
      if (typeof raw !== 'string') return null;
      if (!/^postgres(ql)?:\/\/\S+$/.test(raw)) {
        throw new ConfigError(
          `${flag} (${env}) must be a PostgreSQL URL such as postgres://crew@db.example.com:5432/crew_mcp, got "${withoutPassword(raw)}".`,
        );
      }
      return raw;
    },
  };
}

/** Absolute directories that are not /proc, /dev or /sys. */
export function directories(): Parser<string[]> {
  return {
    read(raw, { flag }) {
      const roots = splitList(raw) ?? [];
      for (const root of roots) {
        if (!root.startsWith('/')) {
          throw new ConfigError(`${flag} takes absolute directories, got "${root}".`);
        }
        const bare = root.replace(/\/+$/, '') || '/';
        if (
          ['/proc', '/dev', '/sys'].some(
            (forbidden) => bare === forbidden || bare.startsWith(`${forbidden}/`),
          )
        ) {
          throw new ConfigError(`${flag} cannot allow ${root}: /proc, /dev and /sys are never read.`);
        }
      }
      return roots;
    },
  };
}

/** Edit distance, for "did you mean" hints on misspelled names. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length] as number;
}

/** The known name closest to `name`, when one is close enough to be a likely misspelling. */
export function nearestName(name: string, known: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const d = distance(name.toLowerCase(), candidate.toLowerCase());
    if (!best || d < best.distance) best = { name: candidate, distance: d };
  }
  return best && best.distance <= Math.max(2, Math.floor(name.length / 3)) ? best.name : undefined;
}

/** Names of `flag` that are not among `known`: a configuration error with the nearest known name. */
export function checkNames(
  names: readonly string[] | null,
  known: readonly string[],
  flag: string,
  noun: string,
): void {
  for (const name of names ?? []) {
    if (known.includes(name)) continue;
    const guess = nearestName(name, known);
    throw new ConfigError(
      `Unknown ${noun} "${name}" in ${flag}${guess ? `; did you mean "${guess}"?` : '.'} ${noun[0]?.toUpperCase()}${noun.slice(1)}s: ${known.join(', ')}.`,
    );
  }
}
