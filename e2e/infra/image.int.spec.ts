import { randomUUID } from 'node:crypto';
import { BUILD_TIMEOUT_MS, buildImage, DockerClient, type ImageSettings } from '../support/image';
import { testPort } from '../support/lanes';
import { pollUntil } from '../support/poll';

const START_TIMEOUT_MS = 90_000;
jest.setTimeout(120_000);

/** HTTP status and body, or the error's text when nothing answers (yet). */
async function get(url: string): Promise<{ status: number; body: string } | string> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    return String((error as Error).cause ?? error);
  }
}

// The product's image (deploy/Dockerfile) built here without pulling anything (tools/image), each container on a
// network of its own (a user-defined bridge network of the image VM's dockerd), reached from the machine.
describe('the product image', () => {
  let settings: ImageSettings;
  const suffix = randomUUID().slice(0, 8);
  const network = `vnfm-image-test-${suffix}`;
  const containers: string[] = [];

  let client: DockerClient;
  const docker = (...args: string[]): Promise<string> => client.text(...args);
  const logsOf = (name: string): Promise<string> => client.logs(name);

  /** Starts a container of the image on the test network, its port 9890 published on 127.0.0.1; its name. */
  const start = async (name: string, command: string[] = []): Promise<{ name: string; port: number; address: string }> => {
    const port = testPort();
    const full = `vnfm-image-test-${name}-${suffix}`;
    containers.push(full);
    await docker('run', '-d', '--name', full, '--network', network, '-p', `127.0.0.1:${port}:9890`, settings.image, ...command);
    const address = await client.addressOf(full);
    return { name: full, port, address };
  };

  /** Waits until GET /health/live answers 200; fails at once with the container's log if it stopped. */
  const waitLive = async (container: { name: string; port: number }): Promise<void> => {
    await pollUntil(
      `${container.name} answering GET /health/live`,
      async () => {
        const running = await docker('inspect', '--format', '{{.State.Running}} {{.State.ExitCode}}', container.name);
        if (!running.startsWith('true'))
          throw new Error(`${container.name} stopped (${running}); its log:\n${await logsOf(container.name).catch(String)}`);
        return get(`http://127.0.0.1:${container.port}/health/live`);
      },
      (answer) => typeof answer !== 'string' && answer.status === 200,
      START_TIMEOUT_MS,
      500,
    );
  };

  beforeAll(async () => {
    settings = await buildImage();
    client = new DockerClient(settings.dockerHost);
    await docker('network', 'create', '--driver', 'bridge', network);
  }, BUILD_TIMEOUT_MS + 60_000);

  afterAll(async () => {
    if (!settings) return;
    for (const name of containers) await docker('rm', '-f', name).catch(() => undefined);
    // The network's bridge is in the machine's network namespace (tools/image/README.md): removed with the network.
    await docker('network', 'rm', network).catch(() => undefined);
  });

  it('is the production image: runs as node, NODE_ENV=production, Node.js 20, no devDependencies', async () => {
    const config = JSON.parse(await docker('image', 'inspect', '--format', '{{json .Config}}', settings.image)) as {
      User: string;
      Env: string[];
      Entrypoint: string[];
      Cmd: string[];
    };
    expect(config.User).toBe('node');
    expect(config.Env).toEqual(expect.arrayContaining(['NODE_ENV=production', 'VNFM_HOST=0.0.0.0', 'VNFM_DATA_DIR=/var/lib/vnfm']));
    expect([...config.Entrypoint, ...config.Cmd]).toEqual(['node', 'dist/services/gateway/src/main.js']);
    const probe = await docker(
      'run',
      '--rm',
      '--network',
      'none',
      settings.image,
      '-p',
      `[process.version, require('node:os').userInfo().uid, ['jest', 'typescript', 'pg'].map((m) => { try { require.resolve(m); return m; } catch { return '-'; } })].join(' ')`,
    );
    expect(probe).toMatch(/^v20\.\d+\.\d+ 1000 -,-,pg$/);
  });

  it('runs the standalone product on a network of its own: /health UP for all seven services, on the published port and on the container address', async () => {
    const product = await start('standalone', ['dist/services/standalone/src/main.js']);
    await waitLive(product);

    const health = await get(`http://127.0.0.1:${product.port}/health`);
    expect(health).toMatchObject({ status: 200 });
    const body = JSON.parse((health as { body: string }).body) as { status: string; services: Record<string, { status: string }> };
    expect(body.status).toBe('UP');
    expect(Object.keys(body.services).sort()).toEqual([
      'gateway',
      'kubernetes-driver',
      'lcm-coordinator',
      'mgmt-driver-runner',
      'openstack-driver',
      'package-catalog',
      'vim-registry',
    ]);
    expect(Object.values(body.services).every((service) => service.status === 'UP')).toBe(true);

    // The network's bridge is on the machine, so the container's own address is routed to directly.
    expect(product.address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(await get(`http://${product.address}:9890/health/live`)).toEqual({ status: 200, body: '{"status":"UP"}' });
  });

  it("runs the gateway, the image's default command: live, and DOWN on /health without its backends", async () => {
    const gateway = await start('gateway');
    await waitLive(gateway);

    const health = await get(`http://127.0.0.1:${gateway.port}/health`);
    expect(health).toMatchObject({ status: 503 });
    const body = JSON.parse((health as { body: string }).body) as { services: Record<string, { status: string }> };
    expect(body.services['gateway']?.status).toBe('UP');
    expect(body.services['lcm-coordinator']?.status).toBe('DOWN');
  });
});
