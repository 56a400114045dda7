import { validateHeaderValue } from 'node:http';
import { httpFieldValueFault } from './http-field-value';

/** What Node's own check says of the value, as `Bearer <text>` in an Authorization header. */
const nodeAccepts = (text: string) => {
  try {
    validateHeaderValue('authorization', `Bearer ${text}`);
    return true;
  } catch {
    return false;
  }
};

describe('httpFieldValueFault', () => {
  it.each([
    ['a token68', 'eyJhbGciOi.J9-_~+/==', undefined],
    ['a tab and obs-text', 'a\tb é', undefined],
    ['a trailing LF', 'abc\n', 'a line break (CR or LF)'],
    ['a CRLF and a header after it', 'abc\r\nX-Injected: 1', 'a line break (CR or LF)'],
    ['a NUL', 'a\u0000b', 'a control character'],
    ['a DEL', 'a\u007fb', 'a control character'],
    ['a character beyond Latin-1', 'a\u0100b', 'a character beyond ISO-8859-1'],
  ])('%s: %s', (_case, text, fault) => {
    expect(httpFieldValueFault(text)).toBe(fault);
    expect(nodeAccepts(text)).toBe(fault === undefined);
  });

  it('agrees with Node on every single character up to U+0200', () => {
    for (let code = 0; code <= 0x200; code++) {
      const text = `a${String.fromCharCode(code)}b`;
      expect([code, httpFieldValueFault(text) === undefined]).toEqual([code, nodeAccepts(text)]);
    }
  });
});
