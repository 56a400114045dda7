import { isoSeconds } from '../common/timestamps';
import type { ImageRecord } from './image-registry';

/** An image as Glance API v2 shows it ("Show image"): the image itself, no wrapper. */
export function imageView(image: ImageRecord): object {
  return {
    id: image.id,
    name: image.name,
    status: image.status,
    visibility: image.visibility,
    protected: false,
    owner: image.owner,
    tags: image.tags,
    disk_format: image.diskFormat,
    container_format: image.containerFormat,
    min_disk: image.minDisk,
    min_ram: image.minRam,
    size: image.data?.size ?? null,
    virtual_size: null,
    checksum: image.data?.md5 ?? null,
    os_hash_algo: image.data ? 'sha512' : null,
    os_hash_value: image.data?.sha512 ?? null,
    ...(image.failedImport !== undefined && { os_glance_failed_import: 'file' }),
    created_at: isoSeconds(image.createdAt),
    updated_at: isoSeconds(image.updatedAt),
    self: `/v2/images/${image.id}`,
    file: `/v2/images/${image.id}/file`,
    schema: '/v2/schemas/image',
  };
}
