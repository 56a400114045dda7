import type { VimConnectionInfo } from '@vnfm/vim-domain';
import { keystoneAccessOf, passwordAuthRequest, serviceEndpoints, tokenExpiry } from './keystone-access';

/** What vim-registry.resolveVimConnectionInfo answers for a registered OpenStack VIM. */
const resolved: VimConnectionInfo = {
  vimId: 'v1',
  vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3',
  interfaceInfo: { endpoint: 'http://192.0.2.1/identity/v3', skipCertificateVerification: false },
  accessInfo: {
    username: 'nfv_user',
    password: 'devstack',
    region: 'RegionOne',
    project: 'nfv',
    projectDomain: 'Default',
    userDomain: 'Default',
  },
};

const catalog = (region: string) => ({
  token: {
    expires_at: '2026-01-01T01:00:00.000000Z',
    catalog: [
      { type: 'orchestration', endpoints: [{ interface: 'public', region_id: region, url: `http://192.0.2.1/heat-api/v1/p1/` }] },
      {
        type: 'compute',
        endpoints: [
          { interface: 'internal', region_id: region, url: 'http://10.0.0.1/compute/v2.1' },
          { interface: 'public', region_id: region, url: 'http://192.0.2.1/compute/v2.1' },
        ],
      },
    ],
  },
});

describe('Keystone v3 access of an OpenStack VIM', () => {
  it('reads the password credentials and builds a project-scoped password authentication', () => {
    const access = keystoneAccessOf(resolved);
    expect(access).toEqual({
      endpoint: 'http://192.0.2.1/identity/v3',
      username: 'nfv_user',
      password: 'devstack',
      userDomain: 'Default',
      project: 'nfv',
      projectDomain: 'Default',
      region: 'RegionOne',
    });
    expect(passwordAuthRequest(access)).toEqual({
      auth: {
        identity: { methods: ['password'], password: { user: { name: 'nfv_user', domain: { name: 'Default' }, password: 'devstack' } } },
        scope: { project: { name: 'nfv', domain: { name: 'Default' } } },
      },
    });
  });

  it('adds /v3 to an endpoint given without its version and defaults the domains', () => {
    const access = keystoneAccessOf({
      ...resolved,
      interfaceInfo: { endpoint: 'http://192.0.2.1/identity/' },
      accessInfo: { username: 'u', password: 'p', project: 'nfv' },
    });
    expect(access).toMatchObject({
      endpoint: 'http://192.0.2.1/identity/v3',
      userDomain: 'Default',
      projectDomain: 'Default',
      region: undefined,
    });
  });

  it('names the missing fields without echoing any value', () => {
    expect(() => keystoneAccessOf({ ...resolved, accessInfo: { username: 'nfv_user', password: 'devstack' } })).toThrow(
      "The VIM's connection info cannot be used for Keystone v3 password authentication: accessInfo.project is missing.",
    );
  });

  it('takes the public Heat and Nova endpoints of the VIM region from the catalog', () => {
    expect(serviceEndpoints(catalog('RegionOne'), 'RegionOne')).toEqual({
      heat: 'http://192.0.2.1/heat-api/v1/p1',
      nova: 'http://192.0.2.1/compute/v2.1',
    });
    expect(() => serviceEndpoints(catalog('RegionTwo'), 'RegionOne')).toThrow(
      "Keystone's catalog has no public orchestration endpoint in region RegionOne.",
    );
    expect(tokenExpiry(catalog('RegionOne'))).toBe(Date.parse('2026-01-01T01:00:00Z'));
  });

  it("takes Glance's endpoint when the catalog lists one (unversioned), and does without it otherwise", () => {
    const withGlance = catalog('RegionOne');
    withGlance.token.catalog.push({
      type: 'image',
      endpoints: [{ interface: 'public', region_id: 'RegionOne', url: 'http://192.0.2.1/image/v2/' }],
    });
    expect(serviceEndpoints(withGlance, 'RegionOne')).toMatchObject({ glance: 'http://192.0.2.1/image' });
    expect(serviceEndpoints(catalog('RegionOne'), 'RegionOne')).not.toHaveProperty('glance');
  });
});
