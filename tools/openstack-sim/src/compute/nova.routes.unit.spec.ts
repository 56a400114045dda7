import { startOpenStackSimulator, type OpenStackSimulator } from '../index';
import { field, OpenStackTestClient } from '../testing/openstack-test-client';

function servers(count: number): object {
  return {
    heat_template_version: '2018-08-31',
    resources: {
      net: { type: 'OS::Neutron::Net', properties: { name: 'internal' } },
      group: {
        type: 'OS::Heat::ResourceGroup',
        properties: {
          count,
          resource_def: {
            type: 'OS::Nova::Server',
            properties: {
              name: 'vdu-%index%',
              flavor: 'm1.tiny',
              image: 'cirros',
              metadata: { role: 'worker' },
              networks: [{ network: { get_resource: 'net' } }, { network: 'public' }],
            },
          },
        },
      },
    },
  };
}

describe('Nova v2.1 servers', () => {
  let simulator: OpenStackSimulator;
  let client: OpenStackTestClient;

  beforeAll(async () => {
    simulator = await startOpenStackSimulator({ addressPool: ['127.10.0.1', '127.10.0.2'] });
    client = await OpenStackTestClient.login(simulator);
  });
  afterEach(() => simulator.reset());
  afterAll(() => simulator.close());

  it('lists and shows the servers stacks created, with pool addresses on the first network', async () => {
    await client.heat('POST', '/stacks', { stack_name: 'vnf', template: servers(2) });
    await client.settle('vnf');
    const list = await client.nova('/servers');
    expect(list.headers.get('X-OpenStack-Nova-API-Version')).toBe('2.1');
    expect(field(list.body, 'servers')).toEqual([
      expect.objectContaining({ name: 'vdu-0', links: expect.any(Array) }),
      expect.objectContaining({ name: 'vdu-1' }),
    ]);
    const detail = await client.nova('/servers/detail?name=^vdu-1$');
    expect(field(detail.body, 'servers')).toHaveLength(1);
    const server = field(detail.body, 'servers.0');
    expect(server).toMatchObject({
      name: 'vdu-1',
      status: 'ACTIVE',
      tenant_id: simulator.credentials.projectId,
      metadata: { role: 'worker' },
      flavor: { id: 'm1.tiny' },
      image: { id: 'cirros' },
      addresses: {
        internal: [
          { addr: '127.10.0.2', version: 4, 'OS-EXT-IPS:type': 'fixed', 'OS-EXT-IPS-MAC:mac_addr': expect.stringMatching(/^fa:16:3e:/) },
        ],
        public: [expect.objectContaining({ version: 4 })],
      },
    });
    const shown = await client.nova(`/servers/${String(field(server, 'id'))}`);
    expect(field(shown.body, 'server')).toEqual(server);
  });

  it('answers 404 in Nova format for unknown servers', async () => {
    const response = await client.nova('/servers/00000000-0000-0000-0000-000000000000');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      itemNotFound: { code: 404, message: 'Instance 00000000-0000-0000-0000-000000000000 could not be found.' },
    });
  });

  it('fails the stack when the address pool is exhausted, and reuses freed addresses', async () => {
    await client.heat('POST', '/stacks', { stack_name: 'big', template: servers(3) });
    const failed = await client.settle('big');
    expect(failed).toMatchObject({ stack_status: 'CREATE_FAILED' });
    expect(String(failed?.['stack_status_reason'])).toMatch(
      /^Resource CREATE failed: ResourceInError: resources\.group\.resources\.2: .*address pool 127\.10\.0\.1-127\.10\.0\.2 \(2 addresses\) is exhausted/,
    );

    await client.heat('DELETE', `/stacks/big/${String(failed?.['id'])}`);
    expect(await client.settle('big')).toBeUndefined();
    expect(simulator.state().addressPool.used).toEqual([]);
    await client.heat('POST', '/stacks', { stack_name: 'small', template: servers(2) });
    expect(await client.settle('small')).toMatchObject({ stack_status: 'CREATE_COMPLETE' });
    expect(simulator.state().servers.map((server) => server.managementAddress)).toEqual(['127.10.0.1', '127.10.0.2']);
  });

  it('serves the v2.1 version document', async () => {
    const version = await client.nova('');
    expect(field(version.body, 'version')).toMatchObject({ id: 'v2.1', status: 'CURRENT', min_version: '2.1' });
  });
});
