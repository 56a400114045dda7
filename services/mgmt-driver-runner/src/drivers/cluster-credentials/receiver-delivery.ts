import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '@vnfm/contracts';
import type { OutboundPolicy } from '@vnfm/util';
import { Agent, request } from 'undici';
import type { ReceiverParams } from './credentials-params';

/** What the receiver gets (docs/mgmt-drivers.md): POST, `application/json`. */
export interface KubeconfigDelivery {
  vnfInstanceId: string;
  clusterName: string;
  kubeconfig: string;
}

/** Back-off between attempts after a 5xx or a network failure: 0.5 s doubling to 30 s, until the hook's deadline. */
const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;
/** One attempt's connect + answer bound (the hook's deadline bounds them all). */
const ATTEMPT_TIMEOUT_MS = 30_000;
/** TLS verification failures are not retried: the same certificate would be refused again. */
const UNTRUSTED = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ALTNAME|ERR_TLS|UNABLE_TO_GET_ISSUER/;

/** The receiver as it may be named in errors, outputs and logs: no query (it may carry a token), no fragment. */
export const receiverName = (url: URL) => `${url.origin}${url.pathname}`;

const unreachable = (url: URL, attempts: number, cause: string) =>
  new AppError(
    'KUBECONFIG_RECEIVER_UNREACHABLE',
    502,
    'Bad Gateway',
    `The workload cluster's kubeconfig could not be delivered to ${receiverName(url)} before the hook's deadline (${attempts} attempt(s)); last: ${cause}.`,
  );

function authorization(auth: ReceiverParams['auth']): Record<string, string> {
  if (!auth) return {};
  if (auth.kind === 'bearer') return { authorization: `Bearer ${auth.token}` };
  return { authorization: `Basic ${Buffer.from(`${auth.username}:${auth.password}`, 'utf8').toString('base64')}` };
}

/** The receiver's address is one the MgmtDriver receiver policy refuses (docs/outbound.md): nothing is sent, and it is not tried again. */
export const receiverNotAllowed = (url: URL, reason: string) =>
  new AppError(
    'KUBECONFIG_RECEIVER_NOT_ALLOWED',
    422,
    'Unprocessable Entity',
    `The receiver ${receiverName(url)} is not allowed: ${reason}; nothing was sent.`,
  );

const codeOf = (error: unknown): string => {
  const { code, cause, message } = error as { code?: unknown; cause?: { code?: unknown; message?: unknown }; message?: unknown };
  return String(cause?.code ?? code ?? cause?.message ?? message ?? error);
};

type Attempt = { kind: 'done' } | { kind: 'retry'; cause: string };

/** One POST: 2xx delivered; 5xx and network failures retried; anything else (4xx, 3xx) and an untrusted certificate fail at once. */
async function attempt(
  receiver: ReceiverParams,
  ca: string | undefined,
  body: string,
  dispatcher: Agent,
  signal: AbortSignal,
): Promise<Attempt> {
  const url = receiver.url;
  let statusCode: number;
  try {
    const answer = await request(url, {
      method: 'POST',
      dispatcher,
      headers: { 'content-type': 'application/json', ...authorization(receiver.auth) },
      body,
      signal: AbortSignal.any([signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
    });
    statusCode = answer.statusCode;
    // The answer's body is never shown: a receiver may echo what it got.
    await answer.body.dump().catch(() => undefined);
  } catch (error) {
    if (signal.aborted) return { kind: 'retry', cause: 'the hook reached its deadline during an attempt' };
    if ((error as { code?: unknown }).code === 'EOUTBOUNDREFUSED') throw receiverNotAllowed(url, (error as Error).message);
    const code = codeOf(error);
    if (ca !== undefined && UNTRUSTED.test(code)) {
      throw new AppError(
        'KUBECONFIG_RECEIVER_UNTRUSTED',
        502,
        'Bad Gateway',
        `The receiver ${receiverName(url)} was not trusted (${code}): its certificate does not chain to the CA given in additionalParams.cluster_kubeconfig.receiver; nothing was sent.`,
      );
    }
    return { kind: 'retry', cause: code };
  }
  if (statusCode >= 200 && statusCode < 300) return { kind: 'done' };
  if (statusCode >= 500) return { kind: 'retry', cause: `HTTP ${statusCode}` };
  throw new AppError(
    'KUBECONFIG_RECEIVER_REFUSED',
    502,
    'Bad Gateway',
    `The receiver ${receiverName(url)} refused the workload cluster's kubeconfig with HTTP ${statusCode}${statusCode === 401 || statusCode === 403 ? ' (check additionalParams.cluster_kubeconfig.receiver username/password or bearer_token)' : ''}.`,
  );
}

/**
 * POSTs the kubeconfig to the receiver, verifying its certificate against
 * `ca` only (not the system CAs), retried with exponential back-off on 5xx
 * and network failures until `signal` fires. Every connection is held to
 * `policy` (the MgmtDriver receiver policy): a refused address fails at
 * once, before anything is sent. Returns the number of attempts.
 */
export async function deliverKubeconfig(
  receiver: ReceiverParams,
  ca: string | undefined,
  delivery: KubeconfigDelivery,
  signal: AbortSignal,
  policy: OutboundPolicy,
): Promise<number> {
  const dispatcher = new Agent({ connect: policy.connector(ca !== undefined ? { ca, rejectUnauthorized: true } : {}) });
  const body = JSON.stringify(delivery);
  try {
    let last = 'no attempt';
    for (let attempts = 1, delay = FIRST_DELAY_MS; !signal.aborted; attempts++, delay = Math.min(delay * 2, MAX_DELAY_MS)) {
      const outcome = await attempt(receiver, ca, body, dispatcher, signal);
      if (outcome.kind === 'done') return attempts;
      last = outcome.cause;
      await sleep(delay, undefined, { signal }).catch(() => undefined);
      if (signal.aborted) throw unreachable(receiver.url, attempts, last);
    }
    throw unreachable(receiver.url, 0, last);
  } finally {
    await dispatcher.close().catch(() => undefined);
  }
}
