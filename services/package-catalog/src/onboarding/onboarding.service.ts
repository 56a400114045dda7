import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { BlobStore } from '@vnfm/blob-store';
import { AppError } from '@vnfm/contracts';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import type { VnfPackageCommand } from '@vnfm/vnf-package-domain';
import { BlobJanitor } from '../blobs/blob-janitor';
import { BLOB_STORE } from '../catalog.tokens';
import { holderInTenant } from '../packages/package-ref';
import { VnfPackageReadModel } from '../read-model/vnf-package.read-model';
import { VnfPackageRepository } from '../vnf-package.repository';
import { derivedBlobKeys, onboardedContentOf } from './onboarded-content';
import { onboardingFailure, problem } from './onboarding-failure';
import { PackageLoader } from './package-loader';

/**
 * Processes uploaded packages (onboardingState PROCESSING) one at a time, in
 * the background of the command that accepted the content: verify and read
 * the package, then record VnfPackageOnboarded or VnfPackageOnboardingFailed
 * (DUPLICATE_VNFD_ID when another package of its tenant holds its vnfdId).
 *
 * Crash recovery: a package left PROCESSING by a crash is resumed at start,
 * not failed. Its content is durable in the blob store and processing is
 * deterministic, so running it again records what the lost run would have;
 * a second replica racing on the same package loses at the append
 * (expected revision) and drops its result.
 */
@Injectable()
export class OnboardingService implements OnApplicationBootstrap, OnModuleDestroy {
  private queue: Promise<void> = Promise.resolve();
  private stopping = false;

  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly repository: VnfPackageRepository,
    private readonly readModel: VnfPackageReadModel,
    private readonly loader: PackageLoader,
    private readonly janitor: BlobJanitor,
  ) {}

  onApplicationBootstrap(): void {
    for (const entry of this.readModel.list()) {
      if (entry.state.onboardingState !== 'PROCESSING') continue;
      this.runtime.logger.info({ vnfPkgId: entry.state.id }, 'resuming the onboarding of a package left PROCESSING');
      this.enqueue(entry.state.id);
    }
  }

  onModuleDestroy(): void {
    this.stopping = true;
  }

  /** Queues a package for processing after those already queued. */
  enqueue(vnfPkgId: string): void {
    this.queue = this.queue
      .then(() => this.onboard(vnfPkgId))
      .catch((error: unknown) => this.runtime.logger.error({ vnfPkgId, error }, 'onboarding failed unexpectedly'));
  }

  private async onboard(vnfPkgId: string): Promise<void> {
    const entry = this.readModel.get(vnfPkgId);
    if (this.stopping || !entry?.state.content || entry.state.onboardingState !== 'PROCESSING') return;
    const started = Date.now();
    const at = new Date().toISOString();
    let command: VnfPackageCommand;
    let derived: string[] = [];
    try {
      const loaded = await this.loader.onboard(entry.state.content.key);
      const holder = holderInTenant(this.readModel, loaded.vnfd.vnfdId, entry.state);
      if (holder) {
        const detail = `VNF package ${holder.state.id} is already onboarded with vnfdId ${loaded.vnfd.vnfdId}`;
        command = { type: 'FailOnboarding', vnfPkgId, at, problem: problem('DUPLICATE_VNFD_ID', 409, detail) };
      } else {
        const content = await onboardedContentOf(loaded, this.blobs, at);
        derived = derivedBlobKeys(content);
        command = { type: 'CompleteOnboarding', vnfPkgId, at, content };
      }
    } catch (error) {
      if (!(error instanceof AppError)) this.runtime.logger.error({ vnfPkgId, error }, 'package processing failed');
      command = { type: 'FailOnboarding', vnfPkgId, at, problem: onboardingFailure(error) };
    }
    await this.record(command, derived);
    this.runtime.logger.info({ vnfPkgId, outcome: command.type, ms: Date.now() - started }, 'package processed');
  }

  /** A package deleted (or changed) meanwhile refuses the outcome: the blobs made for it go. */
  private async record(command: VnfPackageCommand, derived: string[]): Promise<void> {
    if (this.stopping) return;
    try {
      await this.repository.execute(command);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      this.runtime.logger.info({ vnfPkgId: command.vnfPkgId, reason: error.detail }, 'onboarding outcome dropped');
      await this.janitor.release(derived);
    }
  }
}
