/**
 * Waiting on the thing awaited instead of on a clock: a check re-run each time an emitter says
 * something happened (a write, a request, a look at the store), never every N ms.
 */

/** Anything with Node-style `on`/`off` (node:events, a stream, a Puppeteer page). */
export interface Emitter {
  on(event: string, listener: () => void): unknown;
  off(event: string, listener: () => void): unknown;
}

/**
 * Resolves with `check()`'s first truthy value, tried now and again after every one of `events`
 * of `emitter` (one check at a time: events during an asynchronous check ask for one more).
 * `timeoutMs` only caps a broken run: it rejects naming `what`, and is never what ends a passing
 * wait.
 */
export function whenEmitted<T>(emitter: Emitter, events: string | readonly string[], check: () => T | Promise<T>, what: string, timeoutMs = 10_000): Promise<NonNullable<T>> {
  const names = typeof events === 'string' ? [events] : events;
  return new Promise((resolve, reject) => {
    let settled = false;
    let checking = false;
    let again = false;
    const settle = (outcome: () => void) => {
      settled = true;
      clearTimeout(limit);
      for (const name of names) emitter.off(name, listener);
      outcome();
    };
    const listener = () => {
      if (settled) return;
      if (checking) {
        again = true;
        return;
      }
      checking = true;
      again = false;
      Promise.resolve()
        .then(check)
        .then(
          (value) => {
            checking = false;
            if (settled) return;
            if (value) settle(() => resolve(value));
            else if (again) listener();
          },
          (error: unknown) => settle(() => reject(error instanceof Error ? error : new Error(String(error)))),
        );
    };
    const limit = setTimeout(() => settle(() => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`))), timeoutMs);
    for (const name of names) emitter.on(name, listener);
    listener();
  });
}
