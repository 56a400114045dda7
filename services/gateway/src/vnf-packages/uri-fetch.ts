import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import type { BlobRef, BlobStore } from '@vnfm/blob-store';
import { storePackageContent, tooLarge } from './package-upload';

export interface UriSource {
  addressInformation: string;
  userName?: string;
  password?: string;
}

/**
 * Fetches a package from its URI (SOL 005 §9.4.6) straight into the blob
 * store, with HTTP basic authentication when a user name is given. The
 * credentials live only in this call: they are never sent on the bus,
 * stored or logged.
 */
export async function fetchPackage(source: UriSource, blobs: BlobStore, maxBytes: number): Promise<BlobRef> {
  const headers: Record<string, string> = {};
  if (source.userName !== undefined)
    headers.authorization = `Basic ${Buffer.from(`${source.userName}:${source.password ?? ''}`).toString('base64')}`;
  const response = await fetch(source.addressInformation, { headers, redirect: 'follow' });
  if (!response.ok || !response.body) throw new Error(`${source.addressInformation} answered ${response.status} ${response.statusText}`);
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) throw tooLarge(maxBytes);
  return storePackageContent(Readable.fromWeb(response.body as ReadableStream<Uint8Array>), blobs, maxBytes);
}
