import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { crc32, createInflateRaw } from 'node:zlib';
import * as yauzl from 'yauzl';
import { RATIO_CHECK_FLOOR_BYTES, type CsarLimits } from './csar-limits';
import { packagePathOf } from './entry-name';
import { PackageError } from './package.error';

export interface ZipFileEntry {
  path: string;
  compressedSize: number;
  uncompressedSize: number;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const UNIX_HOST = 3;
const UTF8_NAMES = 0x800;
const MiB = 1024 * 1024;
const READ_CHUNK_BYTES = MiB;

/**
 * A zip archive whose central directory has been checked against the limits
 * and the path rules before any byte of content is read. Content is then
 * streamed entry by entry with the same limits applied to the inflated bytes.
 */
export class ZipArchive {
  private inflatedTotal = 0;

  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly source: string | Buffer,
    private readonly limits: CsarLimits,
    private readonly byPath: Map<string, { info: ZipFileEntry; entry: yauzl.Entry }>,
    readonly directories: ReadonlySet<string>,
  ) {}

  static async open(source: string | Buffer, limits: CsarLimits, label: string): Promise<ZipArchive> {
    const options: yauzl.Options = { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: false };
    let zip: yauzl.ZipFile;
    try {
      zip = typeof source === 'string' ? await yauzl.openPromise(source, options) : await yauzl.fromBufferPromise(source, options);
    } catch (error) {
      throw new PackageError('NOT_A_ZIP', `${label} is not a readable zip archive (${(error as Error).message})`);
    }
    try {
      if (zip.entryCount > limits.maxEntries)
        throw new PackageError('TOO_LARGE', `${label} has ${zip.entryCount} entries, more than the limit of ${limits.maxEntries}`);
      const { files, directories } = await readCentralDirectory(zip, limits, label);
      return new ZipArchive(zip, source, limits, files, directories);
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  get files(): ZipFileEntry[] {
    return [...this.byPath.values()].map(({ info }) => info);
  }

  has(path: string): boolean {
    return this.byPath.has(path);
  }

  /** Streams one entry's inflated bytes to `onChunk`, enforcing the limits and the entry's CRC-32. */
  async stream(path: string, onChunk: (chunk: Buffer) => void): Promise<void> {
    const found = this.byPath.get(path);
    if (!found) throw new PackageError('MISSING_FILE', `${path} is not in the package`);
    const { info, entry } = found;
    let stream: Readable;
    try {
      stream = await this.openEntry(entry);
    } catch (error) {
      throw new PackageError('NOT_A_ZIP', `${path} cannot be read from the zip (${(error as Error).message})`);
    }
    let size = 0;
    let crc = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        size += chunk.length;
        this.inflatedTotal += chunk.length;
        const refusal = this.inflationRefusal(info, size);
        if (refusal) throw new PackageError('TOO_LARGE', refusal);
        crc = crc32(chunk, crc);
        onChunk(chunk);
      }
    } catch (error) {
      stream.destroy();
      if (error instanceof PackageError) throw error;
      throw new PackageError('NOT_A_ZIP', `${path} is corrupt in the zip (${(error as Error).message})`);
    }
    if (size !== info.uncompressedSize)
      throw new PackageError('NOT_A_ZIP', `${path} inflates to ${size} bytes, not the ${info.uncompressedSize} its header declares`);
    if (crc !== entry.crc32) throw new PackageError('NOT_A_ZIP', `${path} fails its CRC-32 check`);
  }

  async read(path: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    await this.stream(path, (chunk) => chunks.push(chunk));
    return Buffer.concat(chunks);
  }

  close(): void {
    this.zip.close();
  }

  /** The entry's bytes, read in large chunks straight from the file (yauzl only locates them). */
  private async openEntry(entry: yauzl.Entry): Promise<Readable> {
    const { fileDataStart } = await this.zip.readLocalFileHeaderPromise(entry, { minimal: true });
    const end = fileDataStart + entry.compressedSize;
    const raw =
      typeof this.source === 'string'
        ? entry.compressedSize === 0
          ? Readable.from([])
          : createReadStream(this.source, { start: fileDataStart, end: end - 1, highWaterMark: READ_CHUNK_BYTES })
        : Readable.from([this.source.subarray(fileDataStart, end)]);
    if (entry.compressionMethod === 0) return raw;
    const inflate = createInflateRaw({ chunkSize: READ_CHUNK_BYTES });
    raw.on('error', (error: Error) => inflate.destroy(error));
    return raw.pipe(inflate);
  }

