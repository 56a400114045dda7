import { writeFile } from 'node:fs/promises';
import { crc32, deflateRawSync } from 'node:zlib';

/** One entry of a test zip; the name is written as given, so hostile names can be built. */
export interface ZipEntrySpec {
  name: string;
  data?: Buffer | string;
  method?: 'store' | 'deflate';
  /** Lie about the inflated size in both headers (zip bomb tests). */
  declaredSize?: number;
  /** Unix mode for the external attributes, e.g. 0o120777 for a symlink. */
  unixMode?: number;
}

/** Builds a zip in memory (PKWARE APPNOTE 6.3: local headers, central directory, end record). */
export function buildZip(entries: readonly ZipEntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data ?? '', 'utf8');
    const deflate = (entry.method ?? 'deflate') === 'deflate';
    const body = deflate ? deflateRawSync(data) : data;
    const size = entry.declaredSize ?? data.length;
    const fields = { method: deflate ? 8 : 0, crc: crc32(data), compressed: body.length, size };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(fields.method, 8);
    local.writeUInt32LE(fields.crc, 14);
    local.writeUInt32LE(fields.compressed, 18);
    local.writeUInt32LE(fields.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(fields.method, 10);
    central.writeUInt32LE(fields.crc, 16);
    central.writeUInt32LE(fields.compressed, 20);
    central.writeUInt32LE(fields.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((entry.unixMode ?? (entry.name.endsWith('/') ? 0o40755 : 0o100644)) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export async function writeZip(path: string, entries: readonly ZipEntrySpec[]): Promise<string> {
  await writeFile(path, buildZip(entries));
  return path;
}
