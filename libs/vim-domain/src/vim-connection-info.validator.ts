import { isRecord } from '@vnfm/util';
import { isPemCertificateBundle, normalizeTackerPem } from './tacker-pem';
import { Problems, readText, readUrl, refuseStraySecrets, type JsonObject, type Parsed } from './validation';
import { canonicalVimType, registryTypeOf, type VimConnectionInfo } from './vim-connection-info';
import { NO_CERTIFICATE_CHECKS } from './server-trust';
import { checkBasicCredentials, checkBearerToken } from './auth-header.rules';

/** One vimConnectionInfo entry: a reference to a registered VIM, or complete inline connection data. */
export type VimConnectionRequest =
  { kind: 'registry'; vimId: string; vimType?: string; extra?: Record<string, unknown> } | { kind: 'inline'; info: VimConnectionInfo };

const MAX_SECRET = 16 * 1024;

/**
 * Reads vimConnectionInfo as SOL003 v3.3.1 (a map keyed by id) or v2.6.1 (an
 * array of entries with `id`) gives it. An entry with only `vimId` refers to
 * the registry; one with interfaceInfo and accessInfo is used as given, after
 * the same checks a registration gets.
 */
export function parseVimConnectionInfo(input: unknown): Parsed<Record<string, VimConnectionRequest>> {
  const problems = new Problems();
  const entries = toEntries(input, problems);
  const result: Record<string, VimConnectionRequest> = {};
  for (const [id, entry] of entries) {
    const path = `vimConnectionInfo.${id}`;
    if (!isRecord(entry)) {
      problems.add(`${path} must be an object.`);
      continue;
    }
    const parsed = parseEntry(entry, path, problems);
    if (parsed) result[id] = parsed;
  }
  return problems.result(() => result);
}

function toEntries(input: unknown, problems: Problems): [string, unknown][] {
  if (Array.isArray(input)) {
    return input.map((entry, index) => [
      isRecord(entry) && typeof entry.id === 'string' && entry.id !== '' ? entry.id : String(index),
      entry,
    ]);
  }
  if (isRecord(input)) return Object.entries(input);
  problems.add('vimConnectionInfo must be a map of VimConnectionInfo (SOL003 v3.3.1) or an array of them (v2.6.1).');
  return [];
}

function parseEntry(entry: JsonObject, path: string, problems: Problems): VimConnectionRequest | undefined {
  const vimId = readText(entry, 'vimId', path, problems, { max: 255 });
  const givenType = readText(entry, 'vimType', path, problems, { required: vimId === undefined, max: 255 });
  const vimType = givenType === undefined ? undefined : canonicalVimType(givenType);
  if (vimType !== undefined && registryTypeOf(vimType) === undefined) {
    problems.add(
      `${path}.vimType ${vimType} is not supported (ETSINFV.OPENSTACK_KEYSTONE.V_3, ETSINFV.KUBERNETES.V_1, ETSINFV.HELM.V_3; ETSINFV.OPENSTACK_KEYSTONE.V_2 is read as V_3).`,
    );
    return undefined;
  }
  if (entry.extra !== undefined && !isRecord(entry.extra)) problems.add(`${path}.extra must be an object.`);
  refuseStraySecrets(entry.extra, `${path}.extra`, problems);
  const extra = isRecord(entry.extra) ? entry.extra : undefined;
  if (entry.interfaceInfo === undefined && entry.accessInfo === undefined) {
    if (vimId === undefined) problems.add(`${path} needs a vimId, or interfaceInfo and accessInfo.`);
    return vimId === undefined ? undefined : { kind: 'registry', vimId, vimType, extra };
  }
  if (!isRecord(entry.interfaceInfo) || !isRecord(entry.accessInfo)) {
    problems.add(`${path} must give interfaceInfo and accessInfo as objects together (or only a vimId).`);
    return undefined;
  }
  const type = registryTypeOf(vimType as string);
  const interfaceInfo = { ...entry.interfaceInfo };
  readUrl(interfaceInfo, 'endpoint', `${path}.interfaceInfo`, problems, ['http:', 'https:']);
  const { ssl_ca_cert: ca, ...rest } = interfaceInfo;
  refuseStraySecrets(rest, `${path}.interfaceInfo`, problems);
  if (ca !== undefined && ca !== NO_CERTIFICATE_CHECKS) {
    const pem = typeof ca === 'string' ? normalizeTackerPem(ca) : '';
    if (isPemCertificateBundle(pem)) interfaceInfo.ssl_ca_cert = pem;
    else problems.add(`${path}.interfaceInfo.ssl_ca_cert is not a PEM certificate (or None, to turn certificate checks off).`);
  }
  const accessInfo = entry.accessInfo;
  const accessPath = `${path}.accessInfo`;
  const required = (keys: string[]) =>
    keys.forEach((key) => readText(accessInfo, key, accessPath, problems, { required: true, max: MAX_SECRET }));
  if (type === 'openstack') required(['username', 'password', 'project']);
  else if (accessInfo.oidc_token_url !== undefined) required(['username', 'password', 'client_id']);
  else if (accessInfo.username !== undefined || accessInfo.password !== undefined) {
    required(['username', 'password']);
    checkBasicCredentials(accessInfo, accessPath, problems);
  } else {
    required(['bearer_token']);
    checkBearerToken(accessInfo.bearer_token, `${accessPath}.bearer_token`, problems);
  }
  return {
    kind: 'inline',
    info: { ...(vimId ? { vimId } : {}), vimType: vimType as string, interfaceInfo, accessInfo, ...(extra ? { extra } : {}) },
  };
}
