// A shared piece of work that one caller may stop waiting for without stopping it for the others
// (a cached load, reads sent together in one request).

/** `promise`, or a rejection as soon as `signal` aborts (the promise itself runs on). */
export function untilAborted<V>(promise: Promise<V>, signal: AbortSignal | undefined): Promise<V> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<V>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
