import { startOpenStackSimulator, type OpenStackSimulator } from '../index';
import { field, OpenStackTestClient } from '../testing/openstack-test-client';

const MEMBER = `
heat_template_version: 2018-08-31
parameters:
  flavor: { type: string }
resources:
  server:
    type: OS::Nova::Server
    properties:
      flavor: { get_param: flavor }
      image: cirros
      networks: [{ port: { get_resource: port } }]
  port:
    type: OS::Neutron::Port
    properties: { network: net0 }
outputs:
  mgmt_ip: { value: { get_attr: [port, fixed_ips, 0, ip_address] } }
`;

const TOP = {
  heat_template_version: '2018-08-31',
  parameters: { nfv: { type: 'json' } },
  resources: {
    group: {
      type: 'OS::Heat::AutoScalingGroup',
      properties: {
        min_size: 0,
        max_size: 5,
        desired_capacity: { get_param: ['nfv', 'VDU', 'VDU1', 'desired_capacity'] },
        resource: { type: 'vdu.yaml', properties: { flavor: 'm1.small' } },
      },
    },
  },
  outputs: { ips: { value: { get_attr: ['group', 'outputs_list', 'mgmt_ip'] } } },
};

const capacity = (size: number): object => ({ parameters: { nfv: { VDU: { VDU1: { desired_capacity: size } } } } });

