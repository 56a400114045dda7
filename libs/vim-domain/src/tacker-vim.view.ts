import { certificateChecksOff } from './server-trust';
import { SECRET_FIELDS, type PlacementAttr, type VimProject, type VimRecord, type VimStatus, type VimType } from './vim.types';

/** Tacker masks secrets this way (oslo strutils.mask_dict_password). */
const MASKED = '***';

/**
 * A VIM as Tacker's `/v1.0/vims` API shows it (api-ref "Show VIM"): no
 * secret is ever part of it, only `***` where one is set.
 * `status_reason` is ours: why an UNREACHABLE VIM is unreachable. So is a
 * Kubernetes VIM's `auth_cred.cert_verify` (named as an OpenStack VIM's):
 * `False` when `ssl_ca_cert: None` turned certificate checks off.
 */
export interface TackerVimView {
  id: string;
  name: string;
  description: string;
  type: VimType;
  tenant_id: string;
  auth_url: string;
  vim_project: VimProject;
  auth_cred: Record<string, string | null | undefined>;
  status: VimStatus;
  status_reason?: string;
  is_default: boolean;
  placement_attr: PlacementAttr;
  extra: Record<string, unknown>;
  created_at: string;
  updated_at: string | null;
}

/** `isDefault` comes from the read model, which knows the tenant's latest default. */
export function toTackerVimView(vim: VimRecord, isDefault = vim.isDefault): TackerVimView {
  const masked = Object.fromEntries(
    SECRET_FIELDS.filter((field) => vim.sealedSecrets[field] !== undefined).map((field) => [field, MASKED]),
  );
  const byType: Record<string, string | null> =
    vim.type === 'openstack'
      ? { project_name: vim.vimProject.name, project_domain_name: vim.vimProject.project_domain_name ?? null, project_id: null }
      : { cert_verify: certificateChecksOff(vim) ? 'False' : 'True' };
  const view: TackerVimView = {
    id: vim.id,
    name: vim.name,
    description: vim.description,
    type: vim.type,
    tenant_id: vim.tenantId,
    auth_url: vim.authUrl,
    vim_project: vim.vimProject,
    auth_cred: { ...vim.authCred, ...masked, auth_url: vim.authUrl, ...byType },
    status: vim.status,
    is_default: isDefault,
    placement_attr: vim.placementAttr,
    extra: vim.extra,
    created_at: vim.createdAt,
    updated_at: vim.updatedAt,
  };
  if (vim.statusReason) view.status_reason = vim.statusReason;
  return view;
}
