import type { Logger } from '@vnfm/telemetry';
import {
  inlineVimCredentials,
  invalidVimConnectionInfo,
  noDefaultVim,
  parseVimConnectionInfo,
  registryTypeOf,
  toVimConnectionInfo,
  vimNotFound,
  type ResolveVimConnectionInfoReply,
  type ResolveVimConnectionInfoRequest,
  type ResolveVimRefsReply,
  type VimConnectionInfo,
  type VimConnectionRequest,
  type VimRecord,
  type VimRef,
} from '@vnfm/vim-domain';
import type { VimDirectory } from './vim-directory.projection';
import type { VimScope } from './vim-scope';
import type { VimSecrets } from './vim-secrets';

/**
 * Answers `vim-registry.resolveVimConnectionInfo` for the LCM coordinator:
 * SOL003 vimConnectionInfo with the access info opened, from the registry
 * (by vimId, or the tenant's default VIM) or checked inline entries. The
 * answer goes to internal services over the bus only; only ids are logged.
 * A VNF instance uses only its own tenant's VIMs: a request confined to a
 * tenant finds no other tenant's VIM by id, and the default VIM is always
 * the one of the scope's tenant.
 */
export class VimConnectionResolver {
  constructor(
    private readonly directory: VimDirectory,
    private readonly secrets: VimSecrets,
    private readonly logger: Logger,
  ) {}

  async resolve(request: ResolveVimConnectionInfoRequest, scope: VimScope): Promise<ResolveVimConnectionInfoReply> {
    const tenantId = scope.tenant;
    const given = request.vimConnectionInfo;
    const resolved: Record<string, VimConnectionInfo> = {};
    if (given === undefined || given === null || Object.keys(given).length === 0) {
      // Tacker v2: without vimConnectionInfo the tenant's default VIM is used, under the key "default".
      const vim = this.directory.defaultOf(tenantId);
      if (!vim) throw noDefaultVim(tenantId);
      resolved.default = await this.fromRegistry(vim);
    } else {
      const parsed = parseVimConnectionInfo(given);
      if (!parsed.ok) throw invalidVimConnectionInfo(parsed.problems);
      for (const [id, entry] of Object.entries(parsed.value)) resolved[id] = await this.resolveEntry(id, entry, scope.confinement);
    }
    this.logger.info(
      { tenantId, entries: Object.fromEntries(Object.entries(resolved).map(([id, info]) => [id, info.vimId ?? 'inline'])) },
      'vimConnectionInfo resolved',
    );
    return { vimConnectionInfo: resolved };
  }

  private async resolveEntry(id: string, entry: VimConnectionRequest, confinement: string | undefined): Promise<VimConnectionInfo> {
    if (entry.kind === 'inline') return entry.info;
    const info = await this.fromRegistry(this.registered(id, entry, confinement));
    return { ...info, vimType: entry.vimType ?? info.vimType, extra: { ...info.extra, ...entry.extra } };
  }

  /**
   * Answers `vim-registry.resolveVimRefs`: the same checks, each connection as
   * a reference (vimId, vimType, extra) and no secret opened. Inline
   * credentials are refused (422), with or beside a vimId: an LCM request
   * refers to registered VIMs only.
   */
  resolveRefs(request: ResolveVimConnectionInfoRequest, scope: VimScope): ResolveVimRefsReply {
    const tenantId = scope.tenant;
    const given = request.vimConnectionInfo;
    if (given === undefined || given === null || Object.keys(given).length === 0) {
      const vim = this.directory.defaultOf(tenantId);
      if (!vim) throw noDefaultVim(tenantId);
      return { vimConnectionInfo: { default: refOf(vim) } };
    }
    const parsed = parseVimConnectionInfo(given);
    if (!parsed.ok) throw invalidVimConnectionInfo(parsed.problems);
    const refs: Record<string, VimRef> = {};
    for (const [id, entry] of Object.entries(parsed.value)) {
      if (entry.kind === 'inline') throw inlineVimCredentials(`vimConnectionInfo.${id}`, entry.info.vimId);
      const ref = refOf(this.registered(id, entry, scope.confinement));
      refs[id] = { ...ref, vimType: entry.vimType ?? ref.vimType, extra: { ...ref.extra, ...entry.extra } };
    }
    return { vimConnectionInfo: refs };
  }

  private registered(id: string, entry: Extract<VimConnectionRequest, { kind: 'registry' }>, confinement: string | undefined): VimRecord {
    const vim = this.directory.visible(entry.vimId, confinement);
    if (!vim) throw vimNotFound(entry.vimId);
    if (entry.vimType !== undefined && registryTypeOf(entry.vimType) !== vim.type) {
      throw invalidVimConnectionInfo([
        `vimConnectionInfo.${id}.vimType ${entry.vimType} does not fit VIM ${vim.id}, which is a ${vim.type} VIM.`,
      ]);
    }
    return vim;
  }

  private async fromRegistry(vim: VimRecord): Promise<VimConnectionInfo> {
    return toVimConnectionInfo(vim, await this.secrets.open(vim.id, vim.sealedSecrets));
  }
}

/** A registered VIM as a reference: its connection info without opening anything, keeping only vimId, vimType and extra. */
function refOf(vim: VimRecord): VimRef {
  const { vimType, extra } = toVimConnectionInfo(vim, {});
  return { vimId: vim.id, vimType, ...(extra && { extra }) };
}
