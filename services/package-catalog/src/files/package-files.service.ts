import { readFile } from 'node:fs/promises';
import { Inject, Injectable } from '@nestjs/common';
import type { BlobStore } from '@vnfm/blob-store';
import { AppError } from '@vnfm/contracts';
import type { BlobRef, OnboardedContent, PackageFileReply, PackageFileRequest } from '@vnfm/vnf-package-domain';
import { BLOB_STORE } from '../catalog.tokens';
import { PackageLoader } from '../onboarding/package-loader';
import { findPackage, requireOnboarded, type OnboardedPackage, type Requester } from '../packages/package-ref';
import { VnfPackageReadModel } from '../read-model/vnf-package.read-model';
import { ArtifactReader } from './artifact-reader';
import { mediaTypeOf } from './media-types';

/** Files up to this size come back inline over the bus; larger ones as a blob key the gateway streams. */
const INLINE_LIMIT_BYTES = 512 * 1024;

const notFound = (detail: string) => new AppError('NOT_FOUND', 404, 'Not Found', detail);

/**
 * The files of an onboarded package (ETSI GS NFV-SOL 005 v2.6.1 §9.4.4-9.4.7):
 * the VNFD as negotiated, the manifest, one artifact, the whole content.
 */
@Injectable()
export class PackageFilesService {
  constructor(
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly readModel: VnfPackageReadModel,
    private readonly loader: PackageLoader,
    private readonly artifacts: ArtifactReader,
  ) {}

  async file(request: PackageFileRequest, requester: Requester): Promise<PackageFileReply> {
    const pkg = requireOnboarded(findPackage(this.readModel, request, requester));
    switch (request.file) {
      case 'content':
        return { contentType: 'application/zip', size: pkg.content.size, blobKey: pkg.content.key };
      case 'vnfd':
        return this.vnfd(pkg.onboarded.derived, request.accept);
      case 'manifest':
        if (!pkg.onboarded.derived.manifest) throw notFound(`VNF package ${pkg.id} has no manifest`);
        return this.fromBlob(pkg.onboarded.derived.manifest, 'text/plain');
      case 'artifact':
        return this.artifact(pkg, request.artifactPath);
    }
  }

  /**
   * SOL 005 §9.4.4.3.2: text/plain gives the VNFD when it is one YAML file;
   * application/zip gives a zip of the VNFD files; with both, the single
   * file when there is one. Only text/plain for a multi-file VNFD: 406.
   */
  private vnfd(derived: OnboardedContent['derived'], accept: string[]): Promise<PackageFileReply> {
    if (accept.includes('text/plain') && derived.vnfdYaml) return this.fromBlob(derived.vnfdYaml, 'text/plain');
    if (accept.includes('application/zip')) return this.fromBlob(derived.vnfdZip, 'application/zip');
    throw new AppError(
      'NOT_ACCEPTABLE',
      406,
      'Not Acceptable',
      "The VNFD is implemented as multiple files; the Accept header should include 'application/zip'.",
    );
  }

  /** SOL 005 §9.4.7: an artifact the package declares (additional artifact or software image), read from the zip once. */
  private async artifact(pkg: OnboardedPackage, artifactPath: string): Promise<PackageFileReply> {
    const declared = [
      ...pkg.onboarded.additionalArtifacts.map((a) => a.artifactPath),
      ...pkg.onboarded.softwareImages.flatMap((i) => (i.imagePath ? [i.imagePath] : [])),
    ];
    if (!declared.includes(artifactPath) || !pkg.onboarded.files.some((file) => file.path === artifactPath)) {
      throw notFound(`VNF package ${pkg.id} has no artifact ${artifactPath}`);
    }
    const contentType = mediaTypeOf(artifactPath);
    const size = pkg.onboarded.files.find((file) => file.path === artifactPath)?.size ?? 0;
    if (size <= INLINE_LIMIT_BYTES)
      return { contentType, size, inline: (await (await this.loader.load(pkg.content.key)).readFile(artifactPath)).toString('base64') };
    const ref = await this.artifacts.extracted(pkg, artifactPath);
    return { contentType, size: ref.size, blobKey: ref.key };
  }

  private async fromBlob(ref: BlobRef, contentType: string): Promise<PackageFileReply> {
    if (ref.size > INLINE_LIMIT_BYTES) return { contentType, size: ref.size, blobKey: ref.key };
    return { contentType, size: ref.size, inline: (await readFile(await this.blobs.localPath(ref.key))).toString('base64') };
  }
}
