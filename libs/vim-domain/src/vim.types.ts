/** The VIM types Tacker's `openstack vim register` knows (the `type` of a VIM config file). */
export const VIM_TYPES = ['openstack', 'kubernetes'] as const;
export type VimType = (typeof VIM_TYPES)[number];

/** Tacker's VIM status: PENDING until checked, then the outcome of the reachability check. */
export type VimStatus = 'PENDING' | 'REACHABLE' | 'UNREACHABLE';

/**
 * The `auth_cred` fields that are secrets. They are sealed (encrypted with
 * the VIM's data key) before they reach any event, and masked in views.
 */
export const SECRET_FIELDS = ['password', 'bearer_token', 'ssl_ca_cert', 'client_secret'] as const;
export type SecretField = (typeof SECRET_FIELDS)[number];
/** Secret values in plain text: only in memory, between the request and the sealing. */
export type SecretValues = Partial<Record<SecretField, string>>;
/** The same fields sealed with AES-256-GCM (libs/crypto format `v1.<iv>.<ct>.<tag>`). */
export type SealedSecrets = Partial<Record<SecretField, string>>;

/**
 * The non-secret part of Tacker's `auth_cred`. `ssl_ca_cert: 'None'` is
 * Tacker's way to skip certificate verification and is not a secret; a PEM
 * is sealed like the other secrets.
 */
export interface PublicAuthCred {
  username?: string;
  user_domain_name?: string;
  cert_verify?: 'True' | 'False';
  oidc_token_url?: string;
  client_id?: string;
  ssl_ca_cert?: 'None';
}

/** Tacker's `vim_project`: the OpenStack project, or the Kubernetes namespace (`name`). */
export interface VimProject {
  name: string;
  project_domain_name?: string;
}

/** Tacker's `placement_attr`; for OpenStack the regions of the Keystone catalog. */
export interface PlacementAttr {
  regions?: string[];
}

/** Outcome of checking that a VIM answers with its credentials. */
export type Reachability =
  | { status: 'REACHABLE'; checkedAt: string; placementAttr: PlacementAttr; detail: string }
  | { status: 'UNREACHABLE'; checkedAt: string; reason: string };

/** A validated registration whose secrets are already sealed. */
export interface SealedVimRegistration {
  name: string;
  description: string;
  type: VimType;
  tenantId: string;
  authUrl: string;
  vimProject: VimProject;
  authCred: PublicAuthCred;
  sealedSecrets: SealedSecrets;
  extra: Record<string, unknown>;
  isDefault: boolean;
}

/** Everything the registry knows about one VIM (secrets sealed). */
export interface VimRecord extends SealedVimRegistration {
  id: string;
  /** When it last became its tenant's default: the latest one wins. */
  defaultSince?: string;
  status: VimStatus;
  statusReason?: string;
  placementAttr: PlacementAttr;
  createdAt: string;
  updatedAt: string | null;
}
