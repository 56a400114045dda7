import { startOpenStackSimulator, type OpenStackSimulator } from '../index';
import { field, OpenStackTestClient } from '../testing/openstack-test-client';

const TEMPLATE = {
  heat_template_version: '2018-08-31',
  parameters: { flavor: { type: 'string', default: 'm1.tiny' } },
  resources: { vdu: { type: 'OS::Nova::Server', properties: { name: 'vdu', flavor: { get_param: 'flavor' }, image: 'cirros' } } },
};

describe('fault injection and the simulator endpoints', () => {
  let simulator: OpenStackSimulator;
  let client: OpenStackTestClient;

  beforeAll(async () => {
    simulator = await startOpenStackSimulator();
    client = await OpenStackTestClient.login(simulator);
  });
  afterEach(() => simulator.reset());
  afterAll(() => simulator.close());

  const sim = (method: string, path: string, body?: unknown): Promise<Response> =>
    fetch(`${simulator.url}/_sim${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });

  async function create(name = 'vnf'): Promise<string> {
    const created = await client.heat('POST', '/stacks', { stack_name: name, template: TEMPLATE });
    return `${name}/${String(field(created.body, 'stack.id'))}`;
  }

  it('fails the next create with the given reason, once', async () => {
    simulator.faults.inject({ type: 'fail', operation: 'create', reason: 'Quota exceeded for instances' });
    const failed = await create();
    expect(await client.settle(failed)).toMatchObject({
      stack_status: 'CREATE_FAILED',
      stack_status_reason: 'Quota exceeded for instances',
    });
    expect(simulator.state().servers).toEqual([]);
    await client.heat('DELETE', `/stacks/${failed}`);
    expect(await client.settle(failed)).toBeUndefined();
    expect(await client.settle(await create())).toMatchObject({ stack_status: 'CREATE_COMPLETE' });
  });

  it('fails an update or a delete injected over HTTP, leaving the resources alone', async () => {
    const stack = await create();
    await client.settle(stack);
    const serverId = simulator.state().servers[0].id;
    expect((await sim('POST', '/faults', { type: 'fail', operation: 'update', reason: 'update boom' })).status).toBe(201);
    expect((await sim('POST', '/faults', { type: 'fail', operation: 'delete', reason: 'delete boom' })).status).toBe(201);
    expect(await (await sim('GET', '/faults')).json()).toEqual({
      faults: [expect.objectContaining({ operation: 'update', times: 1 }), expect.objectContaining({ operation: 'delete', times: 1 })],
    });

    await client.heat('PATCH', `/stacks/${stack}`, { parameters: { flavor: 'm1.large' } });
    expect(await client.settle(stack)).toMatchObject({ stack_status: 'UPDATE_FAILED', stack_status_reason: 'update boom' });
    await client.heat('DELETE', `/stacks/${stack}`);
    expect(await client.settle(stack)).toMatchObject({ stack_status: 'DELETE_FAILED', stack_status_reason: 'delete boom' });
    expect(simulator.state().servers.map((server) => server.id)).toEqual([serverId]);

    await client.heat('DELETE', `/stacks/${stack}`);
    expect(await client.settle(stack)).toBeUndefined();
  });

  it('delays an operation and scopes faults to a stack name', async () => {
    simulator.faults.inject({ type: 'delay', operation: 'create', delayMs: 200, stackName: 'slow' });
    const fast = await create('fast');
    const slow = await create('slow');
    expect(await client.settle(fast)).toMatchObject({ stack_status: 'CREATE_COMPLETE' });
    expect(field((await client.heat('GET', `/stacks/${slow}`)).body, 'stack.stack_status')).toBe('CREATE_IN_PROGRESS');
    expect(await client.settle(slow)).toMatchObject({ stack_status: 'CREATE_COMPLETE' });
  });

  it('flags a server unreachable while Nova keeps reporting it ACTIVE', async () => {
    await client.settle(await create());
    expect((await sim('POST', '/faults', { type: 'unreachable', server: 'vdu' })).status).toBe(201);
    const [server] = simulator.state().servers;
    expect(server).toMatchObject({ name: 'vdu', reachable: false, managementAddress: '127.10.0.1' });
    expect(field((await client.nova(`/servers/${server.id}`)).body, 'server.status')).toBe('ACTIVE');
    simulator.faults.inject({ type: 'unreachable', server: server.id, unreachable: false });
    expect(simulator.state().servers[0].reachable).toBe(true);
  });

  it('rejects invalid faults with 400 and unknown servers with 404', async () => {
    expect((await sim('POST', '/faults', { type: 'fail', operation: 'rebuild', reason: 'x' })).status).toBe(400);
    expect((await sim('POST', '/faults', { type: 'fail', operation: 'create' })).status).toBe(400);
    expect((await sim('POST', '/faults', { type: 'unreachable', server: 'ghost' })).status).toBe(404);
  });

  it('clears pending faults and resets all state', async () => {
    simulator.faults.inject({ type: 'fail', operation: 'create', reason: 'never' });
    expect((await sim('DELETE', '/faults')).status).toBe(204);
    await client.settle(await create());
    expect(await (await sim('GET', '/state')).json()).toMatchObject({
      stacks: [expect.objectContaining({ name: 'vnf', status: 'CREATE_COMPLETE' })],
      addressPool: { used: ['127.10.0.1'] },
    });
    expect((await sim('POST', '/reset')).status).toBe(204);
    expect(simulator.state()).toMatchObject({ stacks: [], servers: [], addressPool: { used: [] }, pendingFaults: [] });
    expect((await client.heat('GET', '/stacks')).body).toEqual({ stacks: [] });
  });
});
