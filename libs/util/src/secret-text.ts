import { isSecretKey, REDACTED } from './redact';
import { isSealedMarker } from './sealed-marker';
import { isUserPassword, KnownSecrets, maskSecretText } from './secret-values';

/** HTTP credentials after their scheme anywhere in a text (RFC 7235 §2.1): `Bearer <token68>`, `Basic <base64>`. */
const CREDENTIALS = /\b(Bearer|Basic)(\s+)([A-Za-z0-9\-._~+/]+=*)/gi;
/** A key written into a text with its value: `key=value`, `key: value`, `"key": "value"`. */
const NAMED_KEY = /(["']?)([A-Za-z_][\w.-]*)\1[ \t]*[:=][ \t]*/g;
/** The value after such a key: credentials with their scheme, a quoted string, or a bare word. */
const VALUE = /(?:Bearer|Basic)\s+[^\s"',;&]+|"(?:[^"\\\n]|\\.)*"|'[^'\n]*'|[^\s"',;&(){}[\]<>]+/y;
/** Every secret-named key (`isSecretKey`) and credentials scheme holds one of these; most texts have none. */
const MAYBE_NAMED = /pass|secret|token|auth|cookie|credential|private|ssl_ca_cert|bearer|basic/i;

/**
 * A masker of secrets in free text: a log message, an error's message or
 * stack. Besides what `maskSecretText` finds (URL passwords, PEM private
 * keys, a whole credentials value) it masks what people and libraries write
 * into prose: credentials after their scheme (`… Authorization: Bearer
 * <token>`), the value after a secret-named key (`password=…` in a query
 * string or command line, `token: …` in a header or YAML line, `"password":
 * "…"` in JSON), and every occurrence of the `known` values (the process's own
 * keys and tokens). Meant for logs, where masking a word too many is
 * harmless; requests and events keep the whole-value rules of `redact`, so
 * prose there ("Bearer of bad news") stays as written.
 */
export function textRedactor(known: readonly string[] = []): (text: string) => string {
  const knownSecrets = new KnownSecrets(known, REDACTED);
  return (text) => {
    let out = maskSecretText(knownSecrets.apply(text), REDACTED);
    if (!MAYBE_NAMED.test(out)) return out;
    out = out.replace(CREDENTIALS, (all, scheme: string, space: string, token: string) =>
      /^basic$/i.test(scheme) && !isUserPassword(token) ? all : `${scheme}${space}${REDACTED}`,
    );
    return maskNamedValues(out);
  };
}

/** Free text with the secrets `textRedactor` finds masked, when the process has no known values to add. */
export const redactText = textRedactor();

function maskNamedValues(text: string): string {
  let out = '';
  let done = 0;
  for (const match of text.matchAll(NAMED_KEY)) {
    if (match.index < done || !isSecretKey(match[2])) continue;
    const start = match.index + match[0].length;
    VALUE.lastIndex = start;
    const value = VALUE.exec(text)?.[0];
    if (!value || isSealedMarker(value.replace(/^(["'])(.*)\1$/, '$2'))) continue;
    const quote = /^["']/.exec(value)?.[0] ?? '';
    out += `${text.slice(done, start)}${quote}${REDACTED}${quote}`;
    done = start + value.length;
  }
  return done === 0 ? text : out + text.slice(done);
}
