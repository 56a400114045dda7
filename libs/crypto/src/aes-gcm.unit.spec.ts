import { randomBytes } from 'node:crypto';
import { open, seal, SealedValueError } from './aes-gcm';

describe('AES-256-GCM seal/open', () => {
  const key = randomBytes(32);
  const secret = Buffer.from('mySecretPW');

  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const sealed = seal(key, secret, 'vim-1:password');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('mySecretPW');
    expect(Buffer.from(sealed.split('.')[2], 'base64url').toString()).not.toContain('mySecretPW');
    expect(open(key, sealed, 'vim-1:password').toString()).toBe('mySecretPW');
  });

  it('uses a fresh IV for every seal', () => {
    expect(seal(key, secret, 'c')).not.toBe(seal(key, secret, 'c'));
  });

  it('refuses another context, another key, and tampered bytes', () => {
    const sealed = seal(key, secret, 'vim-1:password');
    expect(() => open(key, sealed, 'vim-2:password')).toThrow(SealedValueError);
    expect(() => open(randomBytes(32), sealed, 'vim-1:password')).toThrow(SealedValueError);
    const [format, iv, body, tag] = sealed.split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    expect(() => open(key, [format, iv, flipped.toString('base64url'), tag].join('.'), 'vim-1:password')).toThrow('failed authentication');
    expect(() => open(key, 'plain-text', 'vim-1:password')).toThrow('not a sealed value');
  });

  it('refuses keys that are not 256 bits', () => {
    expect(() => seal(randomBytes(16), secret, 'c')).toThrow('32-byte key');
  });
});
