import { startOpenStackSimulator, type OpenStackSimulator } from '../index';
import { field, OpenStackTestClient } from '../testing/openstack-test-client';

const TEMPLATE = {
  heat_template_version: '2018-08-31',
  description: 'one server behind one port',
  parameters: { server_name: { type: 'string', default: 'vdu' }, flavor: { type: 'string' } },
  resources: {
    port: { type: 'OS::Neutron::Port', properties: { network: 'net0' } },
    server: {
      type: 'OS::Nova::Server',
      properties: {
        name: { get_param: 'server_name' },
        flavor: { get_param: 'flavor' },
        image: 'cirros',
        networks: [{ port: { get_resource: 'port' } }],
      },
    },
  },
  outputs: { mgmt_ip: { description: 'management address', value: { get_attr: ['port', 'fixed_ips', 0, 'ip_address'] } } },
};

describe('Heat stack lifecycle', () => {
  let simulator: OpenStackSimulator;
  let client: OpenStackTestClient;

  beforeAll(async () => {
    // Long enough that a busy 2-core machine still sees the IN_PROGRESS states between requests.
    simulator = await startOpenStackSimulator({ delayMs: 300 });
    client = await OpenStackTestClient.login(simulator);
  });
  afterEach(() => simulator.reset());
  afterAll(() => simulator.close());

  async function createStack(name = 'vnf1'): Promise<string> {
    const created = await client.heat('POST', '/stacks', { stack_name: name, template: TEMPLATE, parameters: { flavor: 'm1.tiny' } });
    expect(created.status).toBe(201);
    return String(field(created.body, 'stack.id'));
  }

  it('creates a stack that is CREATE_IN_PROGRESS until the delay has passed, and records when it settled', async () => {
    const createdAt = Date.now();
    const created = await client.heat('POST', '/stacks', { stack_name: 'vnf1', template: TEMPLATE, parameters: { flavor: 'm1.tiny' } });
    const id = String(field(created.body, 'stack.id'));
    expect(field(created.body, 'stack.links.0.href')).toBe(`${client.heatUrl}/stacks/vnf1/${id}`);

    const early = await client.heat('GET', `/stacks/vnf1/${id}`);
    expect(field(early.body, 'stack.stack_status')).toBe('CREATE_IN_PROGRESS');
    expect(simulator.state().stacks[0].settledAt).toBeNull();

    const stack = await client.settle('vnf1');
    expect(stack).toMatchObject({
      id,
      stack_name: 'vnf1',
      stack_status: 'CREATE_COMPLETE',
      stack_status_reason: 'Stack CREATE completed successfully',
    });
    expect(stack?.['outputs']).toEqual([{ output_key: 'mgmt_ip', output_value: '127.10.0.1', description: 'management address' }]);
    expect(field(stack, 'parameters.flavor')).toBe('m1.tiny');
    expect(field(stack, 'parameters.OS::stack_id')).toBe(id);
    expect(Date.parse(simulator.state().stacks[0].settledAt ?? '')).toBeGreaterThanOrEqual(createdAt + 300);
  });

  it('redirects /stacks/{name} and /stacks/{id} to the canonical URL', async () => {
    const id = await createStack();
    for (const identity of ['vnf1', id]) {
      const found = await client.request('GET', `${client.heatUrl}/stacks/${identity}`, undefined, 'manual');
      expect(found.status).toBe(302);
      expect(found.headers.get('Location')).toBe(`${client.heatUrl}/stacks/vnf1/${id}`);
    }
  });

  it('lists stacks and their resources', async () => {
    const id = await createStack();
    await client.settle(id);
    const list = await client.heat('GET', '/stacks');
    expect(field(list.body, 'stacks.0')).toMatchObject({ id, stack_name: 'vnf1', stack_status: 'CREATE_COMPLETE' });

    const resources = await client.heat('GET', `/stacks/vnf1/${id}/resources`);
    expect(field(resources.body, 'resources')).toEqual([
      expect.objectContaining({
        resource_name: 'port',
        resource_type: 'OS::Neutron::Port',
        resource_status: 'CREATE_COMPLETE',
        required_by: ['server'],
      }),
      expect.objectContaining({
        resource_name: 'server',
        resource_type: 'OS::Nova::Server',
        resource_status: 'CREATE_COMPLETE',
        required_by: [],
      }),
    ]);
    const server = await client.heat('GET', `/stacks/vnf1/${id}/resources/server`);
    expect(field(server.body, 'resource.attributes.first_address')).toBe('127.10.0.1');
  });

  it('updates with PATCH (parameters merged) keeping the server, and with PUT (full replacement)', async () => {
    const id = await createStack();
    await client.settle(id);
    const serverId = simulator.state().servers[0].id;

    expect((await client.heat('PATCH', `/stacks/vnf1/${id}`, { parameters: { server_name: 'renamed' } })).status).toBe(202);
    expect(field((await client.heat('GET', `/stacks/vnf1/${id}`)).body, 'stack.stack_status')).toBe('UPDATE_IN_PROGRESS');
    const patched = await client.settle(id);
    expect(patched).toMatchObject({
      stack_status: 'UPDATE_COMPLETE',
      parameters: expect.objectContaining({ flavor: 'm1.tiny', server_name: 'renamed' }),
    });
    expect(simulator.state().servers).toEqual([expect.objectContaining({ id: serverId, name: 'renamed' })]);

    const portOnly = { heat_template_version: '2018-08-31', resources: { port: TEMPLATE.resources.port } };
    expect((await client.heat('PUT', `/stacks/vnf1/${id}`, { template: portOnly })).status).toBe(202);
    expect(await client.settle(id)).toMatchObject({ stack_status: 'UPDATE_COMPLETE' });
    expect(simulator.state().servers).toEqual([]);
  });

  it('deletes: DELETE_IN_PROGRESS, then the stack is gone and its address free again', async () => {
    const id = await createStack();
    await client.settle(id);
    expect((await client.heat('DELETE', `/stacks/vnf1/${id}`)).status).toBe(204);
    expect(field((await client.heat('GET', `/stacks/vnf1/${id}`)).body, 'stack.stack_status')).toBe('DELETE_IN_PROGRESS');
    expect(await client.settle(id)).toBeUndefined();
    expect((await client.heat('GET', '/stacks')).body).toEqual({ stacks: [] });
    expect(simulator.state().addressPool.used).toEqual([]);
  });

  it('answers 400 for invalid requests and 409 for conflicts', async () => {
    const missing = await client.heat('POST', '/stacks', { stack_name: 'vnf1', template: TEMPLATE });
    expect(missing.status).toBe(400);
    expect(field(missing.body, 'error')).toEqual({
      type: 'UserParameterMissing',
      message: 'The Parameter (flavor) was not provided.',
      traceback: null,
    });
    const unknownType = await client.heat('POST', '/stacks', {
      stack_name: 'x',
      template: { heat_template_version: '2018-08-31', resources: { a: { type: 'OS::Foo::Bar' } } },
    });
    expect(field(unknownType.body, 'error.message')).toBe('The Resource Type (OS::Foo::Bar) could not be found.');

    const id = await createStack();
    expect((await client.heat('POST', '/stacks', { stack_name: 'vnf1', template: TEMPLATE, parameters: { flavor: 'x' } })).status).toBe(
      409,
    );
    const busy = await client.heat('PATCH', `/stacks/vnf1/${id}`, { parameters: {} });
    expect(busy.status).toBe(409);
    expect(field(busy.body, 'error.type')).toBe('ActionInProgress');
  });

  it('answers 404 for unknown stacks and resources', async () => {
    expect((await client.heat('GET', '/stacks/nope')).status).toBe(404);
    const id = await createStack();
    await client.settle(id);
    const resource = await client.heat('GET', `/stacks/vnf1/${id}/resources/nope`);
    expect(resource.status).toBe(404);
    expect(field(resource.body, 'error.type')).toBe('ResourceNotFound');
    expect((await client.heat('GET', `/stacks/other/${id}`)).status).toBe(404);
  });
});
