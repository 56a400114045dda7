import { setTimeout as sleep } from 'node:timers/promises';
import { Watch } from '@kubernetes/client-node';
import type { KubeObject } from '@vnfm/kubernetes-manifests';
import { KubeApi, type ResourceType } from './kube-api';

/** What the wait is for: true when the object (undefined once deleted) is as wanted. */
export type ObjectTest = (object: KubeObject | undefined) => boolean;

/** Longest one watch request lasts before it is renewed from a fresh read (the API server ends watches by itself too). */
const WATCH_SECONDS = 300;
const RESTART_DELAY_MS = 100;

/**
 * Waits, by watch and never by polling, until one object passes `test`:
 * it is read (its state and resourceVersion), then watched by name from that
 * version, so no change between the read and the watch is missed; an ended
 * or expired watch starts again from a fresh read. Stops with the signal's
 * reason when it fires.
 */
export async function awaitObject(
  api: KubeApi,
  type: ResourceType,
  object: KubeObject,
  test: ObjectTest,
  signal: AbortSignal,
): Promise<void> {
  const watch = new Watch(api.config);
  const path = KubeApi.watchPath(type, object.metadata.namespace);
  for (;;) {
    signal.throwIfAborted();
    const current = await api.read(object);
    if (test(current)) return;
    const met = await watchOnce(
      watch,
      path,
      { fieldSelector: `metadata.name=${object.metadata.name}` },
      current?.metadata['resourceVersion'] as string | undefined,
      test,
      signal,
    );
    if (met) return;
    await sleep(RESTART_DELAY_MS, undefined, { signal });
  }
}

/**
 * Waits, by watch, until `check` (which reads what it needs) holds for the
 * objects of the kinds that `labelSelector` selects in `namespace`: checked
 * after a list of each kind, then again after each change the API server
 * reports from those lists' versions on (so no change between the check and
 * the watch is missed).
 */
export async function awaitSelected(
  api: KubeApi,
  types: readonly ResourceType[],
  namespace: string | undefined,
  labelSelector: string,
  check: () => Promise<boolean>,
  signal: AbortSignal,
): Promise<void> {
  for (;;) {
    signal.throwIfAborted();
    const versions = await Promise.all(types.map(async (type) => (await api.listAt(type, namespace, labelSelector)).resourceVersion));
    if (await check()) return;
    // The first kind that changes ends this round; the other watches stop with it.
    const round = new AbortController();
    const watching = AbortSignal.any([signal, round.signal]);
    try {
      const changed = await Promise.race(
        types.map((type, index) =>
          watchOnce(new Watch(api.config), KubeApi.watchPath(type, namespace), { labelSelector }, versions[index], () => true, watching),
        ),
      );
      if (!changed) await sleep(RESTART_DELAY_MS, undefined, { signal });
    } finally {
      round.abort();
    }
  }
}

/** One watch request: true when `test` passed, false when the watch ended first; rejects with the signal's reason or the watch's error. */
function watchOnce(
  watch: Watch,
  path: string,
  selector: { fieldSelector: string } | { labelSelector: string },
  resourceVersion: string | undefined,
  test: ObjectTest,
  signal: AbortSignal,
): Promise<boolean> {
  return new Promise<boolean>((resolve, reject) => {
    let settled = false;
    let controller: AbortController | undefined;
    const finish = (outcome: { met: boolean } | { error: unknown }) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      controller?.abort();
      if ('met' in outcome) resolve(outcome.met);
      else reject(outcome.error);
    };
    const onAbort = () => finish({ error: signal.reason });
    signal.addEventListener('abort', onAbort, { once: true });
    const query = {
      ...selector,
      allowWatchBookmarks: true,
      timeoutSeconds: WATCH_SECONDS,
      ...(resourceVersion ? { resourceVersion } : {}),
    };
    const onEvent = (phase: string, value: unknown) => {
      try {
        if (phase === 'DELETED' ? test(undefined) : (phase === 'ADDED' || phase === 'MODIFIED') && test(value as KubeObject))
          finish({ met: true });
      } catch (error) {
        finish({ error });
      }
    };
    // An ended watch (its timeout, 410 Gone, a dropped connection) is started again from a fresh read.
    const onDone = () => finish({ met: false });
    watch.watch(path, query, onEvent, onDone).then(
      (started) => {
        controller = started;
        if (settled) started.abort();
      },
      (error: unknown) => finish({ error }),
    );
  });
}
