/** Glance v2 image statuses the simulator goes through. */
type ImageStatus = 'queued' | 'saving' | 'importing' | 'active' | 'killed';

/** What the simulator keeps of image data: its size and digests (Glance's `checksum` is MD5, `os_hash_value` SHA-512), never the bytes. */
export interface ImageData {
  readonly size: number;
  readonly md5: string;
  readonly sha512: string;
}

/** A Glance image. */
export interface ImageRecord {
  readonly id: string;
  readonly name: string;
  readonly owner: string;
  status: ImageStatus;
  readonly diskFormat: string | null;
  readonly containerFormat: string | null;
  readonly minDisk: number;
  readonly minRam: number;
  readonly visibility: string;
  readonly tags: readonly string[];
  data?: ImageData;
  /** Where a web-download import fetched the data from. */
  importedFrom?: string;
  /** Why the last import failed (Glance's `os_glance_failed_import`). */
  failedImport?: string;
  readonly createdAt: Date;
  updatedAt: Date;
}

export class ImageRegistry {
  private readonly images = new Map<string, ImageRecord>();

  add(image: ImageRecord): void {
    this.images.set(image.id, image);
  }

  get(id: string): ImageRecord | undefined {
    return this.images.get(id);
  }

  remove(id: string): boolean {
    return this.images.delete(id);
  }

  clear(): void {
    this.images.clear();
  }

  all(): ImageRecord[] {
    return [...this.images.values()];
  }

  /** An image by id, or by name when the name is unique (how Heat and Nova resolve a server's `image`). */
  findByIdOrName(idOrName: string): ImageRecord | undefined {
    const byId = this.images.get(idOrName);
    if (byId !== undefined) return byId;
    const named = this.all().filter((image) => image.name === idOrName);
    return named.length === 1 ? named[0] : undefined;
  }
}
