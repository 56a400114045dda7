export { redact, isSecretKey, REDACTED } from './redact';
export { RecentlyUsed } from './recently-used';
export { exceedsJsonDepth } from './json-depth';
export { deepFreeze } from './deep-freeze';
export { isSecretValue, maskSecretText } from './secret-values';
export { textRedactor, redactText } from './secret-text';
export { isSealedMarker, toSealedMarker, sealedBody, SEALED_PREFIX, SECRET_SHOWN } from './sealed-marker';
export {
  findSecrets,
  containsSealedMarker,
  sealSecrets,
  openSecrets,
  showSecrets,
  SecretScanDepthError,
  type FoundSecret,
  type SealOne,
  type OpenOne,
} from './request-secrets';
export { cappedText, causeOf } from './http-read';
export { exchange, answerMessage, VimConnectionError, VIM_REQUEST_TIMEOUT_MS, type HttpExchange, type HttpAnswer } from './http-exchange';
export { requestOidcIdToken, type OidcPasswordGrant } from './oidc-password-grant';
export { typeScriptWorkerCode } from './typescript-worker';
export { CallbackPolicy, DEFAULT_DENIED_CIDRS, type CallbackPolicyOptions } from './callback-policy';
export { CallbackClients, type CallbackTlsConfig } from './callback-clients';
export { requestClientCredentialsToken, TokenRequestError, type ClientCredentials } from './client-credentials';
