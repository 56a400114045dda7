import { errorMessage } from '@vnfm/util';
import { BlobTooLargeError, type BlobRef, type BlobStore } from '@vnfm/blob-store';
import { AppError } from '@vnfm/contracts';

export const tooLarge = (maxBytes: number) =>
  new AppError(
    'PACKAGE_TOO_LARGE',
    413,
    'Payload Too Large',
    `The VNF package is larger than the ${maxBytes} bytes this VNF Manager accepts (VNFM_MAX_PACKAGE_BYTES).`,
  );

/**
 * Streams package content into the blob store, never holding it in memory:
 * past the limit 413, a source that breaks off 400; nothing is kept then.
 */
export async function storePackageContent(source: AsyncIterable<Uint8Array>, blobs: BlobStore, maxBytes: number): Promise<BlobRef> {
  try {
    return await blobs.put(source, { maxBytes });
  } catch (error) {
    if (error instanceof BlobTooLargeError) throw tooLarge(maxBytes);
    if (error instanceof AppError) throw error;
    throw new AppError('UPLOAD_INCOMPLETE', 400, 'Bad Request', `The package content could not be read to its end: ${errorMessage(error)}`);
  }
}
