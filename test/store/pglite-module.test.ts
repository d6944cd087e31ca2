// PGlite's WebAssembly is compiled by Liftoff alone (its TurboFan tier-up cost some 50 MiB of the
// connector's idle memory), and the V8 flags that do it are put back at once: WebAssembly compiled
// afterwards (the planner's solver) still tiers up to TurboFan when it runs hot.
import { setFlagsFromString } from 'node:v8';
import { expect, it } from 'vitest';
import { liftoffFlags, pgliteModule } from '../../src/store/pglite-module.js';
import { until } from '../helpers/until.js';

it("leaves WebAssembly tiering to the operator's own node flags when given", () => {
  for (const flag of ['--liftoff-only', '--no-liftoff', '--wasm-dynamic-tiering', '--no-wasm_tier_up']) {
    expect(liftoffFlags(['--enable-source-maps', flag]), flag).toBeNull();
  }
  expect(liftoffFlags(['--max-old-space-size=256'])).toEqual({
    compile: '--liftoff-only',
    restore: '--no-liftoff-only --wasm-dynamic-tiering',
  });
});

/** `(module (func (export "add") (param i32 i32) (result i32) local.get 0 local.get 1 i32.add))` */
const ADD = [
  0, 97, 115, 109, 1, 0, 0, 0, 1, 7, 1, 96, 2, 127, 127, 1, 127, 3, 2, 1, 0, 7, 7, 1, 3, 97, 100, 100, 0, 0,
  10, 9, 1, 7, 0, 32, 0, 32, 1, 106, 11,
];

it('compiles PGlite once, and WebAssembly compiled after it still tiers up when hot', async () => {
  const module = pgliteModule();
  expect(pgliteModule()).toBe(module);
  // V8's own probe of a function's tier (a runtime function, parsed only with this flag on).
  setFlagsFromString('--allow-natives-syntax');
  const isTurbofan = new Function('f', 'return %IsTurboFanFunction(f)') as (f: unknown) => boolean;
  const wasm = (globalThis as unknown as { WebAssembly: { Module: new (b: Uint8Array) => object } })
    .WebAssembly;
  const instance = new (
    globalThis as unknown as { WebAssembly: { Instance: new (m: object) => object } }
  ).WebAssembly.Instance(new wasm.Module(new Uint8Array(ADD)));
  const add = (instance as { exports: { add: (a: number, b: number) => number } }).exports.add;
  expect(isTurbofan(add)).toBe(false);
  // Dynamic tiering compiles a hot function again with TurboFan, in the background.
  await until(
    () => {
      let sum = 0;
      for (let index = 0; index < 100_000; index++) sum = add(sum, 1);
      return isTurbofan(add) ? true : undefined;
    },
    60_000,
    1,
  );
}, 90_000);
