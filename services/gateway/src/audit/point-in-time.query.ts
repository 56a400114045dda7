import { AppError } from '@vnfm/contracts';
import type { PointInTime, VnfLcmApiMajor } from '@vnfm/lcm-domain';

const PARAMETERS = ['position', 'time', 'apiVersion'];
const REVISION = /^\d{1,15}$/;
/** An instant with its time zone: a local time without one would mean a different instant on every server. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

export interface InstanceStateQuery {
  at: PointInTime;
  apiMajor: VnfLcmApiMajor;
}

const badQuery = (detail: string) => new AppError('INVALID_QUERY', 400, 'Bad Request', detail);

/**
 * `position=<event revision>` or `time=<ISO 8601 instant>`, exactly one;
 * `apiVersion=1|2` picks the VnfInstance view of that API version (default 2).
 */
export function readInstanceStateQuery(query: Record<string, unknown>): InstanceStateQuery {
  const unknown = Object.keys(query).filter((name) => !PARAMETERS.includes(name));
  if (unknown.length > 0)
    throw badQuery(`Unknown query parameter ${unknown.join(', ')}: give position or time, and optionally apiVersion.`);
  const [position, time, apiVersion = '2'] = PARAMETERS.map((name) => single(query, name));
  if ((position === undefined) === (time === undefined))
    throw badQuery('Give exactly one of position (an event revision of the instance) and time (an ISO 8601 date-time).');
  if (apiVersion !== '1' && apiVersion !== '2') throw badQuery('apiVersion must be 1 or 2.');
  return {
    apiMajor: apiVersion === '1' ? 1 : 2,
    at: position !== undefined ? { position: revisionOf(position) } : { time: instantOf(time as string) },
  };
}

function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined || typeof value === 'string') return value;
  throw badQuery(`${name} must be given once.`);
}

function revisionOf(position: string): number {
  if (!REVISION.test(position)) throw badQuery('position must be an event revision: an integer of at least 0.');
  return Number(position);
}

function instantOf(time: string): string {
  const millis = INSTANT.test(time) ? Date.parse(time) : Number.NaN;
  if (Number.isNaN(millis))
    throw badQuery("time must be an ISO 8601 date-time with its time zone, e.g. 2025-05-01T12:00:00Z (write a '+' offset as %2B).");
  return new Date(millis).toISOString();
}
