export { seal, open, SealedValueError, KEY_BYTES } from './aes-gcm';
export { MasterKey, MasterKeyError, loadMasterKey, loadKeyBytes, type MasterKeySource, type KeySource } from './master-key';
export { FileDataKeyStore, DataKeyExistsError, type DataKeyStore, type WrappedDataKey } from './file-data-key.store';
export { EnvelopeKeyRing, DataKeyMissingError } from './envelope-key-ring';
export { OwnerSecrets, SECRET_OWNERS } from './owner-secrets';
export { keyRingAt } from './key-ring-at';
