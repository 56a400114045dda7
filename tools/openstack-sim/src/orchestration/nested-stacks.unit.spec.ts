import { startOpenStackSimulator, type OpenStackSimulator } from '../index';
import { field, OpenStackTestClient } from '../testing/openstack-test-client';

const TOP = `
heat_template_version: 2013-05-23
parameters:
  nfv: { type: json }
resources:
  VDU1:
    type: Tacker::VDU
    properties:
      flavor: { get_param: [nfv, VDU, VDU1, flavor] }
      network: { get_resource: internal }
  internal:
    type: OS::Neutron::Net
    properties: { name: internal-vl }
outputs:
  vdu1_ip: { value: { get_attr: [VDU1, mgmt_ip] } }
  vdu1_server: { value: { get_attr: [VDU1, server_id] } }
`;

const VDU = `
heat_template_version: 2013-05-23
parameters:
  flavor: { type: string }
  network: { type: string }
  zone: { type: string }
resources:
  VDU1:
    type: OS::Nova::Server
    properties:
      flavor: { get_param: flavor }
      image: cirros
      availability_zone: { get_param: zone }
      networks: [{ network: { get_param: network } }]
outputs:
  mgmt_ip: { value: { get_attr: [VDU1, networks, internal-vl, 0] } }
  server_id: { value: { get_resource: VDU1 } }
`;

describe('nested stacks through files and resource_registry', () => {
  let simulator: OpenStackSimulator;
  let client: OpenStackTestClient;

  beforeAll(async () => {
    simulator = await startOpenStackSimulator();
    client = await OpenStackTestClient.login(simulator);
  });
  afterAll(() => simulator.close());

  it('builds a template resource from YAML text, an environment and files, and lists it with nested_depth', async () => {
    const created = await client.heat('POST', '/stacks', {
      stack_name: 'vnf',
      template: TOP,
      files: { 'vdu.yaml': VDU },
      environment: 'resource_registry:\n  Tacker::VDU: vdu.yaml\nparameter_defaults:\n  zone: az-1\n',
      parameters: { nfv: JSON.stringify({ VDU: { VDU1: { flavor: 'm1.small' } } }) },
      timeout_mins: 30,
    });
    const path = `vnf/${String(field(created.body, 'stack.id'))}`;
    const stack = await client.settle(path);
    const server = simulator.state().servers[0];
    expect(stack).toMatchObject({
      stack_status: 'CREATE_COMPLETE',
      timeout_mins: 30,
      outputs: expect.arrayContaining([
        expect.objectContaining({ output_key: 'vdu1_ip', output_value: '127.10.0.1' }),
        expect.objectContaining({ output_key: 'vdu1_server', output_value: server.id }),
      ]),
    });
    expect(field((await client.nova(`/servers/${server.id}`)).body, 'server.OS-EXT-AZ:availability_zone')).toBe('az-1');

    const flat = await client.heat('GET', `/stacks/${path}/resources`);
    expect(field(flat.body, 'resources')).toHaveLength(2);
    const deep = await client.heat('GET', `/stacks/${path}/resources?nested_depth=1`);
    const resources = field(deep.body, 'resources') as object[];
    const vdu = resources.find((resource) => field(resource, 'resource_type') === 'Tacker::VDU');
    const nestedLink = (field(vdu, 'links') as Array<{ rel: string; href: string }>).find((link) => link.rel === 'nested')?.href;
    expect(nestedLink).toBe(`${client.heatUrl}/stacks/vnf-VDU1-${String(nestedLink?.split('/vnf-VDU1-')[1])}`);
    expect(resources.find((resource) => field(resource, 'parent_resource') === 'VDU1')).toMatchObject({
      resource_name: 'VDU1',
      resource_type: 'OS::Nova::Server',
      physical_resource_id: server.id,
      links: expect.arrayContaining([{ rel: 'stack', href: String(nestedLink) }]),
    });

    const redirected = await client.request('GET', `${client.heatUrl}/stacks/vnf/resources?nested_depth=1`, undefined, 'manual');
    expect(redirected.headers.get('Location')).toBe(`${client.heatUrl}/stacks/${path}/resources?nested_depth=1`);

    const nestedPath = String(nestedLink).split('/stacks/')[1];
    const direct = await client.heat('DELETE', `/stacks/${nestedPath}`);
    expect(direct.status).toBe(400);
    expect(field(direct.body, 'error.type')).toBe('NotSupported');
  });

  it('rejects a nested template missing from files with 400', async () => {
    const response = await client.heat('POST', '/stacks', {
      stack_name: 'broken',
      template: TOP,
      parameters: { nfv: {} },
      environment: { resource_registry: { 'Tacker::VDU': 'vdu.yaml' } },
    });
    expect(response.status).toBe(400);
    expect(field(response.body, 'error.message')).toBe(
      'Could not fetch remote template "vdu.yaml": it is not in the "files" of the request.',
    );
  });
});
