import { REDACTED } from './redact';
import { redactText, textRedactor } from './secret-text';

const R = REDACTED;

describe('redactText: secrets in free text (log messages, error messages and stacks)', () => {
  it('masks what redact masks by value: URL passwords and PEM private keys inside the text', () => {
    expect(redactText('via http://u1:pw1@h1:3128 and\n-----BEGIN EC PRIVATE KEY-----\nMHcC\n-----END EC PRIVATE KEY-----\nend')).toBe(
      `via http://u1:${R}@h1:3128 and\n${R}\nend`,
    );
  });

  it('masks credentials after their scheme anywhere in the text, Basic only when it decodes to user:password', () => {
    const basic = Buffer.from('admin:pw').toString('base64');
    expect(redactText(`401 for Bearer abc.DEF-123_x~y+z/= then Basic ${basic}, not Basic setup`)).toBe(
      `401 for Bearer ${R} then Basic ${R}, not Basic setup`,
    );
  });

  it('masks the value after a secret-named key in query strings, headers, JSON and YAML, keeping its quotes', () => {
    expect(redactText('POST /cb?client_secret=s3c&state=ok')).toBe(`POST /cb?client_secret=${R}&state=ok`);
    expect(redactText('X-Auth-Token: gAAAAB; Accept: json')).toBe(`X-Auth-Token: ${R}; Accept: json`);
    expect(redactText('Authorization: Bearer tok')).toBe(`Authorization: ${R}`);
    expect(redactText('{"username":"u","password":"p\\"w","port":22}')).toBe(`{"username":"u","password":"${R}","port":22}`);
    expect(redactText("ansible: {ssh_pass: 'x y', user: u}")).toBe(`ansible: {ssh_pass: '${R}', user: u}`);
    expect(redactText('vim_password = hunter2 was refused')).toBe(`vim_password = ${R} was refused`);
  });

  it('looks into the value of a key that is no secret: a token in a URL query is masked', () => {
    expect(redactText('callback=https://h/cb?access_token=abc&x=1 failed')).toBe(`callback=https://h/cb?access_token=${R}&x=1 failed`);
  });

  it('keeps sealed markers, plain prose and text without secrets as they are, and masking twice changes nothing', () => {
    const marker = 'sealed:v1:v1.aXY.Ym9keQ.dGFn';
    const plain = 'user nfv_user reached https://vim:5000/v3 at 12:30; 2 tokens issued, the password is set';
    expect(redactText(`password=${marker}`)).toBe(`password=${marker}`);
    expect(redactText(plain)).toBe(plain);
    const once = redactText('password=a token: b Bearer c {"secret":"d"}');
    expect(redactText(once)).toBe(once);
  });

  it('masks every occurrence of the known values, the longest first', () => {
    const mask = textRedactor(['admin-token-0123456789', 'admin-token', '']);
    expect(mask('tokens admin-token-0123456789 and admin-token, not admin')).toBe(`tokens ${R} and ${R}, not admin`);
  });
});
