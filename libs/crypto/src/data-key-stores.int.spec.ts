import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { quoteIdentifier } from '@vnfm/postgres';
import { ensurePostgres } from '../../../e2e/support/postgres';
import { DataKeyExistsError, FileDataKeyStore, type DataKeyStore } from './file-data-key.store';
import { PostgresDataKeyStore } from './postgres-data-key.store';

jest.setTimeout(60_000);

const dir = mkdtempSync(join(tmpdir(), 'vnfm-data-keys-'));
const schemas: string[] = [];
let pool: Pool | undefined;
const postgres = async () => (pool ??= new Pool({ connectionString: await ensurePostgres(), max: 4 }));
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  for (const schema of schemas) await pool?.query(`DROP SCHEMA IF EXISTS ${quoteIdentifier(schema)} CASCADE`);
  await pool?.end();
});

/** Two handles on one place, as two replicas (or two processes) of the owner would hold. */
const places: [string, () => Promise<[DataKeyStore, DataKeyStore]>][] = [
  [
    'files',
    async () => {
      const folder = join(dir, randomUUID());
      return [new FileDataKeyStore(folder), new FileDataKeyStore(folder)];
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const schema = `keys_${randomUUID().slice(0, 8)}`;
      schemas.push(schema);
      return [new PostgresDataKeyStore(await postgres(), schema), new PostgresDataKeyStore(await postgres(), schema)];
    },
  ],
];

describe.each(places)('data keys in %s', (_, open) => {
  it('stores a wrapped key once, shows it to the other handle, refuses to replace it, and deletes it for both', async () => {
    const [one, other] = await open();
    const wrapped = { masterKeyId: 'mk-1', wrappedKey: 'd3JhcHBlZA==' };
    await one.create('vim-1', wrapped);
    expect(await other.get('vim-1')).toEqual(wrapped);
    await expect(other.create('vim-1', { masterKeyId: 'mk-2', wrappedKey: 'b3RoZXI=' })).rejects.toBeInstanceOf(DataKeyExistsError);
    expect(await one.get('vim-1')).toEqual(wrapped);
    await one.create('vim-2', wrapped);
    expect((await other.keyIds()).sort()).toEqual(['vim-1', 'vim-2']);
    expect(await other.delete('vim-1')).toBe(true);
    expect(await one.get('vim-1')).toBeUndefined();
    expect(await one.delete('vim-1')).toBe(false);
    expect(await one.keyIds()).toEqual(['vim-2']);
  });

  it('lets two handles create their tables or folders at once', async () => {
    const [one, other] = await open();
    await Promise.all([one.create('a', { masterKeyId: 'm', wrappedKey: 'a' }), other.create('b', { masterKeyId: 'm', wrappedKey: 'b' })]);
    expect((await one.keyIds()).sort()).toEqual(['a', 'b']);
  });
});
