import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inVm, registryImageTar, vmRootDir } from './docker-vms';

/**
 * Two registries on one VM's own dockerd, as the connection tests need them:
 * `registry-http.test:5000` (plain HTTP) and `registry-tls.test:5443` (TLS
 * with a test CA, htpasswd login), each holding one probe image. The names
 * resolve only where the node's /etc/hosts says so (`hosts_string`).
 */
export interface TestRegistries {
  http: string;
  tls: string;
  /** The test CA's certificate file (the package's `certificate_path` content). */
  caFile: string;
  login: { user: string; password: string };
  /** Probe images, one in each registry, by the names the nodes use. */
  httpImage: string;
  tlsImage: string;
  /** The `private_registry_connection_info` entries of a request connecting to both. */
  connectionInfo(certificatePath: string, password?: string): Record<string, string>[];
  stop(): Promise<void>;
}

export const HTTP_REGISTRY = 'registry-http.test:5000';
export const TLS_REGISTRY = 'registry-tls.test:5443';

/** A test CA and a certificate for registry-tls.test signed by it (openssl), and an htpasswd file (bcrypt, as the registry requires). */
function makeTls(dir: string, user: string, password: string): void {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.crt',
    '-days',
    '2',
    '-subj',
    '/CN=vnfm test registry CA',
  );
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=registry-tls.test');
  writeFileSync(join(dir, 'san.ext'), 'subjectAltName=DNS:registry-tls.test\n');
  openssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.crt',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.crt',
    '-days',
    '2',
    '-extfile',
    'san.ext',
  );
  const hash = execFileSync('python3', [
    '-W',
    'ignore',
    '-c',
    'import crypt,sys; print(crypt.crypt(sys.argv[1], crypt.mksalt(crypt.METHOD_BLOWFISH)))',
    password,
  ])
    .toString()
    .trim();
  writeFileSync(join(dir, 'htpasswd'), `${user}:${hash}\n`);
}

/** The HTTPS registry alone (`registry-tls.test:5443`, test CA, htpasswd login, one probe image): beside another HTTP registry on :5000. */
export interface TlsTestRegistry {
  server: string;
  /** The test CA's certificate file (the package's `certificate_path` content). */
  caFile: string;
  login: { user: string; password: string };
  image: string;
  /** The `hosts_string` that resolves `server` to the VM. */
  hostsString: string;
  stop(): Promise<void>;
}

const dockerOn =
  (vm: string) =>
  (...argv: string[]) =>
    inVm(vm, ['/usr/bin/docker', '-H', 'unix:///run/docker.sock', ...argv]);

/**
 * Waits until the registry listens, and checks it listens on its VM's address alone (tools/docker/README.md): one on
 * every address would take the port from the registries of test files running beside this one.
 */
async function listensOnVmOnly(vm: string, port: number): Promise<void> {
  const ours = `${vm}:${port}`;
  const listening = await inVm(vm, [
    'sh',
    '-c',
    `for i in $(seq 1 40); do ss -Hltn "sport = :${port}" | grep -qF " ${ours} " && break; sleep 0.25; done; ss -Hltn "sport = :${port}"`,
  ]);
  const addresses = listening
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/)[3] ?? '');
  const everyAddress = addresses.filter((address) => /^(\*|0\.0\.0\.0|\[::\]):/.test(address));
  if (!addresses.includes(ours) || everyAddress.length > 0)
    throw new Error(
      `the test registry on ${vm} should listen on ${ours}, and nothing on every address; on :${port}: ${addresses.join(', ') || 'nothing'}`,
    );
}

