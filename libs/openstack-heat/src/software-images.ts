import type { VnfdFlavour, VnfdModel } from '@vnfm/vnfd';
import { isUrl } from '@vnfm/vnfd';

/** The Glance tag of every image the VNFM uploaded for a VNF instance: what terminate deletes. */
export const instanceImageTag = (vnfInstanceId: string) => `vnf-${vnfInstanceId}`;

/** Glance Image API v2 "Create image": the fields the VNFM sets. */
export interface GlanceImageRequest {
  name: string;
  disk_format: string;
  container_format: string;
  min_disk: number;
  min_ram: number;
  visibility: 'private';
  tags: string[];
}

/** One software image the VNFM puts into Glance before creating the stack, and where its data comes from. */
export interface ImageUpload {
  /** The VDU or storage whose sw_image_data it is (`nfv.VDU.<nodeId>.vcImageId` reads its id). */
  nodeId: string;
  request: GlanceImageRequest;
  /** A package file to upload, or a URL Glance imports from (web-download). */
  source: { file: string } | { url: string };
}

/**
 * The images of a flavour without a BaseHOT, as Tacker v1 puts them into
 * Glance before the stack of a heat-translator template (pre_instantiation_vnf):
 * each VDU's and storage's sw_image_data with an image artifact, named as
 * sw_image_data names it, with its formats and minimums (min_disk in GB,
 * min_ram in MB, truncated), private to the project. The data is the
 * package's artifact file, or the URL the artifact gives. Tagged with the
 * instance and the node, so a repeated step finds what an earlier attempt
 * uploaded and terminate finds what to delete. A flavour with a BaseHOT
 * names images the VIM already has: none.
 */
export function imageUploads(vnfd: VnfdModel, flavour: VnfdFlavour, vnfInstanceId: string): ImageUpload[] {
  if (flavour.baseHot) return [];
  const nodes = new Set([...flavour.vdus.map((vdu) => vdu.id), ...flavour.storages.map((storage) => storage.id)]);
  return vnfd.softwareImages.flatMap((image) => {
    if (!nodes.has(image.id) || image.imagePath === undefined) return [];
    const request: GlanceImageRequest = {
      name: image.name,
      disk_format: image.diskFormat,
      container_format: image.containerFormat,
      min_disk: Math.trunc(image.minDiskBytes / 1e9),
      min_ram: Math.trunc(image.minRamBytes / 1e6),
      visibility: 'private',
      tags: [instanceImageTag(vnfInstanceId), `vnfd-${vnfd.vnfdId}-${image.id}`],
    };
    return [{ nodeId: image.id, request, source: isUrl(image.imagePath) ? { url: image.imagePath } : { file: image.imagePath } }];
  });
}
