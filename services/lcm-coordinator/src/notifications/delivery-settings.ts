import { publicUrlOf, type VnfmConfig } from '@vnfm/config';

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
  return {
    publicUrl: publicUrlOf(config),
    timeoutMs: config.notifyTimeoutMs,
    maxInFlight: config.notifyMaxInFlight,
    maxInFlightPerSubscription: config.notifyMaxInFlightPerSubscription,
    retryMinMs: config.notifyRetryMinMs,
    retryMaxMs: Math.max(config.notifyRetryMaxMs, config.notifyRetryMinMs),
    parkAfterMs: config.notifyParkAfterMs,
  };
}
