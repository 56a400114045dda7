import { parse } from 'smol-toml';
import { clusterErrors } from './cluster-errors';
import { containerdHostDir, containerdHostsToml, mergeContainerdConfig } from './containerd-registries';
import { readRegistryConnections } from './registry-connections';

const errors = clusterErrors('TEST', 'test MgmtDriver');
const registries = readRegistryConnections(
  [
    { connection_type: '0', server: '192.168.0.10:5000' },
    { connection_type: '1', server: 'registry.example.com', username: 'user01', password: 'p"w\\d' },
  ],
  'private_registry_connection_info',
  errors,
);
/** Merged as the calling driver asks: a failure in its own name. */
const merge = (current: string, list = registries) => mergeContainerdConfig(current, list, errors);

// Debian 12's /etc/containerd/config.toml (package containerd 1.6.20).
const DEBIAN = `version = 2

[plugins]
  [plugins."io.containerd.grpc.v1.cri"]
    [plugins."io.containerd.grpc.v1.cri".cni]
      bin_dir = "/usr/lib/cni"
      conf_dir = "/etc/cni/net.d"
  [plugins."io.containerd.internal.v1.opt"]
    path = "/var/lib/containerd/opt"
`;

describe("containerd's config.toml", () => {
  it('gets the CRI registry config_path and the login of each registry that has one, every other setting kept', () => {
    const { config, hostsDir } = merge(DEBIAN) ?? {};
    expect(hostsDir).toBe('/etc/containerd/certs.d');
    expect(parse(config ?? '')).toEqual({
      version: 2,
      plugins: {
        'io.containerd.grpc.v1.cri': {
          cni: { bin_dir: '/usr/lib/cni', conf_dir: '/etc/cni/net.d' },
          registry: {
            config_path: '/etc/containerd/certs.d',
            configs: { 'registry.example.com': { auth: { username: 'user01', password: 'p"w\\d' } } },
          },
        },
        'io.containerd.internal.v1.opt': { path: '/var/lib/containerd/opt' },
      },
    });
    // Merged again: nothing to write, so containerd is not restarted.
    expect(merge(config ?? '')).toEqual({ config: undefined, hostsDir: '/etc/containerd/certs.d' });
  });

  it('keeps a config_path the node has (its first directory takes the hosts.toml files), and replaces a changed password', () => {
    const current = `version = 2
[plugins."io.containerd.grpc.v1.cri".registry]
  config_path = "/etc/containerd/hosts.d/:/etc/docker/certs.d"
[plugins."io.containerd.grpc.v1.cri".registry.configs."registry.example.com".auth]
  username = "user01"
  password = "old"
`;
    const { config, hostsDir } = merge(current) ?? {};
    expect(hostsDir).toBe('/etc/containerd/hosts.d');
    expect(parse(config ?? '')).toMatchObject({
      plugins: {
        'io.containerd.grpc.v1.cri': {
          registry: {
            config_path: '/etc/containerd/hosts.d/:/etc/docker/certs.d',
            configs: { 'registry.example.com': { auth: { username: 'user01', password: 'p"w\\d' } } },
          },
        },
      },
    });
    expect(merge(current, registries.slice(0, 1))?.config).toBeUndefined();
  });

  it("writes containerd 2.x's version 3 under its CRI image plugin, version 1 under `cri`, and a version 2 file where there is none", () => {
    expect(parse(merge('version = 3\n')?.config ?? '')).toEqual({
      version: 3,
      plugins: {
        'io.containerd.cri.v1.images': {
          registry: {
            config_path: '/etc/containerd/certs.d',
            configs: { 'registry.example.com': { auth: { username: 'user01', password: 'p"w\\d' } } },
          },
        },
      },
    });
    expect(parse(merge(' \n', registries.slice(0, 1))?.config ?? '')).toEqual({
      version: 2,
      plugins: { 'io.containerd.grpc.v1.cri': { registry: { config_path: '/etc/containerd/certs.d' } } },
    });
    expect(parse(merge('[plugins.cri]\n  sandbox_image = "pause"\n', registries.slice(0, 1))?.config ?? '')).toEqual({
      plugins: { cri: { sandbox_image: 'pause', registry: { config_path: '/etc/containerd/certs.d' } } },
    });
  });

  it('leaves a containerd whose CRI plugin is disabled alone (the config Docker ships with containerd.io): no kubelet pulls through it', () => {
    expect(merge('#   Copyright Docker Inc.\n\ndisabled_plugins = ["cri"]\n')).toBeUndefined();
    expect(merge('version = 2\ndisabled_plugins = ["io.containerd.grpc.v1.cri"]\n')).toBeUndefined();
  });

  it('leaves alone what it cannot merge faithfully: not TOML, an unknown version, mirrors or TLS settings that config_path would break', () => {
    const refusal = (text: string) => {
      try {
        merge(text);
        return undefined;
      } catch (error) {
        return error as { code: string; status: number; detail: string };
      }
    };
    expect(refusal('version = 2\n[plugins\n')).toMatchObject({ code: 'TEST_REGISTRY_SETUP_FAILED', status: 502 });
    expect(refusal('version = 2\n[plugins\n')?.detail).toContain('is not TOML');
    expect(refusal('version = 4\n')?.detail).toContain('is a version 4 configuration');
    const mirrors = `version = 2
[plugins."io.containerd.grpc.v1.cri".registry.mirrors."docker.io"]
  endpoint = ["https://registry-1.docker.io"]
`;
    expect(refusal(mirrors)?.detail).toContain('sets registry mirrors or TLS');
    const tls = `version = 2
[plugins."io.containerd.grpc.v1.cri".registry.configs."r.test".tls]
  insecure_skip_verify = true
`;
    expect(refusal(tls)?.detail).toContain('and no config_path');
    // With a config_path already there, mirrors are containerd's own problem, not made worse.
    expect(
      refusal(`${mirrors}[plugins."io.containerd.grpc.v1.cri".registry]\n  config_path = "/etc/containerd/certs.d"\n`),
    ).toBeUndefined();
  });
});

describe("a registry's hosts.toml", () => {
  it('is the registry over plain HTTP with skip_verify, or over HTTPS trusting the CA file', () => {
    const [http, https] = registries as [(typeof registries)[0], (typeof registries)[0]];
    expect(parse(containerdHostsToml(http))).toEqual({
      server: 'http://192.168.0.10:5000',
      host: { 'http://192.168.0.10:5000': { capabilities: ['pull', 'resolve', 'push'], skip_verify: true } },
    });
    const ca = `${containerdHostDir('/etc/containerd/certs.d', https.server)}/ca.crt`;
    expect(ca).toBe('/etc/containerd/certs.d/registry.example.com/ca.crt');
    expect(parse(containerdHostsToml(https, ca))).toEqual({
      server: 'https://registry.example.com',
      host: { 'https://registry.example.com': { capabilities: ['pull', 'resolve', 'push'], ca } },
    });
    expect(parse(containerdHostsToml(https))).toEqual({
      server: 'https://registry.example.com',
      host: { 'https://registry.example.com': { capabilities: ['pull', 'resolve', 'push'] } },
    });
    expect(containerdHostsToml(https)).not.toContain('p"w');
  });
});
