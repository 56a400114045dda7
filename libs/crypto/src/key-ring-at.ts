import { join, resolve } from 'node:path';
import { schemaOf, sharedPool } from '@vnfm/postgres';
import { EnvelopeKeyRing } from './envelope-key-ring';
import { FileDataKeyStore, type DataKeyStore } from './file-data-key.store';
import { loadMasterKey } from './master-key';
import { PostgresDataKeyStore } from './postgres-data-key.store';

export interface KeyRingConfig {
  dataDir: string;
  masterKey?: string;
  eventStore?: string;
  eventStoreUrl?: string;
}

/**
 * A service's envelope key ring, wrapped by the one master key (`VNFM_MASTER_KEY`,
 * else `<dataDir>/master.key`). Its data keys live beside its events: in the
 * service's PostgreSQL schema with `VNFM_EVENT_STORE=postgres` (every replica
 * sees them), else under `<dataDir>/<owner>/data-keys`.
 */
export function keyRingAt(config: KeyRingConfig, owner: string): EnvelopeKeyRing {
  const dataDir = resolve(config.dataDir);
  const masterKey = loadMasterKey({ configured: config.masterKey, keyFile: join(dataDir, 'master.key') });
  const store: DataKeyStore =
    config.eventStore === 'postgres' && config.eventStoreUrl
      ? new PostgresDataKeyStore(sharedPool(config.eventStoreUrl), schemaOf(owner))
      : new FileDataKeyStore(join(dataDir, owner, 'data-keys'));
  return new EnvelopeKeyRing(masterKey, store);
}
