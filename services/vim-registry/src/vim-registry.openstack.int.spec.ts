import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AppError } from '@vnfm/contracts';
import { DataKeyMissingError } from '@vnfm/crypto';
import { vimStream, type TackerVimView } from '@vnfm/vim-domain';
import { corpusVimConfig, tackerRegisterBody } from '@vnfm/vim-domain/testing';
import { startOpenStackSimulator, type OpenStackSimulator } from '../../../tools/openstack-sim/src';
import { unconfined, VimRegistryFixture } from './testing/vim-registry.fixture';

jest.setTimeout(60_000);

let sim: OpenStackSimulator;
let fixture: VimRegistryFixture;

/** The corpus OpenStack VIM file, pointed at the simulator (its password mySecretPW is one the simulator accepts). */
const simVimFile = (overrides: Record<string, unknown> = {}) => ({
  ...corpusVimConfig('openstack-vim_config.yaml'),
  auth_url: sim.credentials.authUrl,
  ...overrides,
});
const register = (name: string, overrides: Record<string, unknown> = {}, isDefault = false) =>
  fixture.register(tackerRegisterBody(simVimFile(overrides), { name, isDefault }));
const codeOf = async (attempt: Promise<unknown>) =>
  (
    (await attempt.then(
      () => undefined,
      (error: unknown) => error,
    )) as AppError | undefined
  )?.code;

beforeAll(async () => {
  sim = await startOpenStackSimulator({ delayMs: 0 });
});
afterAll(() => sim.close());
beforeEach(async () => {
  fixture = new VimRegistryFixture();
  await fixture.start();
});
afterEach(() => fixture.cleanUp());

