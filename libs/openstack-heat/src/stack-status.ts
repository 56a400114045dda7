/** Where a stack stands: Heat statuses are `<ACTION>_<IN_PROGRESS|COMPLETE|FAILED>` (Orchestration API v1 stack_status). */
export type StackPhase = 'IN_PROGRESS' | 'COMPLETE' | 'FAILED';

export function stackPhase(status: string): StackPhase {
  if (status.endsWith('_IN_PROGRESS')) return 'IN_PROGRESS';
  return status.endsWith('_FAILED') ? 'FAILED' : 'COMPLETE';
}

/** How long to wait between stack polls: short at first (a stack may settle at once), growing to a ceiling. */
export interface PollSchedule {
  firstMs: number;
  factor: number;
  maxMs: number;
}

/**
 * A stack that is done at once (a no-op update, a fast cloud) is seen within
 * a millisecond or two. Past the first second a stack is asked about every
 * 800 ms: however long the cloud takes, its completion is seen less than a
 * second later (Tacker polls every 5 s), at 1.25 GETs per second per stack in
 * flight (about eleven GETs more in the first second, which are cheap).
 */
const HEAT_POLL_SCHEDULE: PollSchedule = { firstMs: 1, factor: 2, maxMs: 800 };

/** The wait before poll number `attempt` (0-based), never past the time left. */
export function pollDelayMs(attempt: number, remainingMs: number, schedule: PollSchedule = HEAT_POLL_SCHEDULE): number {
  const delay = Math.min(schedule.maxMs, schedule.firstMs * schedule.factor ** attempt);
  return Math.max(0, Math.min(Math.round(delay), remainingMs));
}
