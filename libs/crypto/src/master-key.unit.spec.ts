import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadKeyBytes, loadMasterKey, MasterKey, MasterKeyError } from './master-key';

describe('master key', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'vnfm-master-key-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates <data>/master.key with mode 0600 on first start and reuses it afterwards', () => {
    const keyFile = join(dir, 'data', 'master.key');
    const first = loadMasterKey({ keyFile });
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'data')).mode & 0o777).toBe(0o700);
    expect(Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64')).toHaveLength(32);
    expect(loadMasterKey({ keyFile }).id).toBe(first.id);
  });

  it('takes VNFM_MASTER_KEY over the key file', () => {
    const configured = randomBytes(32);
    const key = loadMasterKey({ configured: configured.toString('base64'), keyFile: join(dir, 'master.key') });
    expect(key.id).toBe(MasterKey.fromBytes(configured).id);
    expect(() => statSync(join(dir, 'master.key'))).toThrow();
  });

  it('refuses a configured key that is not 32 base64 bytes, without echoing it', () => {
    const attempt = () => loadMasterKey({ configured: 'c2hvcnQtc2VjcmV0', keyFile: join(dir, 'master.key') });
    expect(attempt).toThrow(MasterKeyError);
    expect(attempt).toThrow('VNFM_MASTER_KEY must be the base64 encoding of exactly 32 random bytes');
    expect(attempt).not.toThrow(/c2hvcnQtc2VjcmV0/);
  });

  it('loads any named 32-byte key the same way, naming it in its messages (the bus key)', () => {
    const keyFile = join(dir, 'bus.key');
    const source = { keyFile, variable: 'VNFM_BUS_KEY', label: 'bus key' };
    const created = loadKeyBytes(source);
    expect(created).toHaveLength(32);
    expect(loadKeyBytes(source).equals(created)).toBe(true);
    expect(() => loadKeyBytes({ ...source, configured: 'bm90LWEta2V5' })).toThrow(
      'VNFM_BUS_KEY must be the base64 encoding of exactly 32 random bytes',
    );
    chmodSync(keyFile, 0o640);
    expect(() => loadKeyBytes(source)).toThrow(`bus key file ${keyFile} is accessible by other users (mode 640)`);
  });

  it('refuses a key file other users can read', () => {
    const keyFile = join(dir, 'master.key');
    writeFileSync(keyFile, randomBytes(32).toString('base64'), { mode: 0o600 });
    chmodSync(keyFile, 0o644);
    expect(() => loadMasterKey({ keyFile })).toThrow('accessible by other users (mode 644)');
  });

  it('wraps a data key so that only the same master key and key id unwrap it', () => {
    const master = MasterKey.fromBytes(randomBytes(32));
    const dataKey = randomBytes(32);
    const wrapped = master.wrap(dataKey, 'vim-a');
    expect(master.unwrap(wrapped, 'vim-a').equals(dataKey)).toBe(true);
    expect(() => master.unwrap(wrapped, 'vim-b')).toThrow();
    expect(() => MasterKey.fromBytes(randomBytes(32)).unwrap(wrapped, 'vim-a')).toThrow();
  });
});
