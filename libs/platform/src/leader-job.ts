import { errorMessage } from '@vnfm/util';
import type { ServiceRuntime } from './service-runtime';

export interface RunningJob {
  stop(): Promise<void>;
}

/**
 * Work one replica of a service does for all (publishing its events to the
 * event stream in order, delivering notifications): the replica holding the
 * lease `job-<name>` runs it; the others try to take the lease every third
 * of its time and start the job when its holder is gone. A replica whose
 * lease was taken over (it could not renew it) stops its job. The only
 * replica (embedded store) takes the lease at once: its job runs before the
 * service takes commands, as without replicas.
 */
export class LeaderJob {
  private running?: RunningJob;
  private stopped = false;
  private stopAttempts?: () => Promise<void>;

  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly name: string,
    private readonly startJob: () => Promise<RunningJob>,
  ) {}

  private get lease(): string {
    return `job-${this.name}`;
  }

  async start(): Promise<void> {
    this.runtime.leases.onLost((lease) => {
      if (lease === this.lease) void this.halt('its lease was taken over');
    });
    await this.attempt();
    this.stopAttempts = this.runtime.leases.repeat(`take the job ${this.name}`, () => this.attempt());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.stopAttempts?.();
    await this.halt('the service is stopping');
    await this.runtime.leases.release(this.lease).catch(() => undefined);
  }

  private async attempt(): Promise<void> {
    if (this.running || this.stopped) return;
    try {
      if (!(await this.runtime.leases.acquire(this.lease))) return;
      this.running = await this.startJob();
      this.runtime.logger.info({ job: this.name, replica: this.runtime.instance }, 'this replica runs the job');
    } catch (error) {
      this.runtime.logger.warn({ job: this.name, error: errorMessage(error) }, 'could not take or start the job');
    }
  }

  private async halt(why: string): Promise<void> {
    const running = this.running;
    this.running = undefined;
    if (!running) return;
    this.runtime.logger.info({ job: this.name, why }, 'job stopped on this replica');
    await running.stop().catch((error) => this.runtime.logger.warn({ job: this.name, error: errorMessage(error) }, 'job stop failed'));
  }
}
