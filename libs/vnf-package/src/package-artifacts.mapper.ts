import type { VnfdModel } from '@vnfm/vnfd';
import type { ExpectedDigest } from './package-integrity.verifier';
import type { ToscaMeta } from './tosca-meta.parser';
import type { AdditionalArtifact, SoftwareImage } from './vnf-package.types';

/** SOL005 v2.6.1 §9.5.3.2: software images as the catalog reports them; formats in the SOL005 upper-case spelling. */
export function mapSoftwareImages(vnfd: VnfdModel): SoftwareImage[] {
  return vnfd.softwareImages.map((image) => ({
    id: image.id,
    name: image.name,
    provider: vnfd.vnfProvider,
    version: image.version,
    checksum: { algorithm: image.checksum.algorithm.toUpperCase(), hash: image.checksum.hash },
    containerFormat: image.containerFormat.toUpperCase(),
    diskFormat: image.diskFormat.toUpperCase(),
    minDisk: image.minDiskBytes,
    minRam: image.minRamBytes,
    size: image.sizeBytes,
    imagePath: image.imagePath,
  }));
}

/**
 * SOL005 v2.6.1 §9.5.3.3: the package's artifacts other than software images
 * and the package's own metadata: files the manifest or TOSCA.meta list, LCM
 * scripts, BaseHOT templates and Kubernetes manifests. The checksum is the
 * listed one, else the SHA-256 computed while reading.
 */
export function mapAdditionalArtifacts(
  vnfd: VnfdModel,
  listed: readonly ExpectedDigest[],
  toscaMeta: ToscaMeta | undefined,
  sha256: ReadonlyMap<string, string>,
  excluded: ReadonlySet<string>,
  listedPaths: readonly string[],
): AdditionalArtifact[] {
  const images = new Set(vnfd.softwareImages.map((image) => image.imagePath));
  const fromVnfd = vnfd.flavours.flatMap((flavour) => [
    ...Object.values(flavour.lcmOperations).flatMap((operation) => operation.artifactPaths),
    ...(flavour.baseHot ? [flavour.baseHot.path, ...flavour.baseHot.nestedPaths] : []),
    ...flavour.kubernetesManifests,
    ...flavour.helmCharts,
  ]);
  const paths = [...new Set([...listedPaths, ...fromVnfd])]
    .filter((path) => sha256.has(path) && !images.has(path) && !excluded.has(path))
    .sort();
  return paths.map((artifactPath) => {
    const digest = listed.find((entry) => entry.path === artifactPath);
    const contentType = toscaMeta?.fileDigests.find((entry) => entry.path === artifactPath)?.contentType;
    return {
      artifactPath,
      checksum: digest
        ? { algorithm: digest.algorithm, hash: digest.hash }
        : { algorithm: 'SHA-256', hash: sha256.get(artifactPath) ?? '' },
      ...(contentType ? { metadata: { contentType } } : {}),
    };
  });
}
