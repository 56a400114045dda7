import type { ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { currentContext, runWithContext } from '@vnfm/telemetry';
import { AuthGuard } from './auth.guard';
import type { Authenticator, Principal } from './principal';

const principals: Record<string, Principal> = {
  'reader-token': { name: 'reader@p (u1)', roles: new Set(['reader']), tenant: 'p', allTenants: false },
  'member-token': { name: 'member@p (u2)', roles: new Set(['member', 'reader']), tenant: 'p', allTenants: false },
  'unscoped-token': { name: 'member (u3)', roles: new Set(['member', 'reader']), allTenants: false },
  'system-token': { name: 'admin@system (u4)', roles: new Set(['admin', 'member', 'reader']), allTenants: true },
  'member-token-2': { name: 'member@p (u2)', roles: new Set(['member', 'reader']), tenant: 'p', allTenants: false },
};
const authenticator: Authenticator = { authenticate: async (token) => principals[token] };

/** A request as Express hands it to the guard: raw headers in arrival order, duplicates kept. */
function requestWith(method: string, path: string, raw: [string, string][]): ExecutionContext {
  const request = {
    method,
    path,
    rawHeaders: raw.flat(),
    socket: {},
    header: (name: string) => raw.find(([key]) => key.toLowerCase() === name)?.[1],
  } as unknown as Request;
  return { switchToHttp: () => ({ getRequest: () => request }) } as unknown as ExecutionContext;
}

const outcome = (context: ExecutionContext) =>
  new AuthGuard(authenticator).canActivate(context).then(
    () => 'allowed',
    (error: { status: number; detail: string }) => `${error.status} ${error.detail}`,
  );

describe('AuthGuard', () => {
  it('takes a valid token with the role the route needs, and refuses one without it (403)', async () => {
    expect(await outcome(requestWith('GET', '/vnflcm/v2/vnf_instances', [['X-Auth-Token', 'reader-token']]))).toBe('allowed');
    expect(await outcome(requestWith('POST', '/vnflcm/v2/vnf_instances', [['X-Auth-Token', 'reader-token']]))).toMatch(
      /^403 POST \/vnflcm\/v2\/vnf_instances needs the member role/,
    );
    expect(await outcome(requestWith('POST', '/vnflcm/v2/vnf_instances', [['Authorization', 'Bearer member-token']]))).toBe('allowed');
  });

  it('refuses (401) no token, an unknown one, a malformed Authorization, a header given twice, and two credentials of different principals', async () => {
    const get = (raw: [string, string][]) => outcome(requestWith('GET', '/vnflcm/v2/vnf_instances', raw));
    expect(await get([])).toMatch(/^401 An X-Auth-Token/);
    expect(await get([['X-Auth-Token', 'forged']])).toBe('401 The token is not valid.');
    expect(await get([['Authorization', 'Basic abc']])).toMatch(/^401 Authorization must be/);
    expect(
      await get([
        ['Authorization', 'Bearer member-token'],
        ['Authorization', 'Bearer forged'],
      ]),
    ).toMatch(/^401 X-Auth-Token and Authorization may each be given once/);
    expect(
      await get([
        ['X-Auth-Token', 'member-token'],
        ['Authorization', 'Bearer forged'],
      ]),
    ).toBe('401 The token is not valid.');
    expect(
      await get([
        ['X-Auth-Token', 'member-token'],
        ['Authorization', 'Bearer reader-token'],
      ]),
    ).toBe('401 The credentials presented name different principals.');
    expect(
      await get([
        ['X-Auth-Token', 'member-token'],
        ['Authorization', 'Bearer member-token-2'],
      ]),
    ).toBe('allowed');
  });

  it('refuses (401) a token longer than 8192 characters before asking anyone', async () => {
    const checked: string[] = [];
    const counting: Authenticator = { authenticate: async (token) => (checked.push(token), undefined) };
    const context = requestWith('GET', '/vnflcm/v2/vnf_instances', [['Authorization', `Bearer ${'x'.repeat(8193)}`]]);
    await expect(new AuthGuard(counting).canActivate(context)).rejects.toMatchObject({ status: 401 });
    expect(checked).toEqual([]);
  });

  it('puts the tenant on the request context, refuses (403) a principal of no tenant, and lets a cross-tenant one see all', async () => {
    const contextOf = async (token: string) => {
      const context = { correlationId: 'c', causationId: 'c', principal: 'anonymous' };
      const result = await runWithContext(context, () =>
        outcome(requestWith('GET', '/vnflcm/v2/vnf_instances', [['X-Auth-Token', token]])),
      );
      return { result, tenant: currentContext() ?? context };
    };
    expect(await contextOf('reader-token')).toEqual({
      result: 'allowed',
      tenant: expect.objectContaining({ tenant: 'p', allTenants: false }),
    });
    expect((await contextOf('unscoped-token')).result).toMatch(/^403 The token names no tenant/);
    expect(await contextOf('system-token')).toEqual({ result: 'allowed', tenant: expect.objectContaining({ allTenants: true }) });
  });
});
