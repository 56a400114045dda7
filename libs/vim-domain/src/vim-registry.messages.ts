import type { VimConnectionInfo } from './vim-connection-info';
import type { TackerVimView } from './tacker-vim.view';

/** Commands the vim-registry service answers on the bus (`<service>.<name>`). */
export const VIM_REGISTRY_MESSAGES = {
  registerVim: 'vim-registry.registerVim',
  listVims: 'vim-registry.listVims',
  getVim: 'vim-registry.getVim',
  updateVim: 'vim-registry.updateVim',
  deleteVim: 'vim-registry.deleteVim',
  resolveVimConnectionInfo: 'vim-registry.resolveVimConnectionInfo',
  /** References only: no secret is opened or sent. */
  resolveVimRefs: 'vim-registry.resolveVimRefs',
} as const;

/** `body`: the Tacker request body as received; validated by the registry. */
export interface RegisterVimMessage {
  vimId: string;
  body: unknown;
}

export interface UpdateVimMessage {
  vimId: string;
  body: unknown;
}

export interface VimIdMessage {
  vimId: string;
}

/** `query`: the HTTP query parameters of `GET /v1.0/vims`. */
export interface ListVimsMessage {
  query: Record<string, unknown>;
}

export interface VimReply {
  vim: TackerVimView;
}

export interface VimListReply {
  vims: Partial<TackerVimView>[];
}

/**
 * Asked by the LCM coordinator before it drives a VIM. Entries with only a
 * vimId are looked up in the registry; complete inline entries are checked;
 * with no entries at all the tenant's default VIM is used (key `default`, as
 * in Tacker v2). A VNF instance uses only its own tenant's VIMs: a request
 * confined to a tenant (docs/auth.md, "Tenants") resolves only that tenant's
 * VIMs, another tenant's vimId being as unknown as an absent one (404
 * VIM_NOT_FOUND), and its default is its own tenant's.
 */
export interface ResolveVimConnectionInfoRequest {
  vimConnectionInfo?: Record<string, VimConnectionInfo> | (VimConnectionInfo & { id: string })[];
  /**
   * The tenant whose default VIM to use, for requests that see every tenant
   * (a workflow step or a recovery, which carry no tenant; a cross-tenant
   * principal): the VNF instance's tenant. Without it they use the default of
   * the message's tenant, else of its principal. Ignored when the request is
   * confined to a tenant: that tenant is the one.
   */
  tenant?: string;
}

/** Secrets in plain text: internal services only, never an HTTP response or a log. */
export interface ResolveVimConnectionInfoReply {
  vimConnectionInfo: Record<string, VimConnectionInfo>;
}

/** A VIM connection by reference: which registered VIM, its SOL003 vimType and `extra` (a Kubernetes VIM's namespace). */
export interface VimRef {
  vimId: string;
  vimType: string;
  extra?: Record<string, unknown>;
}

/**
 * The answer to `resolveVimRefs` (asked with a ResolveVimConnectionInfoRequest):
 * each connection as a reference, the tenant's default VIM under `default`
 * when none was given. Inline credentials are refused (422), never used.
 */
export interface ResolveVimRefsReply {
  vimConnectionInfo: Record<string, VimRef>;
}
