import { ApiException } from '@kubernetes/client-node';
import { isQuotaConflict, retryingQuotaConflicts } from './kube-errors';

const answer = (code: number, message: string, details?: Record<string, unknown>) =>
  new ApiException(code, message, JSON.stringify({ kind: 'Status', status: 'Failure', message, reason: 'Conflict', code, details }), {});
const QUOTA = answer(
  409,
  'Operation cannot be fulfilled on resourcequotas "curry-rq": the object has been modified; please apply your changes to the latest version and try again',
  { name: 'curry-rq', kind: 'resourcequotas' },
);

describe('a ResourceQuota conflict on create or apply', () => {
  it('is told from other refusals', () => {
    expect(isQuotaConflict(QUOTA)).toBe(true);
    expect(isQuotaConflict(answer(409, 'deployments.apps "vdu1" already exists', { kind: 'deployments' }))).toBe(false);
    expect(isQuotaConflict(answer(403, 'exceeded quota: curry-rq, requested: pods=1'))).toBe(false);
    expect(isQuotaConflict(new Error('socket hang up'))).toBe(false);
  });

  it('is tried again, a bounded number of times; other refusals are not', async () => {
    let calls = 0;
    await expect(retryingQuotaConflicts(async () => (++calls < 3 ? Promise.reject(QUOTA) : 'applied'))).resolves.toBe('applied');
    expect(calls).toBe(3);
    calls = 0;
    await expect(retryingQuotaConflicts(async () => (calls++, Promise.reject(QUOTA)), 2)).rejects.toBe(QUOTA);
    expect(calls).toBe(2);
    calls = 0;
    const forbidden = answer(403, 'forbidden');
    await expect(retryingQuotaConflicts(async () => (calls++, Promise.reject(forbidden)))).rejects.toBe(forbidden);
    expect(calls).toBe(1);
  });
});
