/** Why a step's signal fired. */
/** `taken-over`: another replica holds the step's lease now (this one lost touch with the store for a while). */
export type StepStopCause = 'deadline' | 'abandoned' | 'shutdown' | 'taken-over';

/** The reason of an aborted step signal. */
export class StepStopped extends Error {
  constructor(
    readonly why: StepStopCause,
    detail: string,
  ) {
    super(detail);
    this.name = 'StepStopped';
  }
}

export const stopCauseOf = (signal: AbortSignal): StepStopCause | undefined =>
  signal.aborted && signal.reason instanceof StepStopped ? signal.reason.why : undefined;

/** Settles with the signal's reason when it fires (never resolves). */
export function whenAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}
