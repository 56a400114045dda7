export { redact, isSecretKey, REDACTED } from './redact';
export { RecentlyUsed } from './recently-used';
export { exceedsJsonDepth } from './json-depth';
export { deepFreeze } from './deep-freeze';
