import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { VnfmConfig } from '@vnfm/config';
import type { Logger } from '@vnfm/telemetry';
import { typeScriptWorkerCode } from '@vnfm/util';
import { ThreadRpc, type Handlers } from './thread-rpc';

const RESTART_DELAY_MS = 1_000;

/**
 * The worker thread notifications are delivered on (thread/delivery-worker.ts).
 * `begin` runs on each new thread before any other call reaches it (the
 * replay of what it must know); a thread that ends unexpectedly is logged
 * and started again, and the calls that were waiting fail (the intake's
 * catch-up subscription retries its event, so nothing is skipped).
 */
export class DeliveryThread {
  private live?: ThreadRpc;
  private ready?: Promise<ThreadRpc>;
  private worker?: Worker;
  private stopping = false;

  constructor(
    private readonly config: VnfmConfig,
    private readonly logger: Logger,
    /** What the thread may ask of the coordinator. */
    private readonly handlers: Handlers,
    private readonly begin: (rpc: ThreadRpc) => Promise<unknown>,
  ) {}

  /** Starts the thread; resolves with what `begin` answered. */
  async start(): Promise<unknown> {
    const worker = (this.worker = startWorker(this.config));
    const rpc = new ThreadRpc(worker, this.handlers);
    this.live = rpc;
    worker.on('error', (error) => this.logger.error({ error: String(error) }, 'notification delivery thread failed'));
    worker.once('exit', (code) => this.ended(worker, rpc, code));
    const begun = this.begin(rpc);
    this.ready = begun.then(() => rpc);
    return begun;
  }

  async call<T>(method: string, ...args: unknown[]): Promise<T> {
    if (!this.ready) throw new Error('the notification delivery thread is not started');
    return (await this.ready).call<T>(method, ...args);
  }

  /** Posted to the running thread; a thread started later learns it from `begin`. */
  note(method: string, ...args: unknown[]): void {
    this.live?.note(method, ...args);
  }

  /** Ends the thread after it stopped its sender and closed its store. */
  async stop(): Promise<void> {
    this.stopping = true;
    const worker = this.worker;
    if (!worker) return;
    await Promise.race([this.live?.call('stop'), new Promise((resolve) => worker.once('exit', resolve))]).catch(() => undefined);
    await worker.terminate();
  }

  private ended(worker: Worker, rpc: ThreadRpc, code: number): void {
    rpc.failAll(`the notification delivery thread ended (exit code ${code})`);
    if (this.worker !== worker || this.stopping) return;
    this.live = undefined;
    this.logger.error({ exitCode: code }, 'notification delivery thread ended; starting it again');
    const restart = new Promise<void>((resolve) => setTimeout(resolve, RESTART_DELAY_MS));
    this.ready = restart.then(async () => {
      if (this.stopping) throw new Error('the notification delivery thread is stopping');
      await this.start();
      return this.ready as Promise<ThreadRpc>;
    });
    this.ready.catch(() => undefined);
  }
}

/** The compiled worker beside this file (dist/), or, from the TypeScript sources (tests), the source compiled as it loads. */
function startWorker(config: VnfmConfig): Worker {
  const workerData = { config: { ...config } };
  const compiled = join(__dirname, 'thread', 'delivery-worker.js');
  if (existsSync(compiled)) return new Worker(compiled, { workerData });
  return new Worker(typeScriptWorkerCode(join(__dirname, 'thread', 'delivery-worker.ts')), { eval: true, workerData });
}
