import { isRecord, isSecretKey } from '@vnfm/util';
import { isPemCertificateBundle, normalizeTackerPem } from './tacker-pem';
import { readText, readUrl, type JsonObject, type Problems } from './validation';
import type { PublicAuthCred, SecretField, SecretValues, VimProject, VimType } from './vim.types';
import { NO_CERTIFICATE_CHECKS } from './server-trust';
import { checkBasicCredentials, checkBearerToken } from './auth-header.rules';

interface ParsedCredentials {
  authCred: PublicAuthCred;
  secrets: SecretValues;
}

/** What differs between VIM types when reading a Tacker VIM body: one entry per type, no if/else per field. */
export interface VimTypeRules {
  /** `auth_url` as Tacker stores it. */
  authUrl(url: string): string;
  project(raw: JsonObject, problems: Problems): VimProject;
  credentials(raw: JsonObject, problems: Problems): ParsedCredentials;
  /** auth_cred fields that name one way of authenticating: giving one in an update replaces the others. */
  authMethodFields: readonly string[];
}

const PATH = 'vim.auth_cred';
const NAMESPACE = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const MAX_SECRET = 16 * 1024;
const MAX_PEM = 64 * 1024;

const openstack: VimTypeRules = {
  // Tacker keeps the Keystone v3 URL (tacker.common.utils.get_auth_url_v3).
  authUrl: (url) => (/\/v3\/?$/.test(url) ? url.replace(/\/$/, '') : `${url.replace(/\/$/, '')}/v3`),
  project(raw, problems) {
    return {
      name: readText(raw, 'name', 'vim.vim_project', problems, { required: true, max: 255 }) ?? '',
      project_domain_name: readText(raw, 'project_domain_name', 'vim.vim_project', problems, { max: 255, fallback: 'Default' }),
    };
  },
  credentials(raw, problems) {
    refuseUnknownSecrets(raw, ['password'], problems);
    const certVerify =
      raw.cert_verify === undefined || raw.cert_verify === null || raw.cert_verify === '' ? 'True' : String(raw.cert_verify);
    if (!['True', 'False', 'true', 'false'].includes(certVerify)) problems.add(`${PATH}.cert_verify must be True or False.`);
    const password = readText(raw, 'password', PATH, problems, { required: true, max: MAX_SECRET });
    return {
      authCred: {
        username: readText(raw, 'username', PATH, problems, { required: true, max: 255 }),
        user_domain_name: readText(raw, 'user_domain_name', PATH, problems, { max: 255, fallback: 'Default' }),
        cert_verify: certVerify.toLowerCase() === 'false' ? 'False' : 'True',
      },
      secrets: password === undefined ? {} : { password },
    };
  },
  authMethodFields: [],
};

const kubernetes: VimTypeRules = {
  authUrl: (url) => url.replace(/\/$/, ''),
  project(raw, problems) {
    // Tacker seed 004: project_name is the namespace, `default` when not given.
    const name = readText(raw, 'name', 'vim.vim_project', problems, { max: 63, fallback: 'default' }) ?? 'default';
    if (!NAMESPACE.test(name))
      problems.add('vim.vim_project.name (the Kubernetes namespace) must be a DNS-1123 label: lower-case letters, digits and "-".');
    return { name };
  },
  credentials(raw, problems) {
    refuseUnknownSecrets(raw, ['password', 'bearer_token', 'ssl_ca_cert', 'client_secret'], problems);
    const { authCred, secrets } = kubernetesAuth(raw, problems);
    const ca = raw.ssl_ca_cert;
    // Tacker: `ssl_ca_cert: None` (the YAML string) asks for no certificate verification;
    // not given (absent, null, ''), the system's trusted CAs check the API server (kubernetesServerTrust).
    if (ca === NO_CERTIFICATE_CHECKS) authCred.ssl_ca_cert = NO_CERTIFICATE_CHECKS;
    else if (ca !== undefined && ca !== null && ca !== '') {
      if (typeof ca !== 'string' || ca.length > MAX_PEM) problems.add(`${PATH}.ssl_ca_cert must be a PEM certificate or None.`);
      else if (!isPemCertificateBundle(normalizeTackerPem(ca)))
        problems.add(`${PATH}.ssl_ca_cert is not a PEM certificate (-----BEGIN CERTIFICATE----- ... -----END CERTIFICATE-----).`);
      else secrets.ssl_ca_cert = normalizeTackerPem(ca);
    }
    return { authCred, secrets };
  },
  authMethodFields: ['bearer_token', 'username', 'password', 'oidc_token_url', 'client_id', 'client_secret'],
};

export const VIM_TYPE_RULES: Record<VimType, VimTypeRules> = { openstack, kubernetes };

/** The three ways Tacker authenticates to Kubernetes, in Tacker's order of preference. */
function kubernetesAuth(raw: JsonObject, problems: Problems): ParsedCredentials {
  const text = (key: SecretField | 'username' | 'client_id', required = true) =>
    readText(raw, key, PATH, problems, { required, max: MAX_SECRET });
  if (raw.oidc_token_url !== undefined) {
    const oidcTokenUrl = readUrl(raw, 'oidc_token_url', PATH, problems, ['https:', 'http:']);
    const clientSecret = text('client_secret', false);
    return {
      authCred: { oidc_token_url: oidcTokenUrl, username: text('username'), client_id: text('client_id') },
      secrets: { password: text('password'), ...(clientSecret === undefined ? {} : { client_secret: clientSecret }) },
    };
  }
  if (isGiven(raw.username) || isGiven(raw.password)) {
    checkBasicCredentials(raw, PATH, problems);
    return { authCred: { username: text('username') }, secrets: { password: text('password') } };
  }
  if (isGiven(raw.bearer_token)) {
    checkBearerToken(raw.bearer_token, `${PATH}.bearer_token`, problems);
    return { authCred: {}, secrets: { bearer_token: text('bearer_token') } };
  }
  problems.add(
    `${PATH} of a Kubernetes VIM needs bearer_token, or username and password, or oidc_token_url with username, password and client_id.`,
  );
  return { authCred: {}, secrets: {} };
}

const isGiven = (value: unknown) => value !== undefined && value !== null && value !== '';

function refuseUnknownSecrets(raw: JsonObject, allowed: string[], problems: Problems): void {
  for (const key of Object.keys(raw)) {
    if (isSecretKey(key) && !allowed.includes(key) && key !== 'oidc_token_url') {
      problems.add(`${PATH}.${key} is not a credential of this VIM type; secrets are accepted only in ${allowed.join(', ')}.`);
    }
  }
}

export const asObject = (value: unknown): JsonObject => (isRecord(value) ? value : {});
