import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startOpenStackSimulator, type OpenStackSimulator } from '../index';
import { field, OpenStackTestClient } from '../testing/openstack-test-client';

const digest = (algorithm: string, data: Buffer) => createHash(algorithm).update(data).digest('hex');

describe('Glance v2 images', () => {
  const data = Buffer.from('a qcow2 image, as far as the simulator knows\n'.repeat(1000));
  let simulator: OpenStackSimulator;
  let client: OpenStackTestClient;
  let web: Server;
  let webUrl = '';

  beforeAll(async () => {
    simulator = await startOpenStackSimulator();
    client = await OpenStackTestClient.login(simulator);
    web = createServer((request, response) => {
      if (request.url === '/cirros.img') response.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(data);
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
  });
  afterEach(() => simulator.reset());
  afterAll(async () => {
    await simulator.close();
    await new Promise((resolve) => web.close(resolve));
  });

  const create = async (body: Record<string, unknown>) => {
    const created = await client.glance('POST', '/v2/images', body);
    expect(created.status).toBe(201);
    return String(field(created.body, 'id'));
  };
  const settled = async (id: string) => {
    for (let i = 0; i < 200; i++) {
      const image = (await client.glance('GET', `/v2/images/${id}`)).body;
      if (field(image, 'status') !== 'importing') return image;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`image ${id} still importing`);
  };

  it('creates a queued image, takes its data as an octet stream, and shows it active with its size and digests', async () => {
    const id = await create({
      name: 'Software of VDU1',
      disk_format: 'qcow2',
      container_format: 'bare',
      min_disk: 1,
      min_ram: 0,
      visibility: 'private',
      tags: ['vnf-1'],
    });
    expect(field((await client.glance('GET', `/v2/images/${id}`)).body, 'status')).toBe('queued');
    expect(await client.uploadImageData(id, data)).toBe(204);
    expect((await client.glance('GET', `/v2/images/${id}`)).body).toMatchObject({
      name: 'Software of VDU1',
      status: 'active',
      size: data.length,
      checksum: digest('md5', data),
      os_hash_algo: 'sha512',
      os_hash_value: digest('sha512', data),
      min_disk: 1,
      tags: ['vnf-1'],
      owner: simulator.credentials.projectId,
    });
    expect(await client.uploadImageData(id, data)).toBe(409);
  });

  it('imports an image from a URL (web-download), and leaves it queued with the reason when the URL fails', async () => {
    const id = await create({ name: 'cirros', disk_format: 'qcow2', container_format: 'bare' });
    const accepted = await client.glance('POST', `/v2/images/${id}/import`, {
      method: { name: 'web-download', uri: `${webUrl}/cirros.img` },
    });
    expect(accepted.status).toBe(202);
    expect(await settled(id)).toMatchObject({ status: 'active', size: data.length, os_hash_value: digest('sha512', data) });

    const missing = await create({ name: 'missing', disk_format: 'qcow2', container_format: 'bare' });
    await client.glance('POST', `/v2/images/${missing}/import`, { method: { name: 'web-download', uri: `${webUrl}/none.img` } });
    expect(await settled(missing)).toMatchObject({ status: 'queued', os_glance_failed_import: 'file' });
    expect(simulator.state().images.find((image) => image.id === missing)?.failedImport).toContain('answered HTTP 404');
  });

  it('lists images by name and by every tag given, deletes them, and refuses formats Glance does not know', async () => {
    const a = await create({ name: 'a', tags: ['vnf-1', 'node-VDU1'] });
    await create({ name: 'b', tags: ['vnf-1', 'node-VDU2'] });
    await create({ name: 'c', tags: ['vnf-2'] });
    const names = async (query: string) =>
      ((field((await client.glance('GET', `/v2/images${query}`)).body, 'images') as { name: string }[]) ?? [])
        .map((image) => image.name)
        .sort();
    expect(await names('?tag=vnf-1')).toEqual(['a', 'b']);
    expect(await names('?tag=vnf-1&tag=node-VDU1')).toEqual(['a']);
    expect(await names('?name=c')).toEqual(['c']);
    expect((await client.glance('DELETE', `/v2/images/${a}`)).status).toBe(204);
    expect((await client.glance('GET', `/v2/images/${a}`)).status).toBe(404);
    expect((await client.glance('POST', '/v2/images', { name: 'x', disk_format: 'floppy' })).status).toBe(400);
  });

  it('boots a server from an active image named in the template, by its id; an image not yet active fails the server', async () => {
    const id = await create({ name: 'ubuntu', disk_format: 'qcow2', container_format: 'bare' });
    const template = {
      heat_template_version: '2013-05-23',
      resources: { vm: { type: 'OS::Nova::Server', properties: { flavor: 'm1.tiny', image: 'ubuntu', networks: [{ network: 'net0' }] } } },
    };
    await client.heat('POST', '/stacks', { stack_name: 'early', template });
    expect(await client.settle('early')).toMatchObject({
      stack_status: 'CREATE_FAILED',
      stack_status_reason: expect.stringContaining(`Image ${id} is not active`),
    });
    await client.uploadImageData(id, data);
    await client.heat('POST', '/stacks', { stack_name: 'booted', template });
    expect(await client.settle('booted')).toMatchObject({ stack_status: 'CREATE_COMPLETE' });
    const [server] = simulator.state().servers;
    expect(field((await client.nova(`/servers/${server.id}`)).body, 'server.image.id')).toBe(id);
  });
});
