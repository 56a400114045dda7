/**
 * Secrets recognised by their VALUE, whatever the key they sit under:
 * - the password of a URL's user-info (RFC 3986 §3.2.1 deprecates it, yet
 *   proxy settings carry it: `http://user1:password1@host1:port1`). Matched
 *   with a pattern, not WHATWG `URL`, which refuses such non-numeric ports;
 *   the user name is kept (it is not a secret), the password is masked;
 * - a PEM private-key block (RFC 7468 §10–11, any `... PRIVATE KEY` label),
 *   masked from BEGIN to END, or to the end of the text when END is missing;
 * - a whole value that is HTTP credentials (RFC 7235 §2.1): `Bearer <token68>`,
 *   or `Basic <base64 of user:password>` (the decoded ':' keeps "Basic setup"
 *   and other prose from being taken for one).
 */
const URL_USER_INFO = /([a-z][a-z0-9+.-]*:\/\/[^\s:@/?#]*:)[^\s/?#]*@/gi;
const PEM_PRIVATE_KEY = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g;
const BEARER = /^\s*Bearer\s+[A-Za-z0-9\-._~+/]+=*\s*$/i;
const BASIC = /^\s*Basic\s+([A-Za-z0-9+/]+={0,2})\s*$/i;

/** Whether a string holds a secret recognised by its value (not its key). */
export function isSecretValue(text: string): boolean {
  return maskSecretText(text, '\u0000') !== text;
}

/**
 * The text with every value-recognised secret replaced by `mask`: the URL
 * password only (`http://user1:[REDACTED]@host1:8080`), the whole PEM block,
 * the whole HTTP credentials value. Returns the same string when nothing is found.
 */
export function maskSecretText(text: string, mask: string): string {
  // Cheap guards first: the logger calls this for every string it writes.
  let out = text;
  if (out.includes('://') && out.includes('@')) out = out.replace(URL_USER_INFO, (_all, head: string) => `${head}${mask}@`);
  if (out.includes('PRIVATE KEY-----')) out = out.replace(PEM_PRIVATE_KEY, mask);
  if (out !== text) return out;
  return isCredentials(text) ? mask : text;
}

function isCredentials(text: string): boolean {
  // Both schemes start with a 'b' (case-insensitive): most strings stop here, without a copy.
  const first = text.charCodeAt(0);
  if ((first | 0x20) !== 0x62 && (first > 0x20 || (text.trimStart().charCodeAt(0) | 0x20) !== 0x62)) return false;
  if (BEARER.test(text)) return true;
  const basic = BASIC.exec(text);
  return basic !== null && isUserPassword(basic[1]);
}

/** Whether base64 decodes to `user:password`, as the credentials of the Basic scheme (RFC 7617 §2) do. */
export const isUserPassword = (base64: string): boolean => Buffer.from(base64, 'base64').toString('utf8').includes(':');

/**
 * Replaces every occurrence of known secret values (a process's own keys, a
 * session's passwords) by `mask`, longest first (a secret holding a shorter
 * one is masked whole). Empty values are ignored: they would match everywhere
 * and hide nothing.
 */
export class KnownSecrets {
  private readonly values: string[];

  constructor(
    values: readonly string[],
    private readonly mask: string,
  ) {
    this.values = [...new Set(values.filter((value) => value.length > 0))].sort((a, b) => b.length - a.length);
  }

  /** The longest secret's length: how far a cut of a text may split one. */
  get longest(): number {
    return this.values[0]?.length ?? 0;
  }

  apply(text: string): string {
    let masked = text;
    for (const value of this.values) if (masked.includes(value)) masked = masked.split(value).join(this.mask);
    return masked;
  }
}
