import type { BlobStore } from '@vnfm/blob-store';
import type { LoadedPackage } from '@vnfm/vnf-package';
import type { OnboardedContent } from '@vnfm/vnf-package-domain';
import { zipFiles } from '../files/zip.writer';
import { vnfdFilesOf } from './vnfd-files';

const NO_LIMIT = Number.MAX_SAFE_INTEGER;

/**
 * What onboarding records about a loaded package. The VNFD (as a zip, and
 * as its one YAML file when it is a single file) and the manifest are put in
 * the blob store now, while the package is open, so downloading them later
 * never reads the package zip again.
 */
export async function onboardedContentOf(loaded: LoadedPackage, blobs: BlobStore, at: string): Promise<OnboardedContent> {
  const vnfdFiles = vnfdFilesOf(loaded);
  const vnfd = await Promise.all(vnfdFiles.map(async (path) => ({ path, data: await loaded.readFile(path) })));
  const yamls = vnfd.filter((file) => /\.ya?ml$/i.test(file.path));
  const put = (data: Buffer) => blobs.put([data], { maxBytes: NO_LIMIT });
  const derived: OnboardedContent['derived'] = { vnfdZip: await put(zipFiles(vnfd)) };
  if (yamls.length === 1) derived.vnfdYaml = await put(yamls[0].data);
  if (loaded.manifestPath) derived.manifest = await put(await loaded.readFile(loaded.manifestPath));
  const model = loaded.vnfd;
  return {
    vnfdId: model.vnfdId,
    vnfProvider: model.vnfProvider,
    vnfProductName: model.vnfProductName,
    vnfSoftwareVersion: model.vnfSoftwareVersion,
    vnfdVersion: model.vnfdVersion,
    checksum: loaded.checksum,
    softwareImages: loaded.softwareImages.map((image) => ({ ...image, createdAt: image.createdAt ?? at })),
    additionalArtifacts: loaded.additionalArtifacts,
    entryDefinitions: loaded.entryDefinitions,
    ...(loaded.manifestPath !== undefined && { manifestPath: loaded.manifestPath }),
    vnfdFiles,
    files: loaded.files,
    signature: loaded.signature,
    flavours: model.flavours.map((flavour) => ({ flavourId: flavour.flavourId, description: flavour.description })),
    derived,
  };
}

export const derivedBlobKeys = (content: OnboardedContent): string[] =>
  [content.derived.vnfdZip, content.derived.vnfdYaml, content.derived.manifest].flatMap((ref) => (ref ? [ref.key] : []));
