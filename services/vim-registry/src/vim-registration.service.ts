import { sees } from '@vnfm/messaging';
import type { Logger } from '@vnfm/telemetry';
import type { OutboundPolicy } from '@vnfm/util';
import {
  certificateChecksOff,
  decide,
  duplicateVimName,
  invalidVimRequest,
  mergeVimUpdate,
  parseVimRegistration,
  vimAlreadyRegistered,
  vimNotFound,
  vimUrlNotAllowed,
  type Parsed,
  type PublicAuthCred,
  type TackerVimView,
  type VimChanges,
  type VimRecord,
} from '@vnfm/vim-domain';
import type { VimReachabilityCheck } from './reachability/reachability.checker';
import { SerialQueue } from './serial-queue';
import type { VimDirectory } from './vim-directory.projection';
import type { VimScope } from './vim-scope';
import type { LoadedVim, VimRepository } from './vim.repository';
import type { VimSecrets } from './vim-secrets';

export interface VimRegistrationDeps {
  repository: VimRepository;
  directory: VimDirectory;
  secrets: VimSecrets;
  reachability: VimReachabilityCheck;
  /** The VIM address policy (docs/outbound.md): auth_url and oidc_token_url are held to it before any credential is sent. */
  policy: OutboundPolicy;
  logger: Logger;
  clock: () => Date;
}

/**
 * Register, update and delete VIMs: validate the Tacker body, hold its URLs
 * to the VIM address policy, check the VIM is reachable with its credentials, seal the secrets with the VIM's own data
 * key, then decide and append. Deleting destroys the data key. A request
 * confined to a tenant registers for that tenant only, and updates or deletes
 * only that tenant's VIMs: another tenant's VIM is not found.
 */
export class VimRegistrationService {
  private readonly crossVimRules = new SerialQueue();

  constructor(private readonly deps: VimRegistrationDeps) {}

  async register(vimId: string, body: unknown, scope: VimScope): Promise<TackerVimView> {
    const request = valid(parseVimRegistration(body, scope.tenant));
    // Tacker: naming another tenant than the caller's takes admin rights; here, the right to act in all tenants.
    if (!sees(scope.confinement, request.tenantId))
      throw invalidVimRequest([
        `vim.tenant_id may name only the request's own tenant (${scope.tenant}): registering a VIM for another tenant needs the right to act in all tenants.`,
      ]);
    const { repository, directory, secrets } = this.deps;
    const loaded = await repository.load(vimId);
    if (loaded.state.status !== 'absent') throw vimAlreadyRegistered(vimId);
    await this.refuseDisallowedUrls(request, 'nothing was registered');
    const reachability = await this.deps.reachability.check(request);
    const revision = await this.crossVimRules.run(async () => {
      if (directory.findByName(request.tenantId, request.name)) throw duplicateVimName(request.name, request.tenantId);
      await secrets.ensureKey(vimId);
      let appended: number;
      try {
        const { secrets: plain, ...registration } = request;
        const sealedSecrets = await secrets.seal(vimId, plain);
        const data = { vimId, registration: { ...registration, sealedSecrets }, reachability, now: this.now() };
        appended = await repository.execute(vimId, loaded, (state) => decide({ type: 'RegisterVim', data }, state, vimId));
      } catch (error) {
        // Nothing was registered: the fresh data key must not outlive the attempt.
        await secrets.shred(vimId);
        throw error;
      }
      if (request.isDefault) await this.releaseOtherDefaults(vimId, request.tenantId);
      return appended;
    });
    const vim = await this.settled(vimId, revision);
    this.deps.logger.info({ vimId, name: vim.name, type: vim.type, status: vim.status, statusReason: vim.statusReason }, 'VIM registered');
    this.warnIfUnchecked(vim);
    return directory.view(vim);
  }

  async update(vimId: string, body: unknown, confinement: string | undefined): Promise<TackerVimView> {
    const { repository, directory, secrets } = this.deps;
    const loaded = await repository.load(vimId);
    const current = visible(loaded, vimId, confinement);
    const merged = valid(mergeVimUpdate(current, await secrets.open(vimId, current.sealedSecrets), body));
    const next = valid(parseVimRegistration(merged.body, current.tenantId));
    const changes: VimChanges = { name: next.name, description: next.description, extra: next.extra, isDefault: merged.isDefault };
    if (merged.credentialsChanged) await this.refuseDisallowedUrls(next, 'the VIM is unchanged');
    const reachability = merged.credentialsChanged ? await this.deps.reachability.check(next) : undefined;
    if (merged.credentialsChanged)
      Object.assign(changes, {
        vimProject: next.vimProject,
        authCred: next.authCred,
        sealedSecrets: await secrets.seal(vimId, next.secrets),
      });
    const revision = await this.crossVimRules.run(async () => {
      const clash = directory.findByName(current.tenantId, next.name);
      if (clash && clash.id !== vimId) throw duplicateVimName(next.name, current.tenantId);
      const data = { changes, reachability, now: this.now() };
      const appended = await repository.execute(vimId, loaded, (state) => decide({ type: 'UpdateVim', data }, state, vimId));
      if (merged.isDefault) await this.releaseOtherDefaults(vimId, current.tenantId);
      return appended;
    });
    const vim = await this.settled(vimId, revision);
    this.deps.logger.info(
      { vimId, status: vim.status, statusReason: vim.statusReason, credentialsChanged: merged.credentialsChanged },
      'VIM updated',
    );
    if (merged.credentialsChanged) this.warnIfUnchecked(vim);
    return directory.view(vim);
  }

