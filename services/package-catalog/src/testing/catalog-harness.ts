import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { openBlobStore, type BlobRef, type BlobStore } from '@vnfm/blob-store';
import { loadConfig } from '@vnfm/config';
import { MessageBus } from '@vnfm/messaging';
import { createInfrastructure, startBackendService, type Infrastructure, type RunningService } from '@vnfm/platform';
import { createLogger, runWithContext } from '@vnfm/telemetry';
import { PACKAGE_CATALOG, type VnfPkgInfo } from '@vnfm/vnf-package-domain';
import { PackageCatalogModule } from '../package-catalog.module';
import type { Requester } from '../packages/package-ref';

/**
 * The package-catalog service as it runs in the product (NestJS on the bus,
 * embedded event store, blob store on disk), a bus client standing in for
 * the gateway, and restarts over the same data folder.
 */
export class CatalogHarness {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'vnfm-catalog-'));
  readonly blobs: BlobStore;
  private infra: Infrastructure;
  private service?: RunningService;
  private client?: MessageBus;

  /** `settings`: VNFM_* variables of this catalog beyond the process environment. */
  constructor(settings: Record<string, string> = {}) {
    process.env.VNFM_DATA_DIR = this.dataDir;
    process.env.VNFM_FSYNC = 'never';
    const config = loadConfig({ ...process.env, ...settings });
    this.blobs = openBlobStore(config);
    this.infra = createInfrastructure(config, createLogger('catalog-test', 'silent'));
  }

  async start(): Promise<void> {
    this.service = await startBackendService('package-catalog', PackageCatalogModule, this.infra);
    this.client = new MessageBus({
      broker: this.infra.brokerFor('gateway-test'),
      clientId: `gateway-test-${Date.now()}`,
      logger: createLogger('catalog-test', 'silent'),
    });
    await this.client.start();
  }

  async stop(): Promise<void> {
    await this.client?.stop();
    await this.service?.close();
    this.client = undefined;
    this.service = undefined;
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** `as`: the tenant the request acts in and whether it sees all tenants, as the gateway sets them; without it, the product's own work. */
  request<T>(command: keyof typeof PACKAGE_CATALOG, payload: unknown, as?: Requester): Promise<T> {
    const client = this.client;
    if (!client) throw new Error('the catalog is not started');
    const send = () => client.request<T>(PACKAGE_CATALOG[command], payload, { timeoutMs: 30_000 });
    if (!as) return send();
    const id = `${command}-${Date.now()}`;
    return runWithContext({ correlationId: id, causationId: id, principal: `user@${as.tenant ?? 'none'}`, ...as }, send);
  }

  /** What the gateway does with an upload: stream it into the blob store. */
  putBlob(data: Buffer): Promise<BlobRef> {
    return this.blobs.put(Readable.from([data]), { maxBytes: data.length });
  }

  /** Polls the package until processing is over. */
  async settled(vnfPkgId: string, timeoutMs = 60_000): Promise<VnfPkgInfo> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const info = await this.request<VnfPkgInfo>('getPackage', { vnfPkgId });
      if (!['UPLOADING', 'PROCESSING'].includes(info.onboardingState)) return info;
      if (Date.now() > deadline) throw new Error(`package ${vnfPkgId} still ${info.onboardingState} after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
