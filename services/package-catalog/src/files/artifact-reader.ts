import { open } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import type { BlobStore } from '@vnfm/blob-store';
import { AppError } from '@vnfm/contracts';
import {
  invalidPackageRequest,
  MAX_ARTIFACT_CHUNK_BYTES,
  type BlobRef,
  type ReadArtifactReply,
  type ReadArtifactRequest,
} from '@vnfm/vnf-package-domain';
import { BLOB_STORE } from '../catalog.tokens';
import { PackageLoader } from '../onboarding/package-loader';
import { findPackage, requireOnboarded, type OnboardedPackage, type Requester } from '../packages/package-ref';
import { VnfPackageReadModel } from '../read-model/vnf-package.read-model';
import { VnfPackageRepository } from '../vnf-package.repository';

const NO_LIMIT = Number.MAX_SAFE_INTEGER;

/**
 * Files of an onboarded package by byte range (`package-catalog.readArtifact`,
 * base64 chunks of at most 1 MiB), for a MgmtDriver's scripts and images of
 * any size. A file is inflated from the zip once, streamed into the blob
 * store and remembered there (KeepExtractedArtifact); chunks are read from that copy.
 */
@Injectable()
export class ArtifactReader {
  private readonly extracting = new Map<string, Promise<BlobRef>>();

  constructor(
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly readModel: VnfPackageReadModel,
    private readonly repository: VnfPackageRepository,
    private readonly loader: PackageLoader,
  ) {}

  async read(request: ReadArtifactRequest, requester: Requester): Promise<ReadArtifactReply> {
    const { path } = request;
    const offset = Number(request.offset);
    const length = Math.min(Number(request.length), MAX_ARTIFACT_CHUNK_BYTES);
    if (!Number.isSafeInteger(offset) || offset < 0 || !Number.isSafeInteger(length) || length <= 0) {
      throw invalidPackageRequest(
        `readArtifact needs a whole offset ≥ 0 and a length ≥ 1 (given offset ${request.offset}, length ${request.length}).`,
      );
    }
    const pkg = requireOnboarded(findPackage(this.readModel, request, requester));
    const file = pkg.onboarded.files.find((candidate) => candidate.path === path);
    if (!file) throw new AppError('NOT_FOUND', 404, 'Not Found', `VNF package ${pkg.id} has no file ${path}.`);
    const blob = await this.extracted(pkg, path);
    const handle = await open(await this.blobs.localPath(blob.key), 'r');
    try {
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, blob.size - offset)));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
      return {
        path,
        size: blob.size,
        offset,
        data: buffer.subarray(0, bytesRead).toString('base64'),
        eof: offset + bytesRead >= blob.size,
      };
    } finally {
      await handle.close();
    }
  }

  /** The file's copy in the blob store, made on first use by streaming it out of the zip (once, however many ask at the same time). */
  async extracted(pkg: OnboardedPackage, path: string): Promise<BlobRef> {
    const kept = pkg.extractedArtifacts[path];
    if (kept && (await this.blobs.size(kept.key)) === kept.size) return kept;
    const key = `${pkg.id}\n${path}`;
    const pending = this.extracting.get(key) ?? this.extract(pkg, path).finally(() => this.extracting.delete(key));
    this.extracting.set(key, pending);
    return pending;
  }

  private async extract(pkg: OnboardedPackage, path: string): Promise<BlobRef> {
    const loaded = await this.loader.load(pkg.content.key);
    const inflated = new PassThrough();
    const streaming = loaded
      .streamFile(path, (chunk) => inflated.write(chunk))
      .then(
        () => inflated.end(),
        (error: unknown) => inflated.destroy(error instanceof Error ? error : new Error(String(error))),
      );
    const ref = await this.blobs.put(inflated, { maxBytes: NO_LIMIT });
    await streaming;
    await this.repository.execute({
      type: 'KeepExtractedArtifact',
      vnfPkgId: pkg.id,
      at: new Date().toISOString(),
      artifactPath: path,
      blobKey: ref.key,
      size: ref.size,
    });
    return ref;
  }
}
