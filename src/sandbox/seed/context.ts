// What every seeding step shares: the store being filled, the one PRNG (draw order matters),
// "today" as a date and as UTC midnight, the company everything belongs to, and the small
// time and text helpers the steps format values with.

import type { SandboxStore } from '../store.js';
import type { Rng } from './rng.js';

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

export interface SeedContext {
  store: SandboxStore;
  rng: Rng;
  today: string;
  todayMs: number;
  companyId: string;
}

export function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}

/** Lower-case letters only, for e-mail addresses and file names. */
export function asciiName(name: string): string {
  return name.toLowerCase().replace(/[^a-z]/g, '');
}