  async delete(vimId: string, confinement: string | undefined): Promise<void> {
    const { repository, directory, secrets } = this.deps;
    const loaded = await repository.load(vimId);
    visible(loaded, vimId, confinement);
    const now = this.now();
    const revision = await repository.execute(vimId, loaded, (state) => decide({ type: 'DeleteVim', data: { now } }, state, vimId));
    const shredded = await secrets.shred(vimId);
    await directory.caughtUpWith(vimId, revision);
    this.deps.logger.info({ vimId, dataKeyDestroyed: shredded }, 'VIM deleted; its data key is destroyed');
  }

  /**
   * Data keys of VIMs that no longer exist: deleted VIMs whose key survived a
   * crash, and registrations that failed before their first event. Run at
   * start, before commands arrive.
   */
  async shredOrphanKeys(): Promise<number> {
    const orphans = (await this.deps.secrets.keyIds()).filter((keyId) => !this.deps.directory.get(keyId));
    for (const keyId of orphans) await this.deps.secrets.shred(keyId);
    return orphans.length;
  }

  /** Every URL the VIM's credentials would be sent to, held to the VIM policy first: 400 naming the rule. */
  private async refuseDisallowedUrls(vim: { authUrl: string; authCred: PublicAuthCred }, outcome: string): Promise<void> {
    const urls: [string, string | undefined][] = [
      ['vim.auth_url', vim.authUrl],
      ['vim.auth_cred.oidc_token_url', vim.authCred.oidc_token_url],
    ];
    for (const [field, url] of urls) {
      const refused = url === undefined ? undefined : await this.deps.policy.refusalOf(url);
      if (url !== undefined && refused) throw vimUrlNotAllowed(field, url, refused, outcome);
    }
  }

  /** Registering a second default VIM for a tenant moves the default. */
  private async releaseOtherDefaults(vimId: string, tenantId: string): Promise<void> {
    const others = this.deps.directory.all().filter((vim) => vim.tenantId === tenantId && vim.isDefault && vim.id !== vimId);
    for (const other of others) {
      const loaded = await this.deps.repository.load(other.id);
      const data = { replacedBy: vimId, now: this.now() };
      await this.deps.repository.execute(other.id, loaded, (state) => decide({ type: 'UnsetDefaultVim', data }, state, other.id));
    }
  }

  /** `ssl_ca_cert: None` (Kubernetes) or `cert_verify: False` (OpenStack): the VIM's credentials go to whatever answers at its URL. */
  private warnIfUnchecked(vim: VimRecord): void {
    if (!certificateChecksOff(vim)) return;
    this.deps.logger.warn(
      { vimId: vim.id, name: vim.name, type: vim.type, authUrl: vim.authUrl },
      `VIM certificate checks are off (${vim.type === 'kubernetes' ? 'ssl_ca_cert is None' : 'cert_verify is False'}): its credentials go to whatever answers at its auth_url`,
    );
  }

  private async settled(vimId: string, revision: number): Promise<VimRecord> {
    await this.deps.directory.caughtUpWith(vimId, revision);
    const vim = this.deps.directory.get(vimId);
    if (!vim) throw vimNotFound(vimId);
    return vim;
  }

  private now(): string {
    return this.deps.clock().toISOString();
  }
}

/** The VIM as loaded, if it is registered and a request confined to `confinement` may see it: else 404, as for an absent one. */
function visible(loaded: LoadedVim, vimId: string, confinement: string | undefined): VimRecord {
  if (loaded.state.status !== 'registered' || !sees(confinement, loaded.state.vim.tenantId)) throw vimNotFound(vimId);
  return loaded.state.vim;
}

function valid<T>(parsed: Parsed<T>): T {
  if (!parsed.ok) throw invalidVimRequest(parsed.problems);
  return parsed.value;
}
