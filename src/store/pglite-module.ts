// PGlite's WebAssembly (PostgreSQL, 9 MB), compiled by Liftoff, V8's baseline compiler, alone.
//
// Why (issue 33 item 4, README "The embedded store's memory"): left to V8's defaults, the functions
// a store's queries run hot are compiled again by TurboFan on background threads (some 800 of
// them in a short session), and the memory those compilations take stays with the process: about
// 50 MiB of resident memory at idle, a quarter of the connector's. PGlite's queries here are small
// (a few rows each) and their time goes to PGlite's protocol and the files, not to the compiled
// code: in a side-by-side run of a store's round of queries, Liftoff's code was no slower. So
// the module is compiled with tier-up off, and the flags are put back at once (synchronously, no
// other code runs between) so that the planner's solver, also WebAssembly, compiles as before.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import type { PGliteOptions } from '@electric-sql/pglite';
import { packagePath } from '../paths.js';

type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;

/** The WebAssembly global, which the project's libraries (ES2023, node) declare no value of. */
const wasm = (globalThis as unknown as { WebAssembly: { Module: new (bytes: Uint8Array) => WasmModule } })
  .WebAssembly;

/** Where pglite.wasm is: beside the bundled CLI, else the installed package's own copy. */
export function pgliteWasmPath(): string {
  const bundled = packagePath('dist', 'bin', 'pglite.wasm');
  if (existsSync(bundled)) return bundled;
  return createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm');
}

/**
 * The V8 flags to compile with and those that restore V8's defaults after, or null when the
 * operator set WebAssembly tiering flags of their own (node flags): theirs then apply as given.
 * `--liftoff-only` also turns off dynamic tiering (a flag implication), which is what keeps this
 * module's code from ever tiering up (the choice is made per module, when it is created); the
 * restore turns dynamic tiering back on for modules compiled later, and leaves `--wasm-tier-up`
 * (eager tier-up, off by the same implication) off: set again, it would tier this module up
 * function by function as they are first called.
 */
export function liftoffFlags(execArgv: readonly string[]): { compile: string; restore: string } | null {
  if (execArgv.some((arg) => /^--(no-)?(liftoff|wasm[-_](dynamic[-_]tiering|tier[-_]up))/.test(arg)))
    return null;
  return { compile: '--liftoff-only', restore: '--no-liftoff-only --wasm-dynamic-tiering' };
}

let compiled: WasmModule | undefined;

/** PGlite's module, compiled once per process (every PGlite instance can share it). */
export function pgliteModule(): WasmModule {
  if (compiled) return compiled;
  const bytes = readFileSync(pgliteWasmPath());
  const flags = liftoffFlags(process.execArgv);
  if (flags) setFlagsFromString(flags.compile);
  try {
    // Synchronous on purpose: nothing else compiles while the flags are set. Functions are
    // compiled lazily, on first call, so this decodes the module and is quick.
    compiled = new wasm.Module(bytes);
  } finally {
    if (flags) setFlagsFromString(flags.restore);
  }
  return compiled;
}
