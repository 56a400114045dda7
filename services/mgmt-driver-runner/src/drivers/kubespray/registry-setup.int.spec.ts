import { execFileSync } from 'node:child_process';
import { copyFileSync, createReadStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { readRegistryConnections } from '@vnfm/kubespray';
import { EmbeddedEventStore } from '@vnfm/event-store';
import { ensureSshHosts, type SshHosts } from '../../../../../e2e/support/ssh-hosts';
import { HostKeyPins } from '../../ssh/host-key-pins';
import type { RemoteSession } from '../../ssh/remote-shell';
import { SshRemoteShell } from '../../ssh/ssh-remote-shell';
import { freshDockerVms, inVm, registryImageTar, vmRootDir } from '../../testing/private-registry/docker-vms';
import { connectRegistries } from './registry-setup';

// Two real dockerd (a registry VM and a cluster node), images pushed and pulled: tens of seconds on 2 cores.
jest.setTimeout(300_000);

const REGISTRY_VM = '127.10.0.15';
const NODE_VM = '127.10.0.16';
const HTTP = 'registry-http.test:5000';
const TLS = 'registry-tls.test:5443';

/** A test CA and a certificate for registry-tls.test signed by it (openssl), and an htpasswd file (bcrypt, as the registry requires). */
function makeTls(dir: string, user: string, password: string): void {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '2', '-subj', '/CN=vnfm test registry CA');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=registry-tls.test');
  writeFileSync(join(dir, 'san.ext'), 'subjectAltName=DNS:registry-tls.test\n');
  openssl('x509', '-req', '-in', 'server.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.crt', '-days', '2', '-extfile', 'san.ext');
  const hash = execFileSync('python3', ['-W', 'ignore', '-c', 'import crypt,sys; print(crypt.crypt(sys.argv[1], crypt.mksalt(crypt.METHOD_BLOWFISH)))', password]).toString().trim();
  writeFileSync(join(dir, 'htpasswd'), `${user}:${hash}\n`);
}

