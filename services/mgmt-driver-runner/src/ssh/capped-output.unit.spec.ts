import { CappedOutput } from './capped-output';
import { shellQuote } from './remote-shell';
import { SecretMask } from './secret-mask';

describe('CappedOutput and SecretMask', () => {
  const none = new SecretMask([]);

  it('keeps output under the cap whole, across chunk and UTF-8 character boundaries', () => {
    const output = new CappedOutput(64);
    const text = 'ünïcödé ✓ ok';
    const bytes = Buffer.from(text);
    for (let i = 0; i < bytes.length; i++) output.write(bytes.subarray(i, i + 1));
    expect(output.text(none)).toBe(text);
  });

  it('keeps the head and the tail of a longer output and says how many bytes were cut', () => {
    const output = new CappedOutput(20);
    output.write(Buffer.from('HEAD-0123456789'));
    for (let i = 0; i < 100; i++) output.write(Buffer.from('.'));
    output.write(Buffer.from('9876543210-TAIL'));
    expect(output.text(none)).toBe('HEAD-01234\n[... 110 bytes of output cut ...]\n43210-TAIL');
  });

  it('masks secrets, the longest first, and shows no part of one split by the cut', () => {
    const mask = new SecretMask(['pass', 'password-1', '']);
    expect(mask.apply('a password-1 and a pass')).toBe('a [SECRET] and a [SECRET]');
    const output = new CappedOutput(20);
    // The secret straddles the cut: 'passw' ends the head, 'ord-1' starts what the tail would keep.
    output.write(Buffer.from(`12345passw${'x'.repeat(50)}ord-1abcde`));
    const shown = output.text(mask);
    expect(shown).not.toMatch(/pass|ord-1/);
    expect(shown).toBe('1\n[... 68 bytes of output cut ...]\ne');
  });

  it('quotes any argument as one POSIX shell word and refuses NUL', () => {
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    expect(shellQuote('')).toBe("''");
    expect(() => shellQuote('a\0b')).toThrow('NUL');
  });
});
