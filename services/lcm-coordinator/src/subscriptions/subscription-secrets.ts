import { Inject, Injectable } from '@nestjs/common';
import { keyRingAt, OwnerSecrets, SECRET_OWNERS } from '@vnfm/crypto';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';

/**
 * The secrets of a subscription's `authentication` (SOL 013 §8.3.4:
 * paramsBasic.password, paramsOauth2ClientCredentials.clientPassword) under
 * the subscription's own data key (`<data>/lcm-coordinator/data-keys/lccns-<id>.key`),
 * sealed before any event holds them, opened only to call the subscriber,
 * shredded when the subscription is deleted.
 */
@Injectable()
export class SubscriptionSecrets extends OwnerSecrets {
  constructor(@Inject(SERVICE_RUNTIME) runtime: ServiceRuntime) {
    super(keyRingAt(runtime.config, 'lcm-coordinator'), SECRET_OWNERS.lccnSubscription);
  }
}
