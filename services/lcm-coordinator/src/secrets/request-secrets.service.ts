import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@vnfm/contracts';
import { DataKeyMissingError, OwnerSecrets, keyRingAt, SealedValueError } from '@vnfm/crypto';
import { refuseSealedMarkers } from '@vnfm/lcm-domain';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';

/**
 * The secrets of LCM requests under each VNF instance's own data key
 * (`<data>/lcm-coordinator/data-keys/vnfi-<id>.key`): sealed at intake,
 * before any event, log line, reply or bus message holds them; opened in
 * memory for the running step that asks; destroyed with the instance.
 */
@Injectable()
export class RequestSecrets {
  private readonly secrets: OwnerSecrets;

  constructor(@Inject(SERVICE_RUNTIME) runtime: ServiceRuntime) {
    this.secrets = new OwnerSecrets(keyRingAt(runtime.config, 'lcm-coordinator'));
  }

  /** A client's request body with every secret sealed; client input holding a marker is refused (400). Paths are relative to `body`. */
  seal<T>(vnfInstanceId: string, body: T): Promise<T> {
    refuseSealedMarkers(body);
    return this.secrets.seal(vnfInstanceId, body);
  }

  /** `value`, sitting at `root` of a request body of the instance, with its secrets opened. */
  async open<T>(vnfInstanceId: string, value: T, root: string): Promise<T> {
    try {
      return await this.secrets.open(vnfInstanceId, value, root);
    } catch (error) {
      if (error instanceof DataKeyMissingError)
        throw secretsUnavailable(vnfInstanceId, 'its data key no longer exists (the instance was deleted)');
      if (error instanceof SealedValueError)
        throw secretsUnavailable(vnfInstanceId, 'a sealed value does not belong at its place (moved, of another instance, or forged)');
      throw error;
    }
  }

  /** Crypto-shredding at deletion: every copy of the instance's sealed secrets becomes unreadable. */
  destroy(vnfInstanceId: string): Promise<boolean> {
    return this.secrets.destroy(vnfInstanceId);
  }
}

const secretsUnavailable = (vnfInstanceId: string, why: string) =>
  new AppError(
    'SEALED_SECRETS_NOT_OPENABLE',
    422,
    'Unprocessable Entity',
    `The secrets of VNF instance ${vnfInstanceId} cannot be opened: ${why}.`,
  );
