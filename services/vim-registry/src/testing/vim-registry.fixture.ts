import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EnvelopeKeyRing, FileDataKeyStore, MasterKey } from '@vnfm/crypto';
import { EmbeddedEventStore } from '@vnfm/event-store';
import { createLogger } from '@vnfm/telemetry';
import { OutboundPolicy, type OutboundPolicyOptions } from '@vnfm/util';
import type { VimReachabilityCheck } from '../reachability/reachability.checker';
import { VimRegistry } from '../vim-registry';
import type { VimScope } from '../vim-scope';

/** A request that sees every tenant, acting in `tenant` (the admin token acts in `admin`). */
export const unconfined = (tenant = 'admin'): VimScope => ({ tenant, confinement: undefined });

/**
 * A vim-registry on real disk: an embedded event store and a data-key folder
 * in a temporary directory, the real reachability checks and the VIM address
 * policy (its defaults, or `policy`); or `reachability` in place of the
 * checks. `restart()` opens the same folder again, as a process restart would.
 */
export class VimRegistryFixture {
  constructor(
    private readonly policy: Omit<OutboundPolicyOptions, 'use'> = {},
    private readonly reachability?: VimReachabilityCheck,
  ) {}

  readonly dir = mkdtempSync(join(tmpdir(), 'vnfm-vim-registry-'));
  private readonly masterKey = MasterKey.fromBytes(randomBytes(32));
  private store?: EmbeddedEventStore;
  registry!: VimRegistry;
  /** Silent, but its calls can be watched (`jest.spyOn(fixture.logger, 'warn')`). */
  readonly logger = createLogger('vim-registry', 'silent');

  async start(): Promise<VimRegistry> {
    this.store = await EmbeddedEventStore.open({ dataDir: join(this.dir, 'vim-registry'), fsync: 'never' });
    this.registry = new VimRegistry({
      store: this.store,
      logger: this.logger,
      keyRing: this.keyRing(),
      policy: new OutboundPolicy({ use: 'vim', ...this.policy }),
      reachability: this.reachability,
    });
    await this.registry.onModuleInit();
    return this.registry;
  }

  async restart(): Promise<VimRegistry> {
    await this.stop();
    return this.start();
  }

  async stop(): Promise<void> {
    await this.registry?.onModuleDestroy();
    await this.store?.close();
  }

  async cleanUp(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }

  keyRing(): EnvelopeKeyRing {
    return new EnvelopeKeyRing(this.masterKey, new FileDataKeyStore(this.keyDir()));
  }

  keyDir(): string {
    return join(this.dir, 'vim-registry', 'data-keys');
  }

  /** Every byte the event store wrote, to look for secrets in. */
  eventLog(): string {
    return readFileSync(join(this.dir, 'vim-registry', 'events.log')).toString('latin1');
  }

  register(body: unknown, scope: VimScope = unconfined()) {
    return this.registry.registration.register(randomUUID(), body, scope);
  }
}
