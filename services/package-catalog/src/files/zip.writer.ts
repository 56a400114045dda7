import { crc32, deflateRawSync } from 'node:zlib';

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const VERSION = 20;
const UTF8_NAMES = 0x0800;
const DEFLATE = 8;
// 1980-01-01 00:00 in MS-DOS format: a fixed time keeps the zip of the same files byte-identical.
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

/**
 * A small zip (PKWARE APPNOTE 6.3.9 §4.3: local headers, central directory,
 * end record; no ZIP64) of a few small files, such as the VNFD files of a
 * package. Entries are deflated and written in the order given.
 */
export function zipFiles(files: readonly { path: string; data: Buffer }[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.path, 'utf8');
    const body = deflateRawSync(file.data);
    // The fields local and central headers share, from "version needed" to "extra field length".
    const shared = Buffer.alloc(26);
    shared.writeUInt16LE(VERSION, 0);
    shared.writeUInt16LE(UTF8_NAMES, 2);
    shared.writeUInt16LE(DEFLATE, 4);
    shared.writeUInt16LE(DOS_DATE, 8);
    shared.writeUInt32LE(crc32(file.data), 10);
    shared.writeUInt32LE(body.length, 14);
    shared.writeUInt32LE(file.data.length, 18);
    shared.writeUInt16LE(name.length, 22);
    const local = Buffer.concat([uint32(LOCAL_HEADER), shared, name]);
    // Comment length, disk number, attributes: zero; then the offset of the local header.
    const tail = Buffer.alloc(14);
    tail.writeUInt32LE(offset, 10);
    central.push(Buffer.concat([uint32(CENTRAL_HEADER), uint16(VERSION), shared, tail, name]));
    parts.push(local, body);
    offset += local.length + body.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

function uint32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32LE(value, 0);
  return out;
}

function uint16(value: number): Buffer {
  const out = Buffer.alloc(2);
  out.writeUInt16LE(value, 0);
  return out;
}
