// Vitest setup file (vitest.config.ts setupFiles): the seed of the property tests (fast-check),
// set in one place for every test file. FC_SEED, an integer, makes every property that names no
// seed of its own start from it (CI runs the properties once with a fixed seed and once with a
// random one that it prints); unset, fast-check draws a seed per property. Either way a failing
// property's error names its seed and path, and `FC_SEED=<seed> npx vitest run <file> -t '<test>'`
// replays it.
/** The seed FC_SEED asks for; undefined when it is unset or empty. */
export function fastCheckSeed(env: Record<string, string | undefined>): number | undefined {
  const value = env.FC_SEED?.trim();
  if (!value) return undefined;
  const seed = Number(value);
  if (!/^-?\d+$/.test(value) || seed !== (seed | 0))
    throw new Error(
      `FC_SEED must be a 32-bit integer such as 42 (got "${value}"): unset it for a random seed.`,
    );
  return seed;
}

const seed = fastCheckSeed(process.env);
// Loaded only to be configured: most test files have no property, and an isolated file loads its own.
if (seed !== undefined) {
  const { default: fc } = await import('fast-check');
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
}
