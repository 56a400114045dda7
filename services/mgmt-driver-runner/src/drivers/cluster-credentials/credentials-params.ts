import { AppError } from '@vnfm/contracts';
import { isRecord, isSealedMarker } from '@vnfm/util';

/** `additionalParams` member the cluster-credentials MgmtDriver reads (docs/mgmt-drivers.md, "Workload cluster credentials"). */
export const CREDENTIALS_PARAM = 'cluster_kubeconfig';

/** Where the kubeconfig goes and how the receiver is trusted and logged in to. */
export interface ReceiverParams {
  url: URL;
  /** PEM of the CA(s) the receiver's certificate must chain to (given in the request or read from the package). */
  caCert?: string;
  /** Package path of a PEM CA bundle, read at run time. */
  caCertPath?: string;
  allowInsecureHttp: boolean;
  auth?: { kind: 'basic'; username: string; password: string } | { kind: 'bearer'; token: string };
}

export interface CredentialsParams {
  /** Undefined: the single Cluster among the instance's manifests. */
  clusterName?: string;
  /** Undefined: the Cluster's namespace, else the instance's. */
  namespace?: string;
  receiver: ReceiverParams;
  registerVim: boolean;
  vimName?: string;
}

export const invalidCredentialsParams = (detail: string) =>
  new AppError('CLUSTER_CREDENTIALS_PARAMS_INVALID', 422, 'Unprocessable Entity', detail);

type Json = Record<string, unknown>;
// RFC 1123 DNS subdomain: the names of a Cluster, a Secret and a namespace.
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

function text(param: Json, key: string, path: string): string | undefined {
  const value = param[key];
  if (value === undefined || value === null || value === '') return undefined;
  // The value is never echoed: it may be a password.
  if (typeof value !== 'string') throw invalidCredentialsParams(`${path}.${key} must be a string.`);
  return value;
}

function flag(param: Json, key: string, path: string): boolean {
  const value = param[key];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw invalidCredentialsParams(`${path}.${key} must be true or false.`);
  return value;
}

function name(param: Json, key: string, path: string): string | undefined {
  const value = text(param, key, path);
  if (value !== undefined && (value.length > 253 || !DNS_SUBDOMAIN.test(value)))
    throw invalidCredentialsParams(
      `${path}.${key} must be a Kubernetes object name (RFC 1123 subdomain), not ${JSON.stringify(value.slice(0, 80))}.`,
    );
  return value;
}

function receiverUrl(receiver: Json, path: string): { url: URL; allowInsecureHttp: boolean } {
  const raw = text(receiver, 'url', path);
  if (raw === undefined) throw invalidCredentialsParams(`${path}.url is required: the URL the workload cluster's kubeconfig is POSTed to.`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidCredentialsParams(`${path}.url is not a URL.`);
  }
  // Credentials in the URL would end up in outputs and logs: they go in username/password or bearer_token.
  if (url.username || url.password)
    throw invalidCredentialsParams(`${path}.url must not carry user-info; give ${path}.username/password or ${path}.bearer_token.`);
  const allowInsecureHttp = flag(receiver, 'allow_insecure_http', path);
  if (url.protocol === 'http:' && !allowInsecureHttp)
    throw invalidCredentialsParams(
      `${path}.url is plain http: the kubeconfig would travel in clear; use https, or set ${path}.allow_insecure_http: true.`,
    );
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw invalidCredentialsParams(`${path}.url must be an https URL, not ${url.protocol}.`);
  return { url, allowInsecureHttp };
}

function receiverAuth(receiver: Json, path: string): ReceiverParams['auth'] {
  const username = text(receiver, 'username', path);
  const password = text(receiver, 'password', path);
  const token = text(receiver, 'bearer_token', path);
  if (token !== undefined && (username !== undefined || password !== undefined))
    throw invalidCredentialsParams(`${path} gives both bearer_token and username/password; give one.`);
  if (token !== undefined) {
    // Before the operation starts the token is sealed: only its presence is checked then.
    if (!isSealedMarker(token) && !/^[A-Za-z0-9\-._~+/]+=*$/.test(token))
      throw invalidCredentialsParams(`${path}.bearer_token is not a token68 (RFC 6750 §2.1).`);
    return { kind: 'bearer', token };
  }
  if ((username === undefined) !== (password === undefined))
    throw invalidCredentialsParams(`${path}.username and ${path}.password go together (HTTP Basic).`);
  if (username !== undefined && username.includes(':'))
    throw invalidCredentialsParams(`${path}.username must not contain ':' (RFC 7617 §2).`);
  return username !== undefined && password !== undefined ? { kind: 'basic', username, password } : undefined;
}

function receiverParams(param: Json): ReceiverParams {
  const path = `additionalParams.${CREDENTIALS_PARAM}.receiver`;
  const receiver = param['receiver'];
  if (!isRecord(receiver))
    throw invalidCredentialsParams(
      `${path} is required by the cluster-credentials MgmtDriver and is ${receiver === undefined ? 'missing' : 'not an object'}.`,
    );
  const { url, allowInsecureHttp } = receiverUrl(receiver, path);
  const caCert = text(receiver, 'ca_cert', path);
  if (caCert !== undefined && !caCert.includes('-----BEGIN CERTIFICATE-----'))
    throw invalidCredentialsParams(`${path}.ca_cert must be PEM certificates.`);
  const caCertPath = text(receiver, 'ca_cert_path', path)?.replace(/^(\.\/)+/, '');
  if (caCertPath !== undefined && (caCertPath.startsWith('/') || caCertPath.split('/').includes('..')))
    throw invalidCredentialsParams(`${path}.ca_cert_path must be a path inside the VNF package.`);
  if (caCert !== undefined && caCertPath !== undefined)
    throw invalidCredentialsParams(`${path} gives both ca_cert and ca_cert_path; give one.`);
  if (url.protocol === 'https:' && caCert === undefined && caCertPath === undefined)
    throw invalidCredentialsParams(
      `${path}.ca_cert (PEM) or ${path}.ca_cert_path (a package file) is required: the receiver's certificate is verified against it.`,
    );
  return { url, caCert, caCertPath, allowInsecureHttp, auth: receiverAuth(receiver, path) };
}

/** The request's `cluster_kubeconfig`, checked before the management cluster or the receiver is contacted. */
export function readCredentialsParams(additionalParams: unknown): CredentialsParams {
  const path = `additionalParams.${CREDENTIALS_PARAM}`;
  const param = isRecord(additionalParams) ? additionalParams[CREDENTIALS_PARAM] : undefined;
  if (!isRecord(param))
    throw invalidCredentialsParams(
      `${path} is required by the cluster-credentials MgmtDriver and is ${param === undefined ? 'missing' : 'not an object'}.`,
    );
  return {
    clusterName: name(param, 'cluster_name', path),
    namespace: name(param, 'namespace', path),
    receiver: receiverParams(param),
    registerVim: flag(param, 'register_vim', path),
    vimName: text(param, 'vim_name', path),
  };
}
