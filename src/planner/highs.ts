// The HiGHS solver (the `highs` package: HiGHS compiled to WebAssembly), loaded on first use only:
// compiling its 2.6 MB of WebAssembly costs a start-up that most sessions never plan, so nothing
// loads it before a plan is asked for. The .wasm ships in dist/bin beside the bundled CLI
// (scripts/bundle-cli.mjs copies it); from a checkout it is read from node_modules.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Highs } from 'highs';
import { packagePath } from '../paths.js';

let loading: Promise<Highs> | undefined;

/** Where highs.wasm is: beside the bundled CLI, else the installed package's own copy. */
export function highsWasmPath(): string {
  const bundled = packagePath('dist', 'bin', 'highs.wasm');
  if (existsSync(bundled)) return bundled;
  return createRequire(import.meta.url).resolve('highs/runtime');
}

/** The solver, compiled once per process on the first call. */
export function loadHighs(): Promise<Highs> {
  loading ??= (async () => {
    // The package's types describe its CommonJS face; its ESM entry's default export is the loader.
    const module: { default: unknown } = await import('highs');
    const load = module.default as (options: { wasmBinary: Uint8Array }) => Promise<Highs>;
    return load({ wasmBinary: readFileSync(highsWasmPath()) });
  })();
  // A failed load is not kept: the next plan tries again.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** Whether the solver was loaded already (cold-start measurements). */
export function highsLoaded(): boolean {
  return loading !== undefined;
}
