/** Reply of every service to `<service>.health`. */
export interface ServiceHealth {
  service: string;
  status: 'UP' | 'DOWN';
  /** Process that answered (host:pid), useful when services run apart. */
  instance: string;
  eventStore: { adapter: string; status: 'UP' | 'DOWN'; detail?: string };
  /**
   * Whether this replica surely still holds what it looks after: false once
   * its leases went unrenewed for their time-to-live (peers may be taking its
   * work over), which makes it DOWN. `shared`: other replicas may exist.
   */
  leases?: { shared: boolean; ready: boolean };
  startedAt: string;
  /** When the process began stopping (SIGTERM): it finishes what it runs, takes nothing new, and is DOWN for its probes. */
  drainingSince?: string;
  /** Errors no handler expected that this process survived since it started (each failed one request or message). */
  unexpectedErrors?: number;
}

export const healthMessageType = (service: string) => `${service}.health`;
