import { SERVICE_NAMES, type ServiceName } from '@vnfm/contracts';
import { entryPoint, killGroup, startProduct, type ProductProcess } from './product-process';

const STARTED_MS = 120_000;

export interface DistributedOptions {
  /** Processes of each service (default 1). */
  replicas?: number;
  /** What one replica's environment has of its own (a gateway's port). */
  envOf?: (service: ServiceName, replica: number) => Record<string, string>;
}

/**
 * The product in distributed mode: each of the seven services as its own
 * process (`dist/services/<name>`), or several, all with one environment (the
 * bus, the data folder, the port). A process can be SIGKILLed and a service
 * started again on the same data, as a crash and a supervisor's restart would.
 */
export class DistributedProduct {
  private readonly running = new Map<ServiceName, ProductProcess[]>();
  /** Every process started, the killed ones too: their output stays readable. */
  private readonly started: ProductProcess[] = [];
  private readonly replicaOf = new Map<ProductProcess, number>();

  constructor(
    private readonly env: Record<string, string>,
    private readonly options: DistributedOptions = {},
  ) {}

  /** Starts every replica of every service and waits until each says it started. */
  async startAll(): Promise<void> {
    const replicas = this.options.replicas ?? 1;
    await Promise.all(SERVICE_NAMES.flatMap((service) => Array.from({ length: replicas }, (_, replica) => this.start(service, replica))));
  }

  /** Starts one process of the service (replica `replica`'s environment). */
  async start(service: ServiceName, replica = 0): Promise<ProductProcess> {
    const child = startProduct(process.execPath, [entryPoint(service)], { ...this.env, ...this.options.envOf?.(service, replica) });
    this.running.set(service, [...(this.running.get(service) ?? []), child]);
    this.started.push(child);
    this.replicaOf.set(child, replica);
    let started = false;
    const exited = child.exited.then((code) => {
      if (!started) throw new Error(`${service} exited (code ${code}) before it started; output:\n${child.lines.slice(-20).join('\n')}`);
    });
    exited.catch(() => undefined);
    await Promise.race([child.waitForLine(new RegExp(`"msg":"${service} started"|gateway listening`), STARTED_MS), exited]);
    started = true;
    return child;
  }

  /** The running processes of a service, oldest first. */
  processesOf(service: ServiceName): ProductProcess[] {
    return this.running.get(service) ?? [];
  }

  /** SIGKILLs every process of the service: no shutdown hook runs. */
  async kill(service: ServiceName): Promise<void> {
    await Promise.all(this.processesOf(service).map((child) => killGroup(child, 'SIGKILL')));
    this.running.delete(service);
  }

  /** SIGKILLs the process with this pid; returns its service. */
  async killPid(pid: number): Promise<ServiceName> {
    for (const [service, children] of this.running) {
      const child = children.find((candidate) => candidate.child.pid === pid);
      if (!child) continue;
      await killGroup(child, 'SIGKILL');
      this.running.set(
        service,
        children.filter((candidate) => candidate !== child),
      );
      return service;
    }
    throw new Error(`no running product process has pid ${pid}`);
  }

  /**
   * Stops replica `replica` of the service as a supervisor would (SIGTERM,
   * then waits while it drains and exits), and starts it again; returns how
   * long it took to stop and its exit code.
   */
  async restart(service: ServiceName, replica: number): Promise<{ stoppedInMs: number; code: number | null }> {
    const child = this.processesOf(service).find((candidate) => this.replicaOf.get(candidate) === replica);
    if (!child) throw new Error(`no running ${service} replica ${replica}`);
    const stopping = Date.now();
    await killGroup(child, 'SIGTERM');
    const code = await child.exited;
    const stoppedInMs = Date.now() - stopping;
    this.running.set(
      service,
      this.processesOf(service).filter((candidate) => candidate !== child),
    );
    await this.start(service, replica);
    return { stoppedInMs, code };
  }

  async crashAndRestart(service: ServiceName): Promise<void> {
    await this.kill(service);
    await this.start(service);
  }

  /** Every line any of its processes wrote so far (their logs). */
  get lines(): string[] {
    return this.started.flatMap((child) => child.lines);
  }

  async stop(): Promise<void> {
    await Promise.all([...this.running.keys()].map((service) => this.kill(service)));
  }
}
