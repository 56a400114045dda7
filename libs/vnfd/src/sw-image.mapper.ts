import { isRecord } from '@vnfm/util';
import { resolveArtifactPath } from './artifact-path';
import type { FlavourContext, TopologyNode } from './flavour-context';
import { sizeInBytes } from './scalar-units';
import type { VnfdSoftwareImage } from './vnfd.model';
import { invalidVnfd } from './vnfd.error';
import { asMap, asString } from './yaml-values';

const SW_IMAGE_ARTIFACT = 'tosca.artifacts.nfv.SwImage';
// TOSCA short notation (`sw_image: ../Files/images/x.img`) types an artifact by its file extension.
const IMAGE_EXTENSIONS = /\.(img|iso|qcow2|raw|vmdk|vhd|vhdx|vdi|ova|ami|aki|ari)$/i;

/**
 * The software image of a VDU, storage or container node: `sw_image_data`
 * (SOL001 v2.6.1 §6.2.43 SwImageData) with at most one SwImage artifact.
 */
export function mapSoftwareImage(node: TopologyNode, context: FlavourContext): VnfdSoftwareImage | undefined {
  const artifacts = Object.entries(node.artifacts).filter(([, artifact]) => isSwImageArtifact(artifact, context));
  if (artifacts.length > 1) {
    throw invalidVnfd(`${context.templatePath}: artifacts of type "${SW_IMAGE_ARTIFACT}" is added more than one time for node ${node.id}`);
  }
  const data = node.properties.sw_image_data;
  const [artifactName, artifact] = artifacts[0] ?? [];
  if (!isRecord(data)) {
    if (artifactName)
      throw invalidVnfd(
        `${context.templatePath}: node property "sw_image_data" is missing for artifact ${artifactName} for node ${node.id}`,
      );
    return undefined;
  }
  const where = `${context.templatePath}: sw_image_data of ${node.id}`;
  const file = asString(artifact) ?? asString(asMap(artifact).file);
  const checksum = asMap(data.checksum);
  return {
    id: node.id,
    name: required(data.name, `${where}.name`),
    version: required(data.version, `${where}.version`),
    checksum: {
      algorithm: required(checksum.algorithm, `${where}.checksum.algorithm`),
      hash: required(checksum.hash, `${where}.checksum.hash`),
    },
    containerFormat: required(data.container_format, `${where}.container_format`),
    diskFormat: required(data.disk_format, `${where}.disk_format`),
    minDiskBytes: sizeInBytes(data.min_disk, `${where}.min_disk`) ?? 0,
    minRamBytes: sizeInBytes(data.min_ram, `${where}.min_ram`) ?? 0,
    sizeBytes: sizeInBytes(data.size, `${where}.size`) ?? 0,
    operatingSystem: asString(data.operating_system),
    imagePath: file
      ? resolveArtifactPath(file, context.templatePath, context.packageFiles, `software image artifact of ${node.id}`)
      : undefined,
  };
}

function isSwImageArtifact(artifact: unknown, context: FlavourContext): boolean {
  if (typeof artifact === 'string') return IMAGE_EXTENSIONS.test(artifact);
  const type = asString(asMap(artifact).type);
  if (type) return context.registry.derivesFrom('artifact_types', type, SW_IMAGE_ARTIFACT);
  return IMAGE_EXTENSIONS.test(asString(asMap(artifact).file) ?? '');
}

function required(value: unknown, where: string): string {
  const text = asString(value);
  if (text === undefined || text === '') throw invalidVnfd(`${where} is required`);
  return text;
}
