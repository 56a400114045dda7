export { seal, open, SealedValueError, KEY_BYTES } from './aes-gcm';
export { MasterKey, MasterKeyError, loadMasterKey, type MasterKeySource } from './master-key';
export { FileDataKeyStore, DataKeyExistsError, type DataKeyStore, type WrappedDataKey } from './file-data-key.store';
export { EnvelopeKeyRing, DataKeyMissingError } from './envelope-key-ring';