describe('OS::Heat::AutoScalingGroup scaling and healing', () => {
  let simulator: OpenStackSimulator;
  let client: OpenStackTestClient;
  let stack = '';
  let now = Date.parse('2024-01-01T00:00:00Z');

  beforeAll(async () => {
    // Every reading of the clock is one second later, so members have distinct creation times.
    simulator = await startOpenStackSimulator({ clock: () => new Date((now += 1000)) });
    client = await OpenStackTestClient.login(simulator);
  });
  beforeEach(async () => {
    simulator.reset();
    const created = await client.heat('POST', '/stacks', {
      stack_name: 'vnf',
      template: TOP,
      files: { 'vdu.yaml': MEMBER },
      ...capacity(3),
    });
    stack = `vnf/${String(field(created.body, 'stack.id'))}`;
    await client.settle(stack);
  });
  afterAll(() => simulator.close());

  /** Group members (oldest first) with their nested stack paths. */
  async function members(): Promise<Array<{ name: string; id: string; stackPath: string }>> {
    const listed = await client.heat('GET', `/stacks/${stack}/resources?nested_depth=1`);
    const resources = field(listed.body, 'resources') as object[];
    return resources
      .filter((resource) => field(resource, 'parent_resource') === 'group')
      .map((resource) => {
        const nested = String(
          (field(resource, 'links') as Array<{ rel: string; href: string }>).find((link) => link.rel === 'nested')?.href,
        );
        return {
          name: String(field(resource, 'resource_name')),
          id: String(field(resource, 'physical_resource_id')),
          stackPath: nested.split('/stacks/')[1],
        };
      });
  }

  /** `name/id` of the group's nested stack, from the group resource's `nested` link. */
  async function groupStackPath(): Promise<string> {
    const group = await client.heat('GET', `/stacks/${stack}/resources/group`);
    const links = field(group.body, 'resource.links') as Array<{ rel: string; href: string }>;
    return String(links.find((link) => link.rel === 'nested')?.href.split('/stacks/')[1]);
  }

  async function update(body: object): Promise<void> {
    expect((await client.heat('PATCH', `/stacks/${stack}`, body)).status).toBe(202);
    expect(await client.settle(stack)).toMatchObject({ stack_status: 'UPDATE_COMPLETE' });
  }

  it('creates desired_capacity members and exposes their outputs', async () => {
    expect(await members()).toHaveLength(3);
    const shown = await client.heat('GET', `/stacks/${stack}`);
    expect(field(shown.body, 'stack.outputs.0.output_value')).toEqual(['127.10.0.1', '127.10.0.2', '127.10.0.3']);
  });

  it('scales in by removing the oldest member, and out by adding new ones', async () => {
    const [oldest, ...rest] = await members();
    await update(capacity(2));
    expect((await members()).map((member) => member.id)).toEqual(rest.map((member) => member.id));
    await update(capacity(4));
    const grown = await members();
    expect(grown.slice(0, 2).map((member) => member.id)).toEqual(rest.map((member) => member.id));
    expect(grown).toHaveLength(4);
    expect(grown.map((member) => member.name)).not.toContain(oldest.name);
  });

  it('scales in by removing a member marked unhealthy before the oldest', async () => {
    const [first, second, newest] = await members();
    const group = await groupStackPath();
    expect(
      (
        await client.heat('PATCH', `/stacks/${group}/resources/${newest.name}`, {
          mark_unhealthy: true,
          resource_status_reason: 'scale-in target',
        })
      ).status,
    ).toBe(200);
    const member = await client.heat('GET', `/stacks/${group}/resources/${newest.name}`);
    expect(field(member.body, 'resource')).toMatchObject({ resource_status: 'CHECK_FAILED', resource_status_reason: 'scale-in target' });

    await update(capacity(2));
    expect((await members()).map((remaining) => remaining.id)).toEqual([first.id, second.id]);
  });

  it('replaces a server marked unhealthy on the next update, keeping everything else', async () => {
    const [first, second] = await members();
    const serverOf = async (memberStack: string): Promise<string> =>
      String(field((await client.heat('GET', `/stacks/${memberStack}/resources/server`)).body, 'resource.physical_resource_id'));
    const before = await serverOf(second.stackPath);
    const untouched = await serverOf(first.stackPath);
    expect((await client.heat('PATCH', `/stacks/${second.stackPath}/resources/server`, { mark_unhealthy: true })).status).toBe(200);

    await update({});
    const after = await serverOf(second.stackPath);
    expect(after).not.toBe(before);
    expect(await serverOf(first.stackPath)).toBe(untouched);
    expect((await members()).map((member) => member.id)).toEqual([first.id, second.id, expect.any(String)]);
    expect(simulator.state().servers.map((server) => server.id)).not.toContain(before);
    expect((await client.nova(`/servers/${before}`)).status).toBe(404);
  });

  it('replaces a whole member marked unhealthy (a new nested stack under the same name)', async () => {
    const [, second] = await members();
    // Marking by physical id through the top-level stack finds the member in the group's nested stack.
    expect((await client.heat('PATCH', `/stacks/${stack}/resources/${second.id}`, { mark_unhealthy: true })).status).toBe(200);
    await update({});
    const replaced = (await members()).find((member) => member.name === second.name);
    expect(replaced?.id).toBeDefined();
    expect(replaced?.id).not.toBe(second.id);
  });

  it('clears an unhealthy mark with mark_unhealthy=false', async () => {
    const [, second, newest] = await members();
    const group = await groupStackPath();
    await client.heat('PATCH', `/stacks/${group}/resources/${newest.name}`, { mark_unhealthy: true });
    await client.heat('PATCH', `/stacks/${group}/resources/${newest.name}`, { mark_unhealthy: false, resource_status_reason: 'recovered' });
    const member = await client.heat('GET', `/stacks/${group}/resources/${newest.name}`);
    expect(field(member.body, 'resource')).toMatchObject({ resource_status: 'CHECK_COMPLETE', resource_status_reason: 'recovered' });

    await update(capacity(2));
    expect((await members()).map((remaining) => remaining.id)).toEqual([second.id, newest.id]);
  });

  it('fails the update when desired_capacity is outside min_size..max_size', async () => {
    expect((await client.heat('PATCH', `/stacks/${stack}`, capacity(9))).status).toBe(202);
    expect(await client.settle(stack)).toMatchObject({
      stack_status: 'UPDATE_FAILED',
      stack_status_reason:
        'Resource UPDATE failed: StackValidationFailed: resources.group: desired_capacity must be between min_size and max_size',
    });
  });
});
