import type { VnfmConfig } from '@vnfm/config';

/** How notifications are sent (docs/lcm.md "Notification delivery"); from the validated configuration. */
export interface DeliverySettings {
  /** Base of the absolute links of each notification. */
  publicUrl: string;
  timeoutMs: number;
  maxInFlight: number;
  maxInFlightPerSubscription: number;
  retryMinMs: number;
  retryMaxMs: number;
  parkAfterMs: number;
}

export function deliverySettingsOf(config: VnfmConfig): DeliverySettings {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return {
    publicUrl: (config.publicUrl ?? `http://${host}:${config.port}`).replace(/\/+$/, ''),
    timeoutMs: config.notifyTimeoutMs,
    maxInFlight: config.notifyMaxInFlight,
    maxInFlightPerSubscription: config.notifyMaxInFlightPerSubscription,
    retryMinMs: config.notifyRetryMinMs,
    retryMaxMs: Math.max(config.notifyRetryMaxMs, config.notifyRetryMinMs),
    parkAfterMs: config.notifyParkAfterMs,
  };
}