  private inflationRefusal(info: ZipFileEntry, size: number): string | undefined {
    if (size > info.uncompressedSize)
      return `${info.path} inflates beyond the ${info.uncompressedSize} bytes its header declares (zip bomb)`;
    if (size > this.limits.maxEntryBytes) return `${info.path} exceeds the per-file limit of ${this.limits.maxEntryBytes} bytes`;
    if (this.inflatedTotal > this.limits.maxTotalBytes)
      return `the package inflates beyond the total limit of ${this.limits.maxTotalBytes} bytes`;
    if (size > RATIO_CHECK_FLOOR_BYTES && size / Math.max(info.compressedSize, 1) > this.limits.maxCompressionRatio) {
      return `${info.path} inflates more than ${this.limits.maxCompressionRatio} times its compressed size (zip bomb)`;
    }
    return undefined;
  }
}

async function readCentralDirectory(zip: yauzl.ZipFile, limits: CsarLimits, label: string) {
  const files = new Map<string, { info: ZipFileEntry; entry: yauzl.Entry }>();
  const directories = new Set<string>();
  let declaredTotal = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('error', (error: Error) => reject(new PackageError('NOT_A_ZIP', `${label} has a broken central directory (${error.message})`)));
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      try {
        const rawName =
          (entry.generalPurposeBitFlag & UTF8_NAMES) !== 0 ? entry.fileNameRaw.toString('utf8') : entry.fileNameRaw.toString('latin1');
        const { path, isDirectory } = packagePathOf(rawName);
        if (files.has(path) || directories.has(path))
          throw new PackageError('DUPLICATE_ENTRY', `${path} appears more than once in ${label}`);
        if (entry.versionMadeBy >>> 8 === UNIX_HOST && ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) {
          throw new PackageError('SYMLINK_ENTRY', `${path} is a symbolic link; packages may hold only files and folders`);
        }
        if (isDirectory) directories.add(path);
        else {
          checkDeclaredSizes(path, entry, limits, (declaredTotal += entry.uncompressedSize));
          files.set(path, { info: { path, compressedSize: entry.compressedSize, uncompressedSize: entry.uncompressedSize }, entry });
        }
        zip.readEntry();
      } catch (error) {
        reject(error);
      }
    });
    zip.readEntry();
  });
  for (const path of files.keys()) {
    const parents = path
      .split('/')
      .slice(0, -1)
      .map((_, index, parts) => parts.slice(0, index + 1).join('/'));
    const clash = parents.find((parent) => files.has(parent));
    if (clash) throw new PackageError('DUPLICATE_ENTRY', `${clash} is both a file and the folder of ${path}`);
  }
  return { files, directories };
}

function checkDeclaredSizes(path: string, entry: yauzl.Entry, limits: CsarLimits, declaredTotal: number): void {
  if (entry.isEncrypted()) throw new PackageError('UNSUPPORTED_ZIP', `${path} is encrypted`);
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
    throw new PackageError(
      'UNSUPPORTED_ZIP',
      `${path} uses compression method ${entry.compressionMethod}; only stored and deflate are accepted`,
    );
  }
  if (entry.uncompressedSize > limits.maxEntryBytes) {
    throw new PackageError(
      'TOO_LARGE',
      `${path} declares ${Math.ceil(entry.uncompressedSize / MiB)} MiB, more than the per-file limit of ${limits.maxEntryBytes} bytes`,
    );
  }
  if (declaredTotal > limits.maxTotalBytes)
    throw new PackageError('TOO_LARGE', `the package declares more than the total limit of ${limits.maxTotalBytes} bytes`);
  if (
    entry.uncompressedSize > RATIO_CHECK_FLOOR_BYTES &&
    entry.uncompressedSize / Math.max(entry.compressedSize, 1) > limits.maxCompressionRatio
  ) {
    throw new PackageError('TOO_LARGE', `${path} declares a compression ratio above ${limits.maxCompressionRatio} (zip bomb)`);
  }
}
