import { AppError } from '@vnfm/contracts';
import { readInstanceStateQuery } from './point-in-time.query';

function refusal(query: Record<string, unknown>): string {
  try {
    readInstanceStateQuery(query);
  } catch (error) {
    if (error instanceof AppError && error.status === 400) return error.detail;
    throw error;
  }
  throw new Error('the query was accepted');
}

describe('the point in time of GET /audit/v1/vnf_instances/{id}/state', () => {
  it('reads a stream position or an instant (normalised to UTC), in the v2 view unless apiVersion=1', () => {
    expect(readInstanceStateQuery({ position: '0' })).toEqual({ apiMajor: 2, at: { position: 0 } });
    expect(readInstanceStateQuery({ position: '12', apiVersion: '1' })).toEqual({ apiMajor: 1, at: { position: 12 } });
    expect(readInstanceStateQuery({ time: '2025-05-01T14:30:00+02:00' })).toEqual({
      apiMajor: 2,
      at: { time: '2025-05-01T12:30:00.000Z' },
    });
    expect(readInstanceStateQuery({ time: '2025-05-01T12:30:00.123456Z', apiVersion: '2' })).toEqual({
      apiMajor: 2,
      at: { time: '2025-05-01T12:30:00.123Z' },
    });
  });

  it('refuses anything but exactly one well-formed point, naming what is wrong', () => {
    expect(refusal({})).toMatch('Give exactly one of position');
    expect(refusal({ position: '1', time: '2025-05-01T12:00:00Z' })).toMatch('Give exactly one of position');
    expect(refusal({ position: '-1' })).toBe('position must be an event revision: an integer of at least 0.');
    expect(refusal({ position: '1.5' })).toMatch('position must be an event revision');
    expect(refusal({ position: ['1', '2'] })).toBe('position must be given once.');
    expect(refusal({ time: 'yesterday' })).toMatch('time must be an ISO 8601 date-time with its time zone');
    expect(refusal({ time: '2025-05-01T12:00:00' })).toMatch('with its time zone');
    expect(refusal({ time: '2025-05-01T12:00:00 02:00' })).toMatch("write a '+' offset as %2B");
    expect(refusal({ time: '2025-13-01T12:00:00Z' })).toMatch('time must be an ISO 8601 date-time');
    expect(refusal({ position: '1', apiVersion: '3' })).toBe('apiVersion must be 1 or 2.');
    expect(refusal({ position: '1', revision: '1' })).toMatch('Unknown query parameter revision');
  });
});
