/**
 * Reads until `done` holds or the deadline passes, pausing briefly between
 * reads; the error names what was awaited and the last value read, so a
 * failing end-to-end test says which component stopped where.
 */
export async function pollUntil<T>(
  what: string,
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  timeoutMs = 60_000,
  pauseMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not reached within ${timeoutMs} ms; last seen: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}
