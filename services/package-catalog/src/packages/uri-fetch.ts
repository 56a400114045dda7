import { BlobTooLargeError, type BlobRef, type BlobStore } from '@vnfm/blob-store';
import { causeOf, type OutboundPolicy } from '@vnfm/util';
import { errors, request, type Dispatcher } from 'undici';

export interface UriSource {
  addressInformation: string;
  userName?: string;
  password?: string;
}

export interface FetchLimits {
  /** VNFM_MAX_PACKAGE_BYTES */
  maxBytes: number;
  /** VNFM_PACKAGE_FETCH_IDLE_TIMEOUT_MS: the longest wait for the answer's headers or its next byte. */
  idleTimeoutMs: number;
  /** Redirects followed, each one checked like the first URI. */
  maxRedirects: number;
}

/** What went wrong with a fetch, in words fit for onboardingFailureDetails. */
export class FetchFailure extends Error {}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** A URI as a detail or a log may show it: no user info, no query (either may carry credentials). */
export const uriName = (url: URL) => `${url.protocol}//${url.host}${url.pathname}`;

/**
 * Fetches a package (SOL 005 §9.4.6) straight into the blob store. Every URI,
 * the first and each redirect's, is held to the package URI policy before it
 * is requested, and `dispatcher` checks each connection again; redirects are
 * followed up to `maxRedirects`, with the HTTP Basic credentials (only in
 * this call, never stored) sent to the first URI's origin only. An answer
 * that stalls past the idle timeout fails; aborting `signal` (deadline,
 * deletion, shutdown) closes the connection. Nothing is kept on failure.
 */
export async function fetchPackage(
  source: UriSource,
  blobs: BlobStore,
  policy: OutboundPolicy,
  dispatcher: Dispatcher,
  limits: FetchLimits,
  signal: AbortSignal,
): Promise<BlobRef> {
  const first = new URL(source.addressInformation);
  const credentials: Record<string, string> =
    source.userName === undefined
      ? {}
      : { authorization: `Basic ${Buffer.from(`${source.userName}:${source.password ?? ''}`).toString('base64')}` };
  let url = first;
  for (let redirects = 0; ; redirects++) {
    const refused = await policy.refusalOf(url);
    if (signal.aborted) throw signal.reason;
    if (refused) throw new FetchFailure(`${redirects === 0 ? uriName(url) : `the redirect to ${uriName(url)}`} is not allowed: ${refused}`);
    const response = await request(url, {
      method: 'GET',
      headers: url.origin === first.origin ? credentials : {},
      dispatcher,
      signal,
      headersTimeout: limits.idleTimeoutMs,
      bodyTimeout: limits.idleTimeoutMs,
    }).catch((error: unknown) => {
      throw failureOf(error, url, limits, signal);
    });
    if (!REDIRECT_STATUSES.has(response.statusCode)) return store(response, url, blobs, limits, signal);
    await response.body.dump().catch(() => undefined);
    const location = response.headers.location;
    if (typeof location !== 'string') throw new FetchFailure(`${uriName(url)} answered ${response.statusCode} without a Location`);
    if (redirects === limits.maxRedirects) throw new FetchFailure(`${uriName(first)} redirected more than ${limits.maxRedirects} times`);
    url = nextHop(url, location);
  }
}

function nextHop(from: URL, location: string): URL {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw new FetchFailure(`${uriName(from)} redirected to something that is not a URI`);
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:')
    throw new FetchFailure(`${uriName(from)} redirected to a ${next.protocol} URI; only http and https are fetched`);
  return next;
}

async function store(
  response: Dispatcher.ResponseData,
  url: URL,
  blobs: BlobStore,
  limits: FetchLimits,
  signal: AbortSignal,
): Promise<BlobRef> {
  if (response.statusCode !== 200) {
    await response.body.dump().catch(() => undefined);
    throw new FetchFailure(`${uriName(url)} answered HTTP ${response.statusCode}`);
  }
  if (Number(response.headers['content-length'] ?? 0) > limits.maxBytes) {
    response.body.destroy();
    throw tooLarge(limits);
  }
  try {
    return await blobs.put(response.body, { maxBytes: limits.maxBytes });
  } catch (error) {
    response.body.destroy();
    if (error instanceof BlobTooLargeError) throw tooLarge(limits);
    throw failureOf(error, url, limits, signal);
  }
}

const tooLarge = (limits: FetchLimits) =>
  new FetchFailure(`the package is larger than the ${limits.maxBytes} bytes this VNF Manager accepts (VNFM_MAX_PACKAGE_BYTES)`);

/** The abort itself when `signal` ended the fetch (its owner says why), else a FetchFailure naming the cause. */
function failureOf(error: unknown, url: URL, limits: FetchLimits, signal: AbortSignal): unknown {
  if (signal.aborted) return signal.reason;
  if (error instanceof errors.HeadersTimeoutError || error instanceof errors.BodyTimeoutError)
    return new FetchFailure(`${uriName(url)} sent nothing for ${limits.idleTimeoutMs / 1000} s (VNFM_PACKAGE_FETCH_IDLE_TIMEOUT_MS)`);
  if ((error as { code?: unknown }).code === 'EOUTBOUNDREFUSED')
    return new FetchFailure(`${uriName(url)} is not allowed: ${(error as Error).message}`);
  return new FetchFailure(`${uriName(url)} could not be read (${causeOf(error)})`);
}