/** A cluster node's Docker connecting to two registries on another VM: HTTP (insecure), and HTTPS with a test CA and htpasswd login. */
describe('kubespray MgmtDriver: private registry connections on a node (real dockerd on SSH hosts)', () => {
  const run = randomUUID().slice(0, 8);
  const dir = mkdtempSync(join(tmpdir(), 'vnfm-registry-conn-'));
  const login = { user: 'puller', password: `pull-${run}` };
  let hosts: SshHosts;
  let store: EmbeddedEventStore;
  let session: RemoteSession;
  const files = { read: (path: string) => createReadStream(path === 'Files/registries/ca.crt' ? join(dir, 'ca.crt') : join(dir, 'missing', path)) };
  const registries = (password = login.password) =>
    readRegistryConnections(
      [
        { connection_type: '0', server: HTTP, hosts_string: `${REGISTRY_VM} registry-http.test` },
        { connection_type: '1', server: TLS, username: login.user, password, certificate_path: 'Files/registries/ca.crt', hosts_string: `${REGISTRY_VM} registry-tls.test` },
      ],
      'private_registry_connection_info',
    );
  const registryDocker = (...argv: string[]) => inVm(REGISTRY_VM, ['/usr/bin/docker', '-H', 'unix:///run/docker.sock', ...argv]);
  const nodeDocker = (...argv: string[]) => inVm(NODE_VM, ['/usr/bin/docker', '-H', 'unix:///run/docker.sock', ...argv]);

  beforeAll(async () => {
    hosts = await ensureSshHosts();
    const tar = await registryImageTar();
    await freshDockerVms(REGISTRY_VM, NODE_VM);
    makeTls(dir, login.user, login.password);
    // The registries: Docker on the registry VM, the image loaded, one plain HTTP registry and one with TLS and htpasswd.
    await inVm(REGISTRY_VM, ['service', 'docker', 'start']);
    await inVm(REGISTRY_VM, ['sh', '-c', 'until docker info >/dev/null 2>&1; do sleep 0.5; done']);
    mkdirSync(join(vmRootDir(REGISTRY_VM), 'tls'), { recursive: true });
    for (const file of ['server.crt', 'server.key', 'htpasswd']) copyFileSync(join(dir, file), join(vmRootDir(REGISTRY_VM), 'tls', file));
    copyFileSync(tar, join(vmRootDir(REGISTRY_VM), 'registry.tar'));
    await registryDocker('load', '--input', '/root/registry.tar');
    await registryDocker('run', '--detach', '--network', 'host', '--env', 'REGISTRY_HTTP_ADDR=:5000', '--name', 'reg-http', 'registry:latest');
    await registryDocker('run', '--detach', '--network', 'host', '--volume', '/root/tls:/tls', '--env', 'REGISTRY_HTTP_ADDR=:5443',
      '--env', 'REGISTRY_HTTP_TLS_CERTIFICATE=/tls/server.crt', '--env', 'REGISTRY_HTTP_TLS_KEY=/tls/server.key',
      '--env', 'REGISTRY_AUTH=htpasswd', '--env', 'REGISTRY_AUTH_HTPASSWD_REALM=vnfm', '--env', 'REGISTRY_AUTH_HTPASSWD_PATH=/tls/htpasswd', '--name', 'reg-tls', 'registry:latest');
    await inVm(REGISTRY_VM, ['sh', '-c', 'sleep 1']);
    // One image in each, pushed from the registry VM itself.
    await registryDocker('tag', 'registry:latest', `127.10.0.15:5000/vnfm/http-probe:${run}`);
    await registryDocker('push', `127.10.0.15:5000/vnfm/http-probe:${run}`);
    await inVm(REGISTRY_VM, ['/usr/bin/docker', '-H', 'unix:///run/docker.sock', 'login', '--username', login.user, '--password-stdin', '127.10.0.15:5443'], login.password);
    await registryDocker('tag', 'registry:latest', `127.10.0.15:5443/vnfm/tls-probe:${run}`);
    await registryDocker('push', `127.10.0.15:5443/vnfm/tls-probe:${run}`);

    store = await EmbeddedEventStore.open({ dataDir: join(dir, 'pins') });
    session = await new SshRemoteShell(new HostKeyPins(store)).open({ host: NODE_VM, username: 'vnfm', password: hosts.users['vnfm'], pinId: `node-${run}` }, new AbortController().signal, [hosts.users['vnfm'] ?? '', login.password]);
  }, 900_000);

  afterAll(async () => {
    await session?.close();
    await store?.close();
    await registryDocker('rm', '--force', 'reg-http', 'reg-tls').catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it('a wrong registry password fails at docker login with the cause, the password masked', async () => {
    const wrong = `wrong-${run}`;
    const error = (await connectRegistries(session, registries(wrong), files).catch((caught: unknown) => caught)) as { code: string; detail: string };
    expect(error).toMatchObject({ code: 'REMOTE_COMMAND_FAILED' });
    expect(error.detail).toContain(`'docker' 'login' '--username' '${login.user}' '--password-stdin' '${TLS}'`);
    expect(error.detail).toMatch(/unauthorized|401/i);
    expect(JSON.stringify(error)).not.toContain(wrong);
  });

  it('configures the node so its daemon pulls from both registries; a re-run adds nothing', async () => {
    await connectRegistries(session, registries(), files);
    await connectRegistries(session, registries(), files);

    const etcHosts = await inVm(NODE_VM, ['cat', '/etc/hosts']);
    expect(etcHosts.split('\n').filter((line) => line === `${REGISTRY_VM} registry-http.test`)).toHaveLength(1);
    expect(etcHosts.split('\n').filter((line) => line === `${REGISTRY_VM} registry-tls.test`)).toHaveLength(1);
    // Merged, not overwritten: the VM's own options (vfs, no bridge) are still there.
    expect(JSON.parse(await inVm(NODE_VM, ['cat', '/etc/docker/daemon.json']))).toEqual({ 'storage-driver': 'vfs', iptables: false, 'ip-masq': false, bridge: 'none', 'insecure-registries': [HTTP] });
    // The restarted daemon has read it.
    const indexConfigs = JSON.parse(await nodeDocker('info', '--format', '{{json .RegistryConfig.IndexConfigs}}')) as Record<string, { Secure: boolean }>;
    expect(indexConfigs[HTTP]).toMatchObject({ Secure: false });
    // The CA is the package's, and it verifies the registry's certificate under the name /etc/hosts resolves.
    expect(await inVm(NODE_VM, ['cat', `/etc/docker/certs.d/${TLS}/ca.crt`])).toBe(readFileSync(join(dir, 'ca.crt'), 'utf8'));
    const verify = await inVm(NODE_VM, ['sh', '-c', `openssl s_client -connect ${TLS} -servername registry-tls.test -CAfile /etc/docker/certs.d/${TLS}/ca.crt -verify_return_error </dev/null 2>&1 | grep -E '^ *Verify return code'`]);
    expect([...new Set(verify.trim().split('\n').map((line) => line.trim()))]).toEqual(['Verify return code: 0 (ok)']);

    await nodeDocker('pull', `${HTTP}/vnfm/http-probe:${run}`);
    await nodeDocker('pull', `${TLS}/vnfm/tls-probe:${run}`);
    expect((await nodeDocker('images', '--format', '{{.Repository}}:{{.Tag}}')).split('\n')).toEqual(expect.arrayContaining([`${HTTP}/vnfm/http-probe:${run}`, `${TLS}/vnfm/tls-probe:${run}`]));
    // The login is what lets the node pull from the htpasswd registry. (dockerd counts every 127.0.0.0/8 registry as
    // insecure, so after the 401 over HTTPS it retries over plain HTTP and reports that attempt's error instead.)
    await nodeDocker('logout', TLS);
    await nodeDocker('rmi', `${TLS}/vnfm/tls-probe:${run}`);
    await expect(nodeDocker('pull', `${TLS}/vnfm/tls-probe:${run}`)).rejects.toThrow(/no basic auth credentials|unauthorized|connection reset/);
  });
});
