import { httpFieldValueFault } from '@vnfm/util';
import type { JsonObject, Problems } from './validation';

/** RFC 5234 CTL: %x00-1F and %x7F (HTAB included). */
const hasControl = (text: string) => Array.from(text).some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/**
 * A Kubernetes bearer token travels as `Authorization: Bearer <token>`: one
 * an HTTP header cannot carry (a line break, say) would fail every request,
 * so it is refused up front. The problem never quotes the token.
 */
export function checkBearerToken(token: unknown, path: string, problems: Problems): void {
  const fault = typeof token === 'string' ? httpFieldValueFault(token) : undefined;
  if (fault)
    problems.add(
      `${path} holds ${fault}, which an HTTP header cannot carry (it is sent as "Authorization: Bearer <token>"); give the token without it.`,
    );
}

/** HTTP Basic credentials (RFC 7617 §2): no control characters in either, no ":" in the user-id. Never quotes them. */
export function checkBasicCredentials(access: JsonObject, path: string, problems: Problems): void {
  if (typeof access.username === 'string' && access.username.includes(':'))
    problems.add(`${path}.username must not contain ":" (HTTP Basic, RFC 7617 §2).`);
  for (const key of ['username', 'password']) {
    const value = access[key];
    if (typeof value === 'string' && hasControl(value))
      problems.add(
        `${path}.${key} holds a line break or another control character, which HTTP Basic credentials cannot carry (RFC 7617 §2).`,
      );
  }
}
