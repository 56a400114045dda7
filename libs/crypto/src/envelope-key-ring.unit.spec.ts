import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataKeyMissingError, EnvelopeKeyRing } from './envelope-key-ring';
import { DataKeyExistsError, FileDataKeyStore } from './file-data-key.store';
import { MasterKey } from './master-key';

describe('envelope key ring over a file data-key store', () => {
  let dir: string;
  let ring: EnvelopeKeyRing;
  const master = MasterKey.fromBytes(randomBytes(32));
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'vnfm-keyring-'));
    ring = new EnvelopeKeyRing(master, new FileDataKeyStore(join(dir, 'data-keys')));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('seals and opens a secret with the owner data key, kept wrapped in a 0600 file', async () => {
    await ring.create('vim-1');
    const sealed = await ring.seal('vim-1', 'mySecretPW', 'password');
    expect(await ring.open('vim-1', sealed, 'password')).toBe('mySecretPW');
    const file = join(dir, 'data-keys', 'vim-1.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'data-keys')).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      version: 1,
      keyId: 'vim-1',
      masterKeyId: master.id,
      wrappedKey: expect.stringMatching(/^v1\./),
    });
  });

  it('makes every sealed copy unreadable once the data key is destroyed (crypto-shredding)', async () => {
    await ring.create('vim-1');
    const sealed = await ring.seal('vim-1', 'mySecretPW', 'password');
    expect(await ring.destroy('vim-1')).toBe(true);
    expect(existsSync(join(dir, 'data-keys', 'vim-1.key'))).toBe(false);
    await expect(ring.open('vim-1', sealed, 'password')).rejects.toThrow(DataKeyMissingError);
    expect(await ring.destroy('vim-1')).toBe(false);
    expect(readdirSync(join(dir, 'data-keys'))).toEqual([]);
  });

  it('keeps one data key per owner: a secret of one VIM does not open with another', async () => {
    await ring.create('vim-1');
    await ring.create('vim-2');
    await expect(ring.create('vim-1')).rejects.toThrow(DataKeyExistsError);
    const sealed = await ring.seal('vim-1', 'token', 'bearer_token');
    await expect(ring.open('vim-2', sealed, 'bearer_token')).rejects.toThrow('failed authentication');
    await expect(ring.open('vim-1', sealed, 'password')).rejects.toThrow('failed authentication');
    expect((await ring.keyIds()).sort()).toEqual(['vim-1', 'vim-2']);
  });

  it('names the master key when a data key was wrapped by another one', async () => {
    await ring.create('vim-1');
    const other = new EnvelopeKeyRing(MasterKey.fromBytes(randomBytes(32)), new FileDataKeyStore(join(dir, 'data-keys')));
    await expect(other.seal('vim-1', 'x', 'password')).rejects.toThrow(`wrapped by master key ${master.id}`);
  });

  it('refuses key ids that could escape the key folder', async () => {
    await expect(ring.create('../escape')).rejects.toThrow('invalid data key id');
  });
});
