import type { Request, Response } from 'express';
import { BlobNotFoundError, type BlobStore, type ByteRange } from '@vnfm/blob-store';
import { AppError } from '@vnfm/contracts';
import type { PackageFileReply } from '@vnfm/vnf-package-domain';
import { byteRangeOf } from './byte-range';

/**
 * Sends a package file: inline bytes from the reply, or streamed from the
 * blob store, honouring a single `Range` (206 with Content-Range). The
 * Content-Type is set exactly (no charset): the Tacker client compares it
 * as a string to tell a zip or text/plain from JSON.
 */
export async function sendPackageFile(reply: PackageFileReply, blobs: BlobStore, request: Request, response: Response): Promise<void> {
  const range = rangeOf(request, response, reply.size);
  const body = 'inline' in reply ? sliceOf(Buffer.from(reply.inline, 'base64'), range) : await openBlob(blobs, reply.blobKey, range);
  response.status(range ? 206 : 200);
  response.setHeader('Content-Type', reply.contentType);
  response.setHeader('Accept-Ranges', 'bytes');
  response.setHeader('Content-Length', String(range ? range.end - range.start + 1 : reply.size));
  if (range) response.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${reply.size}`);
  if (Buffer.isBuffer(body)) {
    response.end(body);
    return;
  }
  await new Promise<void>((resolve) => {
    // Headers are gone by now: a read error can only cut the response short.
    body.on('error', (error) => response.destroy(error));
    response.on('close', resolve);
    body.pipe(response);
  });
}

function rangeOf(request: Request, response: Response, size: number): ByteRange | undefined {
  try {
    return byteRangeOf(request.header('range'), size);
  } catch (error) {
    if (error instanceof AppError && error.status === 416) response.setHeader('Content-Range', `bytes */${size}`);
    throw error;
  }
}

const sliceOf = (data: Buffer, range: ByteRange | undefined) => (range ? data.subarray(range.start, range.end + 1) : data);

async function openBlob(blobs: BlobStore, key: string, range: ByteRange | undefined) {
  try {
    return await blobs.open(key, range);
  } catch (error) {
    if (!(error instanceof BlobNotFoundError)) throw error;
    throw new AppError(
      'PACKAGE_CONTENT_MISSING',
      500,
      'Internal Server Error',
      'The package file is not in the blob store this gateway reads; VNFM_BLOB_DIR must be the folder the package-catalog uses.',
    );
  }
}
