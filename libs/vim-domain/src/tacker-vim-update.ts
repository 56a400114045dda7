import { isRecord } from '@vnfm/util';
import { Problems, type JsonObject, type Parsed } from './validation';
import { VIM_TYPE_RULES } from './vim-type.rules';
import type { SecretValues, VimRecord } from './vim.types';

export interface MergedVimUpdate {
  /** The whole VIM as a registration body, to be validated like a registration. */
  body: { vim: JsonObject };
  /** auth_cred or vim_project were given: re-seal the secrets and check reachability again. */
  credentialsChanged: boolean;
  isDefault?: boolean;
}

const FIXED = { type: 'type', auth_url: 'authUrl', tenant_id: 'tenantId' } as const;

/**
 * Tacker's update semantics (`openstack vim set`, PUT /v1.0/vims/{id}): the
 * update is merged into the current VIM; giving one Kubernetes auth method
 * (bearer_token, username/password, OIDC) replaces the other; `type`,
 * `auth_url` and `tenant_id` are fixed at registration.
 */
export function mergeVimUpdate(current: VimRecord, secrets: SecretValues, body: unknown): Parsed<MergedVimUpdate> {
  const problems = new Problems();
  const update = isRecord(body) && isRecord(body.vim) ? body.vim : undefined;
  if (!update) {
    problems.add('The body must be a JSON object {"vim": {...}}.');
    return problems.result(() => ({}) as MergedVimUpdate);
  }
  for (const [field, property] of Object.entries(FIXED)) {
    if (update[field] !== undefined && update[field] !== current[property])
      problems.add(`vim.${field} cannot be changed after registration.`);
  }
  for (const key of ['vim_project', 'auth_cred', 'extra'] as const) {
    if (update[key] !== undefined && !isRecord(update[key])) problems.add(`vim.${key} must be an object.`);
  }
  const given = (key: string): JsonObject => (isRecord(update[key]) ? update[key] : {});
  const authCred = mergeAuthCred({ ...current.authCred, ...secrets }, given('auth_cred'), VIM_TYPE_RULES[current.type].authMethodFields);
  return problems.result(() => ({
    body: {
      vim: {
        name: update.name ?? current.name,
        description: update.description ?? current.description,
        type: current.type,
        tenant_id: current.tenantId,
        is_default: update.is_default ?? current.isDefault,
        // Registration normalised it already: parse it back unchanged.
        auth_url: current.authUrl,
        vim_project: { ...current.vimProject, ...given('vim_project') },
        auth_cred: authCred,
        extra: { ...current.extra, ...given('extra') },
      },
    },
    credentialsChanged: update.auth_cred !== undefined || update.vim_project !== undefined,
    isDefault: typeof update.is_default === 'boolean' ? update.is_default : undefined,
  }));
}

function mergeAuthCred(current: JsonObject, given: JsonObject, methodFields: readonly string[]): JsonObject {
  const switchesMethod = methodFields.some((field) => given[field] !== undefined);
  const kept = switchesMethod ? Object.fromEntries(Object.entries(current).filter(([key]) => !methodFields.includes(key))) : current;
  return { ...kept, ...given };
}
