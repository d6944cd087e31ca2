/** Polls `probe` until it returns something other than undefined, or fails after `ms`. */
export async function until<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  ms = 10_000,
  intervalMs = 20,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
