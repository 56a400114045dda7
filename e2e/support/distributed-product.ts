import { SERVICE_NAMES, type ServiceName } from '@vnfm/contracts';
import { entryPoint, killGroup, startProduct, type ProductProcess } from './product-process';

const STARTED_MS = 120_000;

/**
 * The product in distributed mode: each of the seven services as its own
 * process (`dist/services/<name>`), all with one environment (the bus, the
 * data folder, the port). A service can be SIGKILLed and started again on the
 * same data, as a crash and a supervisor's restart would.
 */
export class DistributedProduct {
  private readonly running = new Map<ServiceName, ProductProcess>();
  /** Every process started, the killed ones too: their output stays readable. */
  private readonly started: ProductProcess[] = [];

  constructor(private readonly env: Record<string, string>) {}

  /** Starts every service and waits until each says it started. */
  async startAll(): Promise<void> {
    await Promise.all(SERVICE_NAMES.map((service) => this.start(service)));
  }

  async start(service: ServiceName): Promise<void> {
    const child = startProduct(process.execPath, [entryPoint(service)], this.env);
    this.running.set(service, child);
    this.started.push(child);
    let started = false;
    const exited = child.exited.then((code) => {
      if (!started) throw new Error(`${service} exited (code ${code}) before it started; output:\n${child.lines.slice(-20).join('\n')}`);
    });
    exited.catch(() => undefined);
    await Promise.race([child.waitForLine(new RegExp(`"msg":"${service} started"|gateway listening`), STARTED_MS), exited]);
    started = true;
  }

  /** SIGKILLs the service's process group: no shutdown hook runs. */
  async kill(service: ServiceName): Promise<void> {
    const child = this.running.get(service);
    if (child) await killGroup(child, 'SIGKILL');
    this.running.delete(service);
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
