import { Inject, Injectable } from '@nestjs/common';
import { DataKeyExistsError, keyRingAt, type EnvelopeKeyRing } from '@vnfm/crypto';
import type { SubscriptionAuthentication } from '@vnfm/lcm-domain';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { sealedBody, toSealedMarker } from '@vnfm/util';

// Prefixed so subscription keys never collide with VNF instance keys (`vnfi-`) in the coordinator's key store.
const keyIdOf = (subscriptionId: string) => `lccns-${subscriptionId}`;

/**
 * The secrets of a subscription's `authentication` (SOL 013 §8.3.4:
 * paramsBasic.password, paramsOauth2ClientCredentials.clientPassword) under
 * the subscription's own data key (`<data>/lcm-coordinator/data-keys/lccns-<id>.key`),
 * sealed before any event holds them, opened only to call the subscriber,
 * shredded when the subscription is deleted.
 */
@Injectable()
export class SubscriptionSecrets {
  private readonly keyRing: EnvelopeKeyRing;

  constructor(@Inject(SERVICE_RUNTIME) runtime: ServiceRuntime) {
    this.keyRing = keyRingAt(runtime.config, 'lcm-coordinator');
  }

  seal(subscriptionId: string, authentication: SubscriptionAuthentication): Promise<SubscriptionAuthentication> {
    return this.rewrite(authentication, async (value, field) => {
      await this.ensureKey(keyIdOf(subscriptionId));
      return toSealedMarker(await this.keyRing.seal(keyIdOf(subscriptionId), value, field));
    });
  }

  open(subscriptionId: string, authentication: SubscriptionAuthentication): Promise<SubscriptionAuthentication> {
    return this.rewrite(authentication, (marker, field) => this.keyRing.open(keyIdOf(subscriptionId), sealedBody(marker), field));
  }

  /** Crypto-shredding: every sealed copy of the subscription's secrets becomes unreadable. Idempotent. */
  destroy(subscriptionId: string): Promise<boolean> {
    return this.keyRing.destroy(keyIdOf(subscriptionId));
  }

  /** The field name is authenticated with each value, so a password never opens as another field. */
  private async rewrite(auth: SubscriptionAuthentication, change: (value: string, field: string) => Promise<string>): Promise<SubscriptionAuthentication> {
    const result: SubscriptionAuthentication = { ...auth };
    if (auth.paramsBasic?.password !== undefined) result.paramsBasic = { ...auth.paramsBasic, password: await change(auth.paramsBasic.password, 'paramsBasic.password') };
    const oauth = auth.paramsOauth2ClientCredentials;
    if (oauth) result.paramsOauth2ClientCredentials = { ...oauth, clientPassword: await change(oauth.clientPassword, 'paramsOauth2ClientCredentials.clientPassword') };
    return result;
  }

  private async ensureKey(keyId: string): Promise<void> {
    if (await this.keyRing.has(keyId)) return;
    try {
      await this.keyRing.create(keyId);
    } catch (error) {
      if (!(error instanceof DataKeyExistsError)) throw error;
    }
  }
}
