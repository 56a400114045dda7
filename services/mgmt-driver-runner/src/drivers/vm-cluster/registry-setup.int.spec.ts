import { laneVm } from '../../../../../e2e/support/lanes';
import { createReadStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { clusterErrors, readRegistryConnections } from '@vnfm/vm-cluster';
import { parse } from 'smol-toml';
import { EmbeddedEventStore } from '@vnfm/event-store';
import { ensureSshHosts, type SshHosts } from '../../../../../e2e/support/ssh-hosts';
import { HostKeyPins } from '../../ssh/host-key-pins';
import type { RemoteSession } from '../../ssh/remote-shell';
import { SshRemoteShell } from '../../ssh/ssh-remote-shell';
import { freshDockerVms, inVm } from '../../testing/private-registry/docker-vms';
import {
  HTTP_REGISTRY as HTTP,
  startTestRegistries,
  TLS_REGISTRY as TLS,
  type TestRegistries,
} from '../../testing/private-registry/test-registries';
import { connectRegistries, type RegistrySetupOf } from './registry-setup';
import { uploadDir } from './remote-files';

// Two real dockerd (a registry VM and a cluster node), images pushed and pulled: tens of seconds on 2 cores.
jest.setTimeout(300_000);

const REGISTRY_VM = laneVm(15);
const NODE_VM = laneVm(16);
const CA_PATH = 'Files/registries/ca.crt';
const setup: RegistrySetupOf = { errors: clusterErrors('TEST', 'test MgmtDriver'), uploadDir: uploadDir('registry-test') };

/** A cluster node's Docker and containerd connecting to two registries on another VM: HTTP (insecure), and HTTPS with a test CA and htpasswd login. */
describe('Kubernetes cluster MgmtDrivers: private registry connections on a node (real dockerd and containerd on SSH hosts)', () => {
  const run = randomUUID().slice(0, 8);
  const dir = mkdtempSync(join(tmpdir(), 'vnfm-registry-conn-'));
  let hosts: SshHosts;
  let store: EmbeddedEventStore;
  let session: RemoteSession;
  let reg: TestRegistries;
  const files = { read: (path: string) => createReadStream(path === CA_PATH ? reg.caFile : join(dir, 'missing', path)) };
  const registries = (password?: string) =>
    readRegistryConnections(reg.connectionInfo(CA_PATH, password), 'private_registry_connection_info', setup.errors);
  const nodeDocker = (...argv: string[]) => inVm(NODE_VM, ['/usr/bin/docker', '-H', 'unix:///run/docker.sock', ...argv]);
  // containerd's own client, and the CRI client (crictl, tools/docker), on the node's containerd.
  const nodeCtr = (...argv: string[]) => inVm(NODE_VM, ['ctr', '--namespace', 'k8s.io', ...argv]);
  const nodeCrictl = (...argv: string[]) =>
    inVm(NODE_VM, [
      '/opt/vnfm-docker-vms/bin/crictl',
      '--runtime-endpoint',
      'unix:///run/containerd/containerd.sock',
      '--image-endpoint',
      'unix:///run/containerd/containerd.sock',
      ...argv,
    ]);

  beforeAll(async () => {
    hosts = await ensureSshHosts();
    await freshDockerVms(REGISTRY_VM, NODE_VM);
    reg = await startTestRegistries(REGISTRY_VM, dir, run);
    store = await EmbeddedEventStore.open({ dataDir: join(dir, 'pins') });
    session = await new SshRemoteShell(new HostKeyPins(store)).open(
      { host: NODE_VM, username: 'vnfm', password: hosts.users['vnfm'], pinId: `node-${run}` },
      new AbortController().signal,
      [hosts.users['vnfm'] ?? '', reg.login.password],
    );
  }, 900_000);

  afterAll(async () => {
    await session?.close();
    await store?.close();
    await reg?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a wrong registry password fails at docker login with the cause, the password masked', async () => {
    const wrong = `wrong-${run}`;
    const error = (await connectRegistries(session, registries(wrong), files, setup).catch((caught: unknown) => caught)) as {
      code: string;
      detail: string;
    };
    expect(error).toMatchObject({ code: 'REMOTE_COMMAND_FAILED' });
    expect(error.detail).toContain(`'docker' 'login' '--username' '${reg.login.user}' '--password-stdin' '${TLS}'`);
    expect(error.detail).toMatch(/unauthorized|401/i);
    expect(JSON.stringify(error)).not.toContain(wrong);
  });

  it('configures the node so its daemon pulls from both registries; a re-run adds nothing', async () => {
    await connectRegistries(session, registries(), files, setup);
    await connectRegistries(session, registries(), files, setup);

    const etcHosts = await inVm(NODE_VM, ['cat', '/etc/hosts']);
    expect(etcHosts.split('\n').filter((line) => line === `${REGISTRY_VM} registry-http.test`)).toHaveLength(1);
    expect(etcHosts.split('\n').filter((line) => line === `${REGISTRY_VM} registry-tls.test`)).toHaveLength(1);
    // Merged, not overwritten: the VM's own options (vfs, no bridge) are still there.
    expect(JSON.parse(await inVm(NODE_VM, ['cat', '/etc/docker/daemon.json']))).toEqual({
      'storage-driver': 'vfs',
      iptables: false,
      'ip-masq': false,
      bridge: 'none',
      'insecure-registries': [HTTP],
    });
    // The restarted daemon has read it.
    const indexConfigs = JSON.parse(await nodeDocker('info', '--format', '{{json .RegistryConfig.IndexConfigs}}')) as Record<
      string,
      { Secure: boolean }
    >;
    expect(indexConfigs[HTTP]).toMatchObject({ Secure: false });
    // The CA is the package's, and it verifies the registry's certificate under the name /etc/hosts resolves.
    expect(await inVm(NODE_VM, ['cat', `/etc/docker/certs.d/${TLS}/ca.crt`])).toBe(readFileSync(reg.caFile, 'utf8'));
    const verify = await inVm(NODE_VM, [
      'sh',
      '-c',
      `openssl s_client -connect ${TLS} -servername registry-tls.test -CAfile /etc/docker/certs.d/${TLS}/ca.crt -verify_return_error </dev/null 2>&1 | grep -E '^ *Verify return code'`,
    ]);
    expect([
      ...new Set(
        verify
          .trim()
          .split('\n')
          .map((line) => line.trim()),
      ),
    ]).toEqual(['Verify return code: 0 (ok)']);

    await nodeDocker('pull', reg.httpImage);
    await nodeDocker('pull', reg.tlsImage);
    expect((await nodeDocker('images', '--format', '{{.Repository}}:{{.Tag}}')).split('\n')).toEqual(
      expect.arrayContaining([reg.httpImage, reg.tlsImage]),
    );
    // The login is what lets the node pull from the htpasswd registry. (dockerd counts every 127.0.0.0/8 registry as
    // insecure, so after the 401 over HTTPS it retries over plain HTTP and reports that attempt's error instead.)
    await nodeDocker('logout', TLS);
    await nodeDocker('rmi', reg.tlsImage);
    await expect(nodeDocker('pull', reg.tlsImage)).rejects.toThrow(/no basic auth credentials|unauthorized|connection reset/);
  });

  it("configures the node's containerd so the kubelet's puller (CRI) and ctr pull from both registries; a re-run adds nothing", async () => {
    await connectRegistries(session, registries(), files, setup);
    const config = await inVm(NODE_VM, ['cat', '/etc/containerd/config.toml']);
    // Merged, not overwritten: the VM's own settings (Debian's, the native snapshotter) are still there; root's only.
    expect(parse(config)).toEqual({
      version: 2,
      plugins: {
        'io.containerd.grpc.v1.cri': {
          cni: { bin_dir: '/usr/lib/cni', conf_dir: '/etc/cni/net.d' },
          containerd: { snapshotter: 'native' },
          registry: {
            config_path: '/etc/containerd/certs.d',
            configs: { [TLS]: { auth: { username: reg.login.user, password: reg.login.password } } },
          },
        },
        'io.containerd.internal.v1.opt': { path: '/var/lib/containerd/opt' },
      },
    });
    expect((await inVm(NODE_VM, ['stat', '-c', '%a %U', '/etc/containerd/config.toml'])).trim()).toBe('600 root');
    expect(parse(await inVm(NODE_VM, ['cat', `/etc/containerd/certs.d/${HTTP}/hosts.toml`]))).toEqual({
      server: `http://${HTTP}`,
      host: { [`http://${HTTP}`]: { capabilities: ['pull', 'resolve', 'push'], skip_verify: true } },
    });
    expect(parse(await inVm(NODE_VM, ['cat', `/etc/containerd/certs.d/${TLS}/hosts.toml`]))).toEqual({
      server: `https://${TLS}`,
      host: { [`https://${TLS}`]: { capabilities: ['pull', 'resolve', 'push'], ca: `/etc/containerd/certs.d/${TLS}/ca.crt` } },
    });
    expect(await inVm(NODE_VM, ['cat', `/etc/containerd/certs.d/${TLS}/ca.crt`])).toBe(readFileSync(reg.caFile, 'utf8'));
    // A re-run finds nothing to change: containerd is not restarted (same pid).
    const pid = await inVm(NODE_VM, ['cat', '/run/containerd-init.pid']);
    await connectRegistries(session, registries(), files, setup);
    expect(await inVm(NODE_VM, ['cat', '/run/containerd-init.pid'])).toBe(pid);
    expect(await inVm(NODE_VM, ['cat', '/etc/containerd/config.toml'])).toBe(config);

    // As the kubelet pulls (CRI, no credentials in the request): config_path's hosts.toml files, the CA, the login of config.toml.
    await nodeCrictl('pull', reg.httpImage);
    await nodeCrictl('pull', reg.tlsImage);
    expect(await nodeCrictl('images', '-o', 'json')).toEqual(expect.stringContaining(reg.tlsImage));
    // containerd's own client through the same hosts directory: plain HTTP, and the CA with the login given to it;
    // without the login the HTTPS registry refuses it, so the CRI pull above had its credentials from config.toml.
    await nodeCtr('images', 'pull', '--snapshotter', 'native', '--hosts-dir', '/etc/containerd/certs.d', reg.httpImage);
    await nodeCtr('images', 'rm', reg.tlsImage);
    await expect(
      nodeCtr('images', 'pull', '--snapshotter', 'native', '--hosts-dir', '/etc/containerd/certs.d', reg.tlsImage),
    ).rejects.toThrow(/401 Unauthorized/);
    await nodeCtr(
      'images',
      'pull',
      '--snapshotter',
      'native',
      '--hosts-dir',
      '/etc/containerd/certs.d',
      '--user',
      `${reg.login.user}:${reg.login.password}`,
      reg.tlsImage,
    );
    expect((await nodeCtr('images', 'ls', '-q')).split('\n')).toEqual(expect.arrayContaining([reg.httpImage, reg.tlsImage]));
  });
});
