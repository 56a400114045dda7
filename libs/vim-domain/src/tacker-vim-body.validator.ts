import { isRecord } from '@vnfm/util';
import { Problems, readText, readUrl, refuseStraySecrets, type JsonObject, type Parsed } from './validation';
import { asObject, VIM_TYPE_RULES } from './vim-type.rules';
import { VIM_TYPES, type PublicAuthCred, type SecretValues, type VimProject, type VimType } from './vim.types';

/** A Tacker `POST /v1.0/vims` body, validated; secrets still in plain text (seal them next). */
export interface VimRegistrationRequest {
  name: string;
  description: string;
  type: VimType;
  tenantId: string;
  isDefault: boolean;
  authUrl: string;
  vimProject: VimProject;
  authCred: PublicAuthCred;
  secrets: SecretValues;
  extra: Record<string, unknown>;
}

/**
 * Reads the body python-tackerclient sends for `openstack vim register`
 * (`{"vim": {name, description, is_default, tenant_id, type, auth_url,
 * vim_project, auth_cred, extra}}`) and checks it as a Tacker server would,
 * reporting every problem at once. `tenantId` is the caller's tenant, used
 * when the body names none.
 */
export function parseVimRegistration(body: unknown, tenantId: string): Parsed<VimRegistrationRequest> {
  const problems = new Problems();
  const vim = isRecord(body) && isRecord(body.vim) ? body.vim : undefined;
  if (!vim) {
    problems.add('The body must be a JSON object {"vim": {...}}.');
    return problems.result(() => ({}) as VimRegistrationRequest);
  }
  const type = readType(vim, problems);
  const rules = VIM_TYPE_RULES[type];
  const authUrl = readUrl(vim, 'auth_url', 'vim', problems, ['http:', 'https:']);
  for (const key of ['vim_project', 'auth_cred'] as const) {
    if (vim[key] !== undefined && !isRecord(vim[key])) problems.add(`vim.${key} must be an object.`);
  }
  if (vim.auth_cred === undefined) problems.add('vim.auth_cred is required.');
  const project = rules.project(asObject(vim.vim_project), problems);
  refuseStraySecrets(omit(asObject(vim.vim_project), ['name', 'project_domain_name']), 'vim.vim_project', problems);
  const credentials = rules.credentials(asObject(vim.auth_cred), problems);
  const extra = vim.extra === undefined || vim.extra === null ? {} : vim.extra;
  if (!isRecord(extra)) problems.add('vim.extra must be an object.');
  refuseStraySecrets(extra, 'vim.extra', problems);
  const isDefault = vim.is_default ?? false;
  if (typeof isDefault !== 'boolean') problems.add('vim.is_default must be true or false.');
  const name = readText(vim, 'name', 'vim', problems, { required: true, max: 255 });
  const description = readText(vim, 'description', 'vim', problems, { max: 1024, fallback: '' });
  const tenant = readText(vim, 'tenant_id', 'vim', problems, { max: 255, fallback: tenantId });
  return problems.result(() => ({
    name: name as string,
    description: description as string,
    type,
    tenantId: tenant as string,
    isDefault: isDefault as boolean,
    authUrl: rules.authUrl(authUrl as string),
    vimProject: compact(project),
    authCred: compact(credentials.authCred),
    secrets: compact(credentials.secrets),
    extra: extra as Record<string, unknown>,
  }));
}

function readType(vim: JsonObject, problems: Problems): VimType {
  const type = vim.type ?? 'openstack';
  if ((VIM_TYPES as readonly unknown[]).includes(type)) return type as VimType;
  problems.add(`vim.type must be one of ${VIM_TYPES.join(', ')}.`);
  return 'openstack';
}

function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;
}

function omit(value: JsonObject, keys: string[]): JsonObject {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));
}
