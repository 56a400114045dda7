import type { ExpectedRevision } from './event-store.port';

/** Thrown when an append's expected revision does not match the stream. */
export class WrongExpectedRevisionError extends Error {
  readonly code = 'WRONG_EXPECTED_REVISION';
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamName}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** The store was used after close() or could not be opened. */
export class EventStoreUnavailableError extends Error {
  readonly code = 'EVENT_STORE_UNAVAILABLE';
  constructor(message: string) {
    super(message);
    this.name = 'EventStoreUnavailableError';
  }
}

export function isWrongExpectedRevision(error: unknown): error is WrongExpectedRevisionError {
  return error instanceof WrongExpectedRevisionError;
}

/** Which revision a stream is at, or the result of checking an expectation against it. */
export function checkExpectedRevision(stream: string, expected: ExpectedRevision, current: number | 'no_stream'): void {
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && current === 'no_stream') ||
    (expected === 'stream_exists' && current !== 'no_stream') ||
    (typeof expected === 'number' && expected === current);
  if (!ok) throw new WrongExpectedRevisionError(stream, expected, current);
}
