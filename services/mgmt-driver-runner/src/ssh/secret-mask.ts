import { KnownSecrets } from '@vnfm/util';

/** What every captured output and error of a session shows in place of a secret value. */
export const SECRET_MASK = '[SECRET]';

/** The session's secret values, masked by [SECRET] in every captured output and error. */
export class SecretMask extends KnownSecrets {
  constructor(secrets: readonly string[]) {
    super(secrets, SECRET_MASK);
  }
}
