import { startOpenStackSimulator, type OpenStackSimulator } from '../index';
import { field, OpenStackTestClient } from '../testing/openstack-test-client';

function template(count: number, removed: string[] = []): object {
  return {
    heat_template_version: '2018-08-31',
    resources: {
      group: {
        type: 'OS::Heat::ResourceGroup',
        properties: {
          count,
          removal_policies: [{ resource_list: removed }],
          resource_def: { type: 'OS::Nova::Server', properties: { name: 'vdu-%index%', flavor: 'm1.tiny', image: 'cirros' } },
        },
      },
    },
    outputs: {
      addresses: { value: { get_attr: ['group', 'first_address'] } },
      second: { value: { get_attr: ['group', 'resource.1.first_address'] } },
      refs: { value: { get_attr: ['group', 'refs'] } },
    },
  };
}

describe('OS::Heat::ResourceGroup', () => {
  let simulator: OpenStackSimulator;
  let client: OpenStackTestClient;

  beforeAll(async () => {
    simulator = await startOpenStackSimulator();
    client = await OpenStackTestClient.login(simulator);
  });
  afterAll(() => simulator.close());

  const serverNames = (): string[] =>
    simulator
      .state()
      .servers.map((server) => server.name)
      .sort();

  async function outputs(): Promise<Record<string, unknown>> {
    const stack = await client.settle('rg');
    const list = (stack?.['outputs'] ?? []) as Array<{ output_key: string; output_value: unknown }>;
    return Object.fromEntries(list.map((output) => [output.output_key, output.output_value]));
  }

  it('creates count members named by index, shrinks from the top and honours removal policies', async () => {
    const created = await client.heat('POST', '/stacks', { stack_name: 'rg', template: template(3) });
    const path = `rg/${String(field(created.body, 'stack.id'))}`;
    expect(await outputs()).toMatchObject({
      addresses: ['127.10.0.1', '127.10.0.2', '127.10.0.3'],
      second: '127.10.0.2',
      refs: simulator.state().servers.map((server) => server.id),
    });
    expect(serverNames()).toEqual(['vdu-0', 'vdu-1', 'vdu-2']);

    await client.heat('PATCH', `/stacks/${path}`, { template: template(2) });
    await outputs();
    expect(serverNames()).toEqual(['vdu-0', 'vdu-1']);

    await client.heat('PATCH', `/stacks/${path}`, { template: template(2, ['0']) });
    // The new member is created before member 0 is deleted, as Heat orders an update.
    expect(await outputs()).toMatchObject({ addresses: ['127.10.0.2', '127.10.0.3'] });
    expect(serverNames()).toEqual(['vdu-1', 'vdu-2']);
    expect(simulator.state().addressPool.used).toEqual(['127.10.0.2', '127.10.0.3']);
  });
});
