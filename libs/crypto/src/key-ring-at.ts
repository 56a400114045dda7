import { join, resolve } from 'node:path';
import { EnvelopeKeyRing } from './envelope-key-ring';
import { FileDataKeyStore } from './file-data-key.store';
import { loadMasterKey } from './master-key';

/**
 * A service's envelope key ring: its data keys under `<dataDir>/<owner>/data-keys`,
 * wrapped by the one master key (`VNFM_MASTER_KEY`, else `<dataDir>/master.key`).
 */
export function keyRingAt(config: { dataDir: string; masterKey?: string }, owner: string): EnvelopeKeyRing {
  const dataDir = resolve(config.dataDir);
  const masterKey = loadMasterKey({ configured: config.masterKey, keyFile: join(dataDir, 'master.key') });
  return new EnvelopeKeyRing(masterKey, new FileDataKeyStore(join(dataDir, owner, 'data-keys')));
}
