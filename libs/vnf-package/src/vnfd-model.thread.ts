import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { PackageError, type PackageErrorCode } from './package.error';
import { typeScriptWorkerCode } from '@vnfm/util';
import { MODEL_THREAD_HEAP_MB } from './vnfd-limits';
import type { VnfdModelResult, VnfdModelTask } from './vnfd-model.task';

type Reply = { result: VnfdModelResult } | { refusal: { code: PackageErrorCode; detail: string } } | { failure: string };

/**
 * Parsing YAML and building the model are the costly, synchronous part of
 * onboarding; they run on one worker thread so the process keeps answering
 * meanwhile. Tasks run one at a time, each within its time limit; a thread
 * that overruns it or its heap limit is ended, and the next task starts a new one.
 */
class VnfdModelThread {
  private worker?: Worker;
  private queue: Promise<unknown> = Promise.resolve();

  build(task: VnfdModelTask, maxBuildMs: number): Promise<VnfdModelResult> {
    const run = this.queue.then(() => this.run(task, maxBuildMs));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private run(task: VnfdModelTask, maxBuildMs: number): Promise<VnfdModelResult> {
    const worker = (this.worker ??= this.start());
    worker.ref();
    return new Promise<VnfdModelResult>((resolve, reject) => {
      let settled = false;
      const settle = (outcome: () => void, discard: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (discard) this.discard(worker);
        else worker.unref();
        outcome();
      };
      const onMessage = (reply: Reply) =>
        settle(() => {
          if ('result' in reply) resolve(reply.result);
          else if ('refusal' in reply) reject(new PackageError(reply.refusal.code, reply.refusal.detail));
          else reject(new Error(`building the VNFD model failed: ${reply.failure}`));
        }, false);
      const onError = (error: Error & { code?: string }) =>
        settle(
          () =>
            reject(
              error.code === 'ERR_WORKER_OUT_OF_MEMORY'
                ? tooLarge(`building the VNFD model needs more than the ${MODEL_THREAD_HEAP_MB} MiB of memory allowed`)
                : error,
            ),
          true,
        );
      const onExit = (code: number) => settle(() => reject(new Error(`the VNFD model thread stopped (exit code ${code})`)), true);
      const timer = setTimeout(
        () => settle(() => reject(tooLarge(`building the VNFD model took longer than the ${maxBuildMs} ms allowed`)), true),
        maxBuildMs,
      );
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.postMessage(task);
    });
  }

  /** A thread that ends or fails between tasks is forgotten (a task in flight learns it from its own listeners). */
  private start(): Worker {
    const worker = startWorker();
    worker.on('error', () => this.discard(worker)).once('exit', () => this.discard(worker));
    return worker;
  }

  private discard(worker: Worker): void {
    if (this.worker === worker) this.worker = undefined;
    void worker.terminate();
  }
}

const tooLarge = (detail: string) => new PackageError('VNFD_TOO_LARGE', detail);

const resourceLimits = { maxOldGenerationSizeMb: MODEL_THREAD_HEAP_MB };

/** The compiled worker beside this file (dist/), or, from the TypeScript sources (tests), the source compiled as it loads. */
function startWorker(): Worker {
  const compiled = join(__dirname, 'vnfd-model.worker.js');
  if (existsSync(compiled)) return new Worker(compiled, { resourceLimits });
  return new Worker(typeScriptWorkerCode(join(__dirname, 'vnfd-model.worker.ts')), { eval: true, resourceLimits });
}

/** The process's one model thread. */
export const vnfdModelThread = new VnfdModelThread();
