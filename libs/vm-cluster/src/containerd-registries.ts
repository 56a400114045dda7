import { isRecord } from '@vnfm/util';
import { parse, stringify } from 'smol-toml';
import type { ClusterErrors } from './cluster-errors';
import type { RegistryConnection } from './registry-connections';

/** containerd's configuration file (containerd-config.toml(5)). */
export const CONTAINERD_CONFIG = '/etc/containerd/config.toml';
/** The registry host directory containerd's docs use (docs/hosts.md), taken when the configuration names none. */
const DEFAULT_HOSTS_DIR = '/etc/containerd/certs.d';

/**
 * The CRI plugin's id and where its `registry` table is, by configuration
 * version: version 1 (no `version` key) names plugins by their short name,
 * version 2 is containerd 1.x's, version 3 containerd 2.x's (the CRI image
 * service became its own plugin there).
 */
const CRI_PLUGIN: Record<number, string> = { 1: 'cri', 2: 'io.containerd.grpc.v1.cri', 3: 'io.containerd.cri.v1.images' };

type Table = Record<string, unknown>;

/** What the node's containerd needs for the registries: its new config.toml text (undefined: unchanged) and the hosts directory. */
export interface ContainerdRegistryPlan {
  config?: string;
  /** The `config_path` directory where each registry gets `<host[:port]>/hosts.toml`. */
  hostsDir: string;
}

function tableAt(root: Table, path: readonly string[], errors: ClusterErrors): Table {
  let table = root;
  for (const key of path) {
    const next = table[key];
    if (next === undefined) table[key] = {};
    else if (!isRecord(next))
      throw errors.registrySetupFailed(`${CONTAINERD_CONFIG} on the node has ${path.join('.')} that is not a table.`);
    table = table[key] as Table;
  }
  return table;
}

const hasEntries = (value: unknown) => isRecord(value) && Object.keys(value).length > 0;

/**
 * The node's /etc/containerd/config.toml with what the CRI plugin (the
 * kubelet's image puller) needs to use these registries, every other setting
 * kept (comments are not kept when the file is rewritten):
 * - `registry.config_path`, so it reads the hosts.toml files (containerd
 *   docs/hosts.md); an existing one is used as it is (its first directory);
 * - `registry.configs."<host[:port]>".auth` with username and password for a
 *   registry with a login: containerd 1.6 and 1.7 take credentials there only
 *   (docs/cri/registry.md; hosts.toml has no credentials, by design), and use
 *   them whenever the kubelet's pull request carries none.
 * A configuration with `registry.mirrors` or `registry.configs.*.tls` and no
 * `config_path` is refused: containerd stops loading its CRI plugin when
 * `config_path` is added beside them. An empty or missing file becomes a
 * version 2 configuration. Undefined when the file disables the CRI plugin
 * (`disabled_plugins`, as the config Docker's containerd.io package ships
 * does): no kubelet pulls through that containerd. What cannot be merged is
 * the calling driver's `<PREFIX>_REGISTRY_SETUP_FAILED` (502).
 */
export function mergeContainerdConfig(
  current: string,
  registries: readonly RegistryConnection[],
  errors: ClusterErrors,
): ContainerdRegistryPlan | undefined {
  let config: Table;
  try {
    config = current.trim() === '' ? { version: 2 } : (parse(current) as Table);
  } catch (error) {
    throw errors.registrySetupFailed(
      `${CONTAINERD_CONFIG} on the node is not TOML (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); it is left as it is.`,
    );
  }
  const plugin = CRI_PLUGIN[Number(config['version'] ?? 1)];
  if (!plugin)
    throw errors.registrySetupFailed(
      `${CONTAINERD_CONFIG} on the node is a version ${String(config['version'])} configuration; registry connections are written to versions 1 to 3 only, so it is left as it is.`,
    );
  const disabled = config['disabled_plugins'];
  if (Array.isArray(disabled) && disabled.some((id) => id === plugin || id === 'cri' || id === 'io.containerd.grpc.v1.cri'))
    return undefined;
  const path = ['plugins', plugin, 'registry'];
  const registry = tableAt(config, path, errors);
  let changed = false;
  let configPath = registry['config_path'];
  if (typeof configPath !== 'string' || configPath.trim() === '') {
    const configs = isRecord(registry['configs']) ? Object.values(registry['configs']) : [];
    if (hasEntries(registry['mirrors']) || configs.some((entry) => isRecord(entry) && entry['tls'] !== undefined))
      throw errors.registrySetupFailed(
        `${CONTAINERD_CONFIG} on the node sets registry mirrors or TLS in ${path.join('.')} and no config_path; containerd refuses config_path beside them, so the file is left as it is (move them to hosts.toml files under ${DEFAULT_HOSTS_DIR}).`,
      );
    configPath = DEFAULT_HOSTS_DIR;
    registry['config_path'] = configPath;
    changed = true;
  }
  const hostsDir = (configPath as string).split(':')[0]?.replace(/\/+$/, '') || DEFAULT_HOSTS_DIR;
  for (const { server, username, password } of registries) {
    if (username === undefined || password === undefined) continue;
    const entry = tableAt(registry, ['configs', server], errors);
    const auth = { username, password };
    if (JSON.stringify(entry['auth']) === JSON.stringify(auth)) continue;
    entry['auth'] = auth;
    changed = true;
  }
  return { config: changed ? `${stringify(config)}\n` : undefined, hostsDir };
}

/** The directory of one registry's hosts.toml (and CA) under the hosts directory: its host[:port] name. */
export const containerdHostDir = (hostsDir: string, server: string) => `${hostsDir}/${server}`;

/**
 * A registry's hosts.toml (containerd docs/hosts.md): the registry itself as
 * the host for pull, resolve and push; over HTTPS trusting `caFile` (besides
 * the system's CAs) when the request gives a CA, over plain HTTP with
 * `skip_verify` as the docs' insecure-registry example has it.
 */
export function containerdHostsToml(registry: RegistryConnection, caFile?: string): string {
  const url = `${registry.type}://${registry.server}`;
  const host: Table = { capabilities: ['pull', 'resolve', 'push'] };
  if (registry.type === 'http') host['skip_verify'] = true;
  else if (caFile !== undefined) host['ca'] = caFile;
  return `# private_registry_connection_info of the VNF's Kubernetes cluster, written by the VNFM\n${stringify({ server: url, host: { [url]: host } })}\n`;
}
