import type { ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { AuthGuard } from './auth.guard';
import type { Authenticator, Principal } from './principal';

const principals: Record<string, Principal> = {
  'reader-token': { name: 'reader@p (u1)', roles: new Set(['reader']) },
  'member-token': { name: 'member@p (u2)', roles: new Set(['member', 'reader']) },
  'member-token-2': { name: 'member@p (u2)', roles: new Set(['member', 'reader']) },
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
});
