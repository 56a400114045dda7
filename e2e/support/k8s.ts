import { readFile } from 'node:fs/promises';
import { KubeConfig } from '@kubernetes/client-node';
import { parse } from 'yaml';
import { infraUp } from './infra-script';
import { normalizeTackerPem } from '@vnfm/vim-domain';

/** What `tools/k8s/k8s.sh up` started: a real Kubernetes control plane with kwok fake nodes. */
export interface K8sControlPlane {
  /** Tacker-style VIM file (`openstack vim register --config-file`) for the admin user. */
  vimFile: string;
  /** The same for the namespace-limited tenant user (`project_name` is its namespace). */
  tenantVimFile: string;
  /** The same for a user of the OIDC provider k8s.sh runs (Tacker's `oidc_token_url` VIM format; cluster-admin). */
  oidcVimFile: string;
  /** Admin kubeconfig (system:masters). */
  kubeconfig: string;
  /** Kubeconfig of the tenant user, defaulting to its namespace. */
  tenantKubeconfig: string;
  /** e.g. https://127.0.0.1:16443 */
  authUrl: string;
  adminToken: string;
  tenantToken: string;
  /** PEM of the CA that signed the API server's certificate. */
  caPem: string;
  /** The only namespace the tenant user may use. */
  namespace: string;
}

/** The fields of a Tacker Kubernetes VIM config file. */
export interface VimFile {
  authUrl: string;
  bearerToken: string;
  /** Normalised to a proper multi-line PEM. */
  caPem: string;
  projectName: string;
  type: string;
}

// A cold start builds kube-apiserver & co. from source (tens of minutes on
// 2 cores); later starts take seconds. CI should run `k8s.sh build` first.
export const K8S_UP_TIMEOUT_MS = Number(process.env['VNFM_K8S_UP_TIMEOUT_MS'] ?? 60 * 60_000);

let started: Promise<K8sControlPlane> | undefined;

/**
 * Starts the control plane unless it is already running (idempotent across
 * test files and processes: the script serialises concurrent callers).
 */
export function ensureK8s(): Promise<K8sControlPlane> {
  started ??= startK8s().catch((error: unknown) => {
    started = undefined;
    throw error;
  });
  return started;
}

async function startK8s(): Promise<K8sControlPlane> {
  const env = await infraUp('tools/k8s/k8s.sh', K8S_UP_TIMEOUT_MS);
  const need = (key: string): string => {
    const value = env[key];
    if (!value) throw new Error(`k8s.sh up did not print ${key} on its last line`);
    return value;
  };
  const vimFile = need('K8S_VIM_FILE');
  const tenantVimFile = need('K8S_TENANT_VIM_FILE');
  const [admin, tenant] = await Promise.all([readVimFile(vimFile), readVimFile(tenantVimFile)]);
  return {
    vimFile,
    tenantVimFile,
    oidcVimFile: need('K8S_OIDC_VIM_FILE'),
    kubeconfig: need('K8S_KUBECONFIG'),
    tenantKubeconfig: need('K8S_TENANT_KUBECONFIG'),
    authUrl: admin.authUrl,
    adminToken: admin.bearerToken,
    tenantToken: tenant.bearerToken,
    caPem: admin.caPem,
    namespace: tenant.projectName,
  };
}

/**
 * Reads a VIM config file the way Tacker does: YAML first (which folds the
 * line breaks of the double-quoted PEM into spaces), then Tacker's own
 * normalisation of `ssl_ca_cert` (every whitespace back to a line break,
 * except inside the BEGIN/END CERTIFICATE markers).
 */
export async function readVimFile(path: string): Promise<VimFile> {
  return parseVimFile(await readFile(path, 'utf8'), path);
}

/** Every field of a VIM config file as Tacker reads it (`ssl_ca_cert` normalised), e.g. to register it. */
export async function readVimConfig(path: string): Promise<Record<string, unknown>> {
  const fields = yamlMapping(await readFile(path, 'utf8'), path);
  return typeof fields['ssl_ca_cert'] === 'string' ? { ...fields, ssl_ca_cert: normalizeTackerPem(fields['ssl_ca_cert']) } : fields;
}

function yamlMapping(source: string, path: string): Record<string, unknown> {
  const doc: unknown = parse(indentContinuationLines(source));
  if (typeof doc !== 'object' || doc === null) throw new Error(`${path}: not a YAML mapping`);
  return doc as Record<string, unknown>;
}

/** Parses the text of a VIM config file (see {@link readVimFile}). */
function parseVimFile(source: string, path = 'VIM file'): VimFile {
  const fields = yamlMapping(source, path);
  const text = (key: string): string => {
    const value = fields[key];
    if (typeof value !== 'string' || value === '') throw new Error(`${path}: missing string field ${key}`);
    return value;
  };
  return {
    authUrl: text('auth_url'),
    bearerToken: text('bearer_token'),
    caPem: normalizeTackerPem(text('ssl_ca_cert')),
    projectName: text('project_name'),
    type: text('type'),
  };
}

/**
 * The PEM continuation lines of Tacker's format start in column 0. PyYAML
 * (which Tacker and the OpenStack client use) accepts that at the top level,
 * but YAML 1.2 wants them indented: indent every line that is not a top-level
 * key, a comment or a document marker, which changes no value.
 */
function indentContinuationLines(source: string): string {
  return source
    .split('\n')
    .map((line) => (line === '' || /^([A-Za-z_][\w.-]*\s*:|#|---(\s|$)|\.\.\.(\s|$)|\s)/.test(line) ? line : `  ${line}`))
    .join('\n');
}

/**
 * A client configuration built only from what a VIM file carries: the API URL,
 * a bearer token and the CA (`withCa: false` leaves the CA out, so the server
 * certificate is checked against the system trust store only).
 */
export function kubeConfigFromVim(vim: VimFile, options: { token?: string; withCa?: boolean } = {}): KubeConfig {
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromOptions({
    clusters: [
      {
        name: 'vim',
        server: vim.authUrl,
        skipTLSVerify: false,
        ...(options.withCa === false ? {} : { caData: Buffer.from(vim.caPem).toString('base64') }),
      },
    ],
    users: [{ name: 'vim-user', token: options.token ?? vim.bearerToken }],
    contexts: [{ name: 'vim', cluster: 'vim', user: 'vim-user', namespace: vim.projectName }],
    currentContext: 'vim',
  });
  return kubeConfig;
}
