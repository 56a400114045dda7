import { startOpenStackSimulator, type OpenStackSimulator } from '../index';
import { field, OpenStackTestClient } from '../testing/openstack-test-client';

/** heat-translator's shape: a VDU's flavour made from its virtual_compute, read by the server through get_resource. */
const template = (ram: unknown) => ({
  heat_template_version: '2013-05-23',
  resources: {
    VDU1_flavor: { type: 'OS::Nova::Flavor', properties: { ram, vcpus: 2, disk: 41 } },
    VDU1: {
      type: 'OS::Nova::Server',
      properties: { name: 'VDU1', flavor: { get_resource: 'VDU1_flavor' }, image: 'cirros', networks: [{ network: 'net0' }] },
    },
  },
});

describe('OS::Nova::Flavor and Nova flavours', () => {
  let simulator: OpenStackSimulator;
  let client: OpenStackTestClient;

  beforeAll(async () => {
    simulator = await startOpenStackSimulator();
    client = await OpenStackTestClient.login(simulator);
  });
  afterEach(() => simulator.reset());
  afterAll(() => simulator.close());

  it('creates the flavour a server runs with, shows it in Nova, and deletes it with the stack', async () => {
    await client.heat('POST', '/stacks', { stack_name: 'vnf', template: template(3814) });
    expect(await client.settle('vnf')).toMatchObject({ stack_status: 'CREATE_COMPLETE' });
    const [flavor] = simulator.state().flavors;
    expect(flavor).toMatchObject({ ram: 3814, vcpus: 2, disk: 41, name: expect.stringMatching(/^vnf-VDU1_flavor-/) });
    const [server] = simulator.state().servers;
    expect(server.flavor).toBe(flavor.id);
    expect(field((await client.nova(`/servers/${server.id}`)).body, 'server.flavor.id')).toBe(flavor.id);
    expect(field((await client.nova(`/flavors/${flavor.id}`)).body, 'flavor')).toMatchObject({ ram: 3814, vcpus: 2, disk: 41 });
    expect(field((await client.nova('/flavors')).body, 'flavors')).toEqual([expect.objectContaining({ id: flavor.id })]);

    await client.heat('DELETE', '/stacks/vnf');
    expect(await client.settle('vnf')).toBeUndefined();
    expect(simulator.state().flavors).toEqual([]);
    expect((await client.nova(`/flavors/${flavor.id}`)).status).toBe(404);
  });

  it('fails the stack for a flavour Nova would refuse (no RAM)', async () => {
    await client.heat('POST', '/stacks', { stack_name: 'bad', template: template(0) });
    expect(await client.settle('bad')).toMatchObject({
      stack_status: 'CREATE_FAILED',
      stack_status_reason: expect.stringContaining('resources.VDU1_flavor.properties.ram: 0 is not an integer of at least 1'),
    });
  });
});