describe('vim-registry with the OpenStack simulator', () => {
  it('registers a reachable VIM with its Keystone region; the password exists only sealed', async () => {
    const vim = await register('vim-os');
    expect(vim).toMatchObject({
      status: 'REACHABLE',
      type: 'openstack',
      auth_url: `${sim.credentials.authUrl}/v3`,
      placement_attr: { regions: [sim.credentials.region] },
    });
    expect(vim.auth_cred).toMatchObject({ username: 'nfv_user', password: '***' });
    expect(JSON.stringify(fixture.registry.directory.views(undefined))).not.toContain('mySecretPW');
    expect(fixture.eventLog()).toContain('"sealedSecrets":{"password":"v1.');
    expect(fixture.eventLog()).not.toContain('mySecretPW');
  });

  it('registers a VIM with a wrong password as UNREACHABLE, with Keystone refusal as the reason', async () => {
    const vim = await register('vim-bad', { password: 'wrong-password' });
    expect(vim.status).toBe('UNREACHABLE');
    expect(vim.status_reason).toBe(
      `Keystone at ${sim.credentials.authUrl}/v3 refused the credentials (HTTP 401): The request you have made requires authentication.`,
    );
    expect(fixture.eventLog()).not.toContain('wrong-password');
  });

  it('registers a VIM nobody answers for as UNREACHABLE, saying so', async () => {
    const vim = await register('vim-nowhere', { auth_url: 'http://127.0.0.1:9/identity' });
    expect(vim).toMatchObject({
      status: 'UNREACHABLE',
      status_reason: 'Keystone at http://127.0.0.1:9/identity/v3: connection to 127.0.0.1:9 refused (nothing listens there)',
    });
  });

  it('makes a VIM reachable again when `vim set` gives the right password, and checks again', async () => {
    const bad = await register('vim-fix', { password: 'wrong-password' });
    const fixed = await fixture.registry.registration.update(
      bad.id,
      {
        vim: { auth_cred: { password: 'devstack' }, description: 'fixed' },
      },
      undefined,
    );
    expect(fixed).toMatchObject({ status: 'REACHABLE', description: 'fixed', updated_at: expect.any(String) });
    expect(fixed.status_reason).toBeUndefined();
    const renamed = await fixture.registry.registration.update(bad.id, { vim: { name: 'vim-renamed' } }, undefined);
    expect(renamed).toMatchObject({ name: 'vim-renamed', status: 'REACHABLE' });
  });

  it('moves the tenant default to the VIM registered last as default, also after a restart', async () => {
    const first = await register('first', {}, true);
    const second = await register('second', {}, true);
    const defaults = (views: TackerVimView[]) => views.filter((v) => v.is_default).map((v) => v.name);
    expect(defaults(fixture.registry.directory.views(undefined))).toEqual(['second']);
    const restarted = await fixture.restart();
    expect(defaults(restarted.directory.views(undefined))).toEqual(['second']);
    await restarted.registration.update(first.id, { vim: { is_default: true } }, undefined);
    expect(defaults(restarted.directory.views(undefined))).toEqual(['first']);
    expect(restarted.directory.get(second.id)?.isDefault).toBe(false);
  });

  it('refuses bad input and duplicate names, leaving no event and no data key behind', async () => {
    await register('taken');
    const keysBefore = readdirSync(fixture.keyDir()).length;
    expect(await codeOf(register('taken'))).toBe('DUPLICATE_VIM_NAME');
    expect(await codeOf(fixture.register({ vim: { name: 'x', auth_url: 'not a url', auth_cred: { username: 'u' } } }))).toBe(
      'INVALID_VIM_REQUEST',
    );
    expect(
      await codeOf(fixture.register({ vim: { ...tackerRegisterBody(simVimFile(), { name: 'y' }).vim, extra: { password: 'p' } } })),
    ).toBe('INVALID_VIM_REQUEST');
    expect(readdirSync(fixture.keyDir())).toHaveLength(keysBefore);
    expect(fixture.registry.directory.views(undefined).map((v) => v.name)).toEqual(['taken']);
  });

  it('deletes a VIM by destroying its data key: its sealed password can never be opened again', async () => {
    const vim = await register('doomed');
    const keyFile = join(fixture.keyDir(), `${vim.id}.key`);
    expect(existsSync(keyFile)).toBe(true);
    const sealed = fixture.registry.directory.get(vim.id)?.sealedSecrets.password as string;
    await fixture.registry.registration.delete(vim.id, undefined);
    expect(existsSync(keyFile)).toBe(false);
    await expect(fixture.keyRing().open(vim.id, sealed, 'password')).rejects.toThrow(DataKeyMissingError);
    expect(fixture.eventLog()).toContain(vimStream(vim.id));
    const restarted = await fixture.restart();
    expect(restarted.directory.get(vim.id)).toBeUndefined();
    expect(await codeOf(restarted.registration.delete(vim.id, undefined))).toBe('VIM_NOT_FOUND');
  });

  it('destroys at start the data keys no VIM owns (a crash between delete and shredding)', async () => {
    await fixture.keyRing().create('0e2d9c7a-4a55-4a4b-9d4c-3c1c5e0c7f01');
    const kept = await register('kept');
    await fixture.restart();
    expect(readdirSync(fixture.keyDir())).toEqual([`${kept.id}.key`]);
  });

  it('resolves vimConnectionInfo by vimId, by tenant default and inline, with the password opened', async () => {
    const vim = await register('vim-lcm', {}, true);
    const { resolver } = fixture.registry;
    const byId = await resolver.resolve(
      { vimConnectionInfo: { vim1: { vimId: vim.id, vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3' } } },
      unconfined(),
    );
    expect(byId.vimConnectionInfo.vim1).toEqual({
      vimId: vim.id,
      vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3',
      interfaceInfo: { endpoint: `${sim.credentials.authUrl}/v3`, skipCertificateVerification: false },
      accessInfo: {
        username: 'nfv_user',
        password: 'mySecretPW',
        region: 'RegionOne',
        project: 'nfv',
        projectDomain: 'Default',
        userDomain: 'Default',
      },
      extra: {},
    });
    expect((await resolver.resolve({}, unconfined())).vimConnectionInfo.default.vimId).toBe(vim.id);
    const inline = {
      vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3',
      interfaceInfo: { endpoint: 'http://127.0.0.1/identity/v3' },
      accessInfo: { username: 'u', password: 'p', project: 'nfv' },
    };
    expect((await resolver.resolve({ vimConnectionInfo: [{ id: 'x', ...inline }] }, unconfined())).vimConnectionInfo.x).toEqual(inline);
    expect(
      await codeOf(
        resolver.resolve(
          { vimConnectionInfo: { a: { vimId: '6f0c1c9e-2f52-4a5e-8f9e-0b8f4b7f7e55', vimType: 'ETSINFV.KUBERNETES.V_1' } } },
          unconfined(),
        ),
      ),
    ).toBe('VIM_NOT_FOUND');
    expect(
      await codeOf(resolver.resolve({ vimConnectionInfo: { a: { vimId: vim.id, vimType: 'ETSINFV.KUBERNETES.V_1' } } }, unconfined())),
    ).toBe('INVALID_VIM_CONNECTION_INFO');
    expect(await codeOf(resolver.resolve({}, unconfined('another-tenant')))).toBe('NO_DEFAULT_VIM');
  });
});
