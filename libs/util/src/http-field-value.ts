const isLineBreak = (code: number) => code === 0x0a || code === 0x0d;
const isControl = (code: number) => (code < 0x20 && code !== 0x09) || code === 0x7f;

/**
 * Why a text cannot be (part of) an HTTP header field value, or undefined
 * when it can: RFC 9110 §5.5 allows HTAB, SP, visible ASCII and obs-text
 * (bytes 0x80–0xFF), which is what Node's http accepts (`validateHeaderValue`).
 * The reason never quotes the text, so it is safe for a credential.
 */
export function httpFieldValueFault(text: string): string | undefined {
  const codes = Array.from(text, (char) => char.charCodeAt(0));
  if (codes.some(isLineBreak)) return 'a line break (CR or LF)';
  if (codes.some(isControl)) return 'a control character';
  if (codes.some((code) => code > 0xff)) return 'a character beyond ISO-8859-1';
  return undefined;
}
