/**
 * How a sealed secret is written in place of its value: `sealed:v1:<body>`,
 * the body being the cipher's own text (base64url parts joined by dots).
 * The strict shape keeps ordinary text from being taken for a marker; a
 * client that sends marker-shaped text is refused at the edge
 * (`containsSealedMarker`), and a forged marker never opens (AES-GCM
 * authenticates it).
 */
const SEALED_PREFIX = 'sealed:v1:';
const MARKER = /^sealed:v1:[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+$/;

/** What views, audit entries and logs show where a secret was given. */
export const SECRET_SHOWN = '[SECRET]';

export function isSealedMarker(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(SEALED_PREFIX) && MARKER.test(value);
}

export function toSealedMarker(body: string): string {
  const marker = `${SEALED_PREFIX}${body}`;
  if (!MARKER.test(marker)) throw new Error('a sealed body must be base64url parts joined by dots');
  return marker;
}

export function sealedBody(marker: string): string {
  return marker.slice(SEALED_PREFIX.length);
}