/** Starts the HTTPS registry on `vm` (its dockerd started; the VM prepared by `freshDockerVms`) and pushes a probe image into it. */
export async function startTlsTestRegistry(vm: string, dir: string, run: string): Promise<TlsTestRegistry> {
  const login = { user: 'puller', password: `pull-${run}` };
  const docker = dockerOn(vm);
  makeTls(dir, login.user, login.password);
  const tar = await registryImageTar();
  await inVm(vm, ['service', 'docker', 'start']);
  await inVm(vm, ['sh', '-c', 'until docker info >/dev/null 2>&1; do sleep 0.5; done']);
  mkdirSync(join(vmRootDir(vm), 'tls'), { recursive: true });
  for (const file of ['server.crt', 'server.key', 'htpasswd']) copyFileSync(join(dir, file), join(vmRootDir(vm), 'tls', file));
  copyFileSync(tar, join(vmRootDir(vm), 'registry.tar'));
  await docker('load', '--input', '/root/registry.tar');
  await docker('rm', '--force', 'reg-tls').catch(() => undefined);
  await docker(
    'run',
    '--detach',
    '--network',
    'host',
    '--volume',
    '/root/tls:/tls',
    '--env',
    'REGISTRY_HTTP_ADDR=:5443',
    '--env',
    'REGISTRY_HTTP_TLS_CERTIFICATE=/tls/server.crt',
    '--env',
    'REGISTRY_HTTP_TLS_KEY=/tls/server.key',
    '--env',
    'REGISTRY_AUTH=htpasswd',
    '--env',
    'REGISTRY_AUTH_HTPASSWD_REALM=vnfm',
    '--env',
    'REGISTRY_AUTH_HTPASSWD_PATH=/tls/htpasswd',
    '--name',
    'reg-tls',
    'registry:latest',
  );
  await listensOnVmOnly(vm, 5443);
  // Pushed from the registry VM itself (by address: its own /etc/hosts has no test names).
  await inVm(
    vm,
    ['/usr/bin/docker', '-H', 'unix:///run/docker.sock', 'login', '--username', login.user, '--password-stdin', `${vm}:5443`],
    login.password,
  );
  await docker('tag', 'registry:latest', `${vm}:5443/vnfm/tls-probe:${run}`);
  await docker('push', `${vm}:5443/vnfm/tls-probe:${run}`);
  return {
    server: TLS_REGISTRY,
    caFile: join(dir, 'ca.crt'),
    login,
    image: `${TLS_REGISTRY}/vnfm/tls-probe:${run}`,
    hostsString: `${vm} registry-tls.test`,
    stop: async () => {
      await docker('rm', '--force', 'reg-tls').catch(() => undefined);
    },
  };
}

/** Starts both registries on `vm` (its dockerd started; the VM prepared by `freshDockerVms`) and pushes a probe image into each. */
export async function startTestRegistries(vm: string, dir: string, run: string): Promise<TestRegistries> {
  const tls = await startTlsTestRegistry(vm, dir, run);
  const docker = dockerOn(vm);
  await docker('rm', '--force', 'reg-http').catch(() => undefined);
  await docker('run', '--detach', '--network', 'host', '--env', 'REGISTRY_HTTP_ADDR=:5000', '--name', 'reg-http', 'registry:latest');
  await listensOnVmOnly(vm, 5000);
  await docker('tag', 'registry:latest', `${vm}:5000/vnfm/http-probe:${run}`);
  await docker('push', `${vm}:5000/vnfm/http-probe:${run}`);
  return {
    http: HTTP_REGISTRY,
    tls: TLS_REGISTRY,
    caFile: tls.caFile,
    login: tls.login,
    httpImage: `${HTTP_REGISTRY}/vnfm/http-probe:${run}`,
    tlsImage: tls.image,
    connectionInfo: (certificatePath, password = tls.login.password) => {
      const http: Record<string, string> = { connection_type: '0', server: HTTP_REGISTRY, hosts_string: `${vm} registry-http.test` };
      const https: Record<string, string> = {
        connection_type: '1',
        server: TLS_REGISTRY,
        username: tls.login.user,
        password,
        certificate_path: certificatePath,
        hosts_string: tls.hostsString,
      };
      return [http, https];
    },
    stop: async () => {
      await docker('rm', '--force', 'reg-http').catch(() => undefined);
      await tls.stop();
    },
  };
}
