export { redact, isSecretKey, REDACTED } from './redact';
export { RecentlyUsed } from './recently-used';
export { exceedsJsonDepth } from './json-depth';
export { deepFreeze } from './deep-freeze';
export { isSecretValue, maskSecretText } from './secret-values';
export { isSealedMarker, toSealedMarker, sealedBody, SEALED_PREFIX, SECRET_SHOWN } from './sealed-marker';
export { findSecrets, containsSealedMarker, sealSecrets, openSecrets, showSecrets, SecretScanDepthError, type FoundSecret, type SealOne, type OpenOne } from './request-secrets';
export { cappedText, causeOf } from './http-read';
export { typeScriptWorkerCode } from './typescript-worker';
