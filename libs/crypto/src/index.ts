export { seal, open, SealedValueError } from './aes-gcm';
export { MasterKey, loadKeyBytes } from './master-key';
export { FileDataKeyStore } from './file-data-key.store';
export { EnvelopeKeyRing, DataKeyMissingError } from './envelope-key-ring';
export { OwnerSecrets, SECRET_OWNERS } from './owner-secrets';
export { keyRingAt, type KeyRingConfig } from './key-ring-at';
