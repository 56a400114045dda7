import { isRecord } from '@vnfm/util';
import type { VimConnectionInfo } from '@vnfm/vim-domain';
import { invalidVimAccess, vimRefused } from './heat.errors';

/** Keystone v3 password credentials of an OpenStack VIM (SOL 003 vimConnectionInfo for ETSINFV.OPENSTACK_KEYSTONE.V_3). */
export interface KeystoneAccess {
  /** Identity API v3 root, e.g. `http://host/identity/v3`. */
  endpoint: string;
  username: string;
  password: string;
  userDomain: string;
  project: string;
  projectDomain: string;
  region?: string;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** Reads the credentials; problems name the missing fields, never a value. Domains default to Keystone's `Default`. */
export function keystoneAccessOf(info: VimConnectionInfo): KeystoneAccess {
  const access = info.accessInfo ?? {};
  const endpoint = text(info.interfaceInfo?.['endpoint']);
  const username = text(access['username']);
  const password = text(access['password']);
  const project = text(access['project']);
  const missing = Object.entries({
    'interfaceInfo.endpoint': endpoint,
    'accessInfo.username': username,
    'accessInfo.password': password,
    'accessInfo.project': project,
  })
    .filter(([, value]) => value === undefined)
    .map(([name]) => `${name} is missing`);
  if (endpoint === undefined || username === undefined || password === undefined || project === undefined) throw invalidVimAccess(missing);
  const root = endpoint.replace(/\/+$/, '');
  return {
    endpoint: /\/v3$/.test(root) ? root : `${root}/v3`,
    username,
    password,
    userDomain: text(access['userDomain']) ?? 'Default',
    project,
    projectDomain: text(access['projectDomain']) ?? 'Default',
    region: text(access['region']),
  };
}

/** Identity API v3 "Password authentication with scoped authorization": user and project by name in their domains. */
export function passwordAuthRequest(access: KeystoneAccess): object {
  return {
    auth: {
      identity: {
        methods: ['password'],
        password: { user: { name: access.username, domain: { name: access.userDomain }, password: access.password } },
      },
      scope: { project: { name: access.project, domain: { name: access.projectDomain } } },
    },
  };
}

export interface ServiceEndpoints {
  /** Heat's endpoint, with the project segment (`.../v1/<project_id>`). */
  heat: string;
  /** Nova's endpoint (`.../v2.1`). */
  nova: string;
  /** Glance's endpoint, unversioned (`.../image`): only a template built from the VNFD needs it (its images). */
  glance?: string;
}

/** The public orchestration, compute and image endpoints of a token's catalog, in the VIM's region when it names one. */
export function serviceEndpoints(tokenBody: unknown, region: string | undefined): ServiceEndpoints {
  const token = isRecord(tokenBody) && isRecord(tokenBody['token']) ? tokenBody['token'] : {};
  const catalog = Array.isArray(token['catalog']) ? token['catalog'].filter(isRecord) : [];
  const find = (type: string): string | undefined => {
    const endpoints = catalog
      .filter((service) => service['type'] === type)
      .flatMap((service) => (Array.isArray(service['endpoints']) ? service['endpoints'].filter(isRecord) : []));
    const endpoint = endpoints.find(
      (candidate) =>
        candidate['interface'] === 'public' &&
        (region === undefined || candidate['region_id'] === region || candidate['region'] === region),
    );
    return text(endpoint?.['url'])?.replace(/\/+$/, '');
  };
  const required = (type: string): string => {
    const url = find(type);
    if (url === undefined) throw vimRefused(missingEndpoint(type, region));
    return url;
  };
  const glance = find('image')?.replace(/\/v2$/, '');
  return { heat: required('orchestration'), nova: required('compute'), ...(glance && { glance }) };
}

/** Why a call to a service of the VIM cannot be made: its catalog does not list it. */
export const missingEndpoint = (type: string, region: string | undefined) =>
  `Keystone's catalog has no public ${type} endpoint${region ? ` in region ${region}` : ''}.`;

/** When a token stops being valid (`token.expires_at`), as epoch milliseconds. */
export function tokenExpiry(tokenBody: unknown): number | undefined {
  const token = isRecord(tokenBody) && isRecord(tokenBody['token']) ? tokenBody['token'] : {};
  const expires = typeof token['expires_at'] === 'string' ? Date.parse(token['expires_at']) : Number.NaN;
  return Number.isNaN(expires) ? undefined : expires;
}
