export { redact, isSecretKey, REDACTED } from './redact';
