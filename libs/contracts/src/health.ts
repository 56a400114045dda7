/** Reply of every service to `<service>.health`. */
export interface ServiceHealth {
  service: string;
  status: 'UP' | 'DOWN';
  /** Process that answered (host:pid), useful when services run apart. */
  instance: string;
  eventStore: { adapter: string; status: 'UP' | 'DOWN'; detail?: string };
  startedAt: string;
}

export const healthMessageType = (service: string) => `${service}.health`;
