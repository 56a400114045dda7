import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { BlobStore } from '@vnfm/blob-store';
import { AppError } from '@vnfm/contracts';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { OutboundPolicy } from '@vnfm/util';
import type { UploadFromUriRequest } from '@vnfm/vnf-package-domain';
import { Agent } from 'undici';
import { BlobJanitor } from '../blobs/blob-janitor';
import { BLOB_STORE } from '../catalog.tokens';
import { problem } from '../onboarding/onboarding-failure';
import { OnboardingService } from '../onboarding/onboarding.service';
import { VnfPackageReadModel } from '../read-model/vnf-package.read-model';
import { VnfPackageRepository } from '../vnf-package.repository';
import { FetchFailure, fetchPackage, uriName, type FetchLimits } from './uri-fetch';

/** Redirects an upload from URI follows (each one checked like the first URI). */
const MAX_REDIRECTS = 5;

/** Why a fetch was stopped by its owner rather than by what it fetched: nothing is recorded for it. */
const STOPPED = { deleted: 'the package was deleted', stopping: 'the service is stopping' } as const;

const now = () => new Date().toISOString();

const notAllowed = (uri: string, reason: string) =>
  new AppError(
    'PACKAGE_URI_NOT_ALLOWED',
    422,
    'Unprocessable Entity',
    `The package URI ${uriName(new URL(uri))} is not allowed: ${reason}. Nothing was fetched; the package stays CREATED.`,
  );

/**
 * Uploads from URI (SOL 005 §9.4.6), in the catalog that owns the package's
 * state: the URI is held to the package URI policy before anything is
 * recorded (422), then fetched in the background with a deadline
 * (VNFM_PACKAGE_FETCH_TIMEOUT_MS) and an idle timeout, and handed to
 * onboarding, or the package goes to ERROR with the reason. Deleting the
 * package or stopping the service aborts its fetch (connection closed,
 * temporary file removed); a package a stopped process left UPLOADING goes
 * to ERROR at the next start.
 */
@Injectable()
export class UriUploads implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private readonly policy: OutboundPolicy;
  private readonly dispatcher: Agent;
  private readonly limits: FetchLimits;
  private readonly timeoutMs: number;

  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly repository: VnfPackageRepository,
    private readonly readModel: VnfPackageReadModel,
    private readonly onboarding: OnboardingService,
    private readonly janitor: BlobJanitor,
  ) {
    const { config } = runtime;
    this.policy = OutboundPolicy.fromConfig(config, 'packageUri');
    this.dispatcher = new Agent({ connect: this.policy.connector() });
    this.limits = { maxBytes: config.maxPackageBytes, idleTimeoutMs: config.packageFetchIdleTimeoutMs, maxRedirects: MAX_REDIRECTS };
    this.timeoutMs = config.packageFetchTimeoutMs;
  }

  /** A package left UPLOADING was being fetched by a process that stopped: nobody will finish that fetch. */
  async onApplicationBootstrap(): Promise<void> {
    for (const { state } of this.readModel.list()) {
      if (state.onboardingState !== 'UPLOADING') continue;
      const detail = `The VNF Manager stopped while it was fetching ${state.uploadSource ? uriName(new URL(state.uploadSource)) : 'the package'}; delete the package and upload it again.`;
      await this.repository
        .execute({ type: 'FailOnboarding', vnfPkgId: state.id, at: now(), problem: problem('UPLOAD_INTERRUPTED', 503, detail) })
        .then(() => this.runtime.logger.warn({ vnfPkgId: state.id }, 'an upload from URI interrupted by a stop ended in ERROR'))
        .catch((error: unknown) => this.runtime.logger.error({ vnfPkgId: state.id, error }, 'could not end an interrupted upload'));
    }
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([...this.running.keys()].map((vnfPkgId) => this.stop(vnfPkgId, 'stopping')));
    await this.dispatcher.destroy();
  }

  /**
   * Checks the URI, records UPLOADING (for a package `confinement` sees), and starts the fetch;
   * the credentials stay in this process's memory for the fetch only.
   */
  async start(request: UploadFromUriRequest, confinement: string | undefined): Promise<void> {
    const { vnfPkgId, addressInformation } = request;
    const refused = await this.policy.refusalOf(addressInformation);
    if (refused) throw notAllowed(addressInformation, refused);
    await this.repository.execute({ type: 'StartUploadFromUri', vnfPkgId, at: now(), addressInformation }, confinement);
    const controller = new AbortController();
    const done = this.fetch(request, controller.signal).finally(() => this.running.delete(vnfPkgId));
    this.running.set(vnfPkgId, { controller, done });
  }

  /** Ends the package's fetch, if one runs, once its connection is closed and its temporary file removed. */
  async stop(vnfPkgId: string, why: keyof typeof STOPPED): Promise<void> {
    const run = this.running.get(vnfPkgId);
    if (!run) return;
    run.controller.abort(STOPPED[why]);
    await run.done;
  }

  private async fetch(request: UploadFromUriRequest, stop: AbortSignal): Promise<void> {
    const { vnfPkgId } = request;
    const started = Date.now();
    const signal = AbortSignal.any([stop, AbortSignal.timeout(this.timeoutMs)]);
    try {
      const blob = await fetchPackage(request, this.blobs, this.policy, this.dispatcher, this.limits, signal);
      try {
        await this.repository.execute({ type: 'AcceptPackageContent', vnfPkgId, at: now(), blobKey: blob.key, size: blob.size });
      } catch (error) {
        await this.janitor.release([blob.key]);
        throw error;
      }
      this.onboarding.enqueue(vnfPkgId);
      this.runtime.logger.info({ vnfPkgId, size: blob.size, ms: Date.now() - started }, 'package fetched from its URI');
    } catch (error) {
      if (stop.aborted) {
        this.runtime.logger.info({ vnfPkgId, reason: stop.reason as string }, 'upload from URI stopped');
        return;
      }
      if (!(error instanceof FetchFailure || error instanceof AppError || signal.aborted))
        this.runtime.logger.error({ vnfPkgId, error }, 'upload from URI failed unexpectedly');
      const reason = signal.aborted
        ? `it did not complete within ${this.timeoutMs / 1000} s (VNFM_PACKAGE_FETCH_TIMEOUT_MS)`
        : error instanceof FetchFailure || error instanceof AppError
          ? error.message
          : 'an unexpected error (the log has it)';
      await this.fail(vnfPkgId, `Fetching ${uriName(new URL(request.addressInformation))} failed: ${reason}`);
    }
  }

  private async fail(vnfPkgId: string, detail: string): Promise<void> {
    this.runtime.logger.warn({ vnfPkgId, reason: detail }, 'upload from URI failed');
    await this.repository
      .execute({ type: 'FailOnboarding', vnfPkgId, at: now(), problem: problem('UPLOAD_FAILED', 502, detail) })
      .catch((error: unknown) => this.runtime.logger.info({ vnfPkgId, error }, 'the failed upload from URI was not recorded'));
  }
}
