import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { keyRingAt, type EnvelopeKeyRing, type KeyRingConfig } from '@vnfm/crypto';
import type { EventStore } from '@vnfm/event-store';
import type { Logger } from '@vnfm/telemetry';
import type { OutboundPolicy } from '@vnfm/util';
import { ReachabilityChecker, type VimReachabilityCheck } from './reachability/reachability.checker';
import { VimConnectionResolver } from './vim-connection.resolver';
import { VimDirectory } from './vim-directory.projection';
import { VimRegistrationService } from './vim-registration.service';
import { VimRepository } from './vim.repository';
import { VimSecrets } from './vim-secrets';

export interface VimRegistryOptions {
  store: EventStore;
  logger: Logger;
  keyRing: EnvelopeKeyRing;
  /** The VIM address policy (OutboundPolicy.fromConfig(config, 'vim')). */
  policy: OutboundPolicy;
  reachability?: VimReachabilityCheck;
  clock?: () => Date;
}

/**
 * The data keys live beside the service's event store, one file per VIM
 * (`<data>/vim-registry/data-keys/<vimId>.key`), never in the event log:
 * the log is immutable, a key file can really be deleted (crypto-shredding).
 * The master key that wraps them: VNFM_MASTER_KEY or `<data>/master.key`.
 */
export const keyRingFor = (config: KeyRingConfig): EnvelopeKeyRing => keyRingAt(config, 'vim-registry');

/** The vim-registry's parts, wired once: read model, commands, vimConnectionInfo resolution. */
export class VimRegistry implements OnModuleInit, OnModuleDestroy {
  readonly directory = new VimDirectory();
  readonly registration: VimRegistrationService;
  readonly resolver: VimConnectionResolver;

  constructor(private readonly options: VimRegistryOptions) {
    const secrets = new VimSecrets(options.keyRing);
    const clock = options.clock ?? (() => new Date());
    this.registration = new VimRegistrationService({
      repository: new VimRepository(options.store),
      directory: this.directory,
      secrets,
      reachability: options.reachability ?? new ReachabilityChecker(options.policy, clock),
      policy: options.policy,
      logger: options.logger,
      clock,
    });
    this.resolver = new VimConnectionResolver(this.directory, secrets, options.logger);
  }

  /** Replays the VIMs into the read model, then destroys data keys no VIM owns any more. */
  async onModuleInit(): Promise<void> {
    await this.directory.start(this.options.store, (error) =>
      this.options.logger.warn({ error }, 'VIM read model could not apply an event; retrying'),
    );
    const shredded = await this.registration.shredOrphanKeys();
    this.options.logger.info({ vims: this.directory.all().length, orphanKeysDestroyed: shredded }, 'VIM registry ready');
  }

  onModuleDestroy(): Promise<void> {
    return this.directory.stop();
  }
}
