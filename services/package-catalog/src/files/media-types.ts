import { extname } from 'node:path';

const BY_EXTENSION: Record<string, string> = {
  '.yaml': 'application/yaml',
  '.yml': 'application/yaml',
  '.json': 'application/json',
  '.txt': 'text/plain',
  '.sh': 'application/x-sh',
  '.py': 'text/x-python',
  '.zip': 'application/zip',
  '.tgz': 'application/gzip',
  '.gz': 'application/gzip',
};

/** The Content-Type an artifact is served with, by file extension (Tacker guesses the same way). */
export const mediaTypeOf = (path: string): string => BY_EXTENSION[extname(path).toLowerCase()] ?? 'application/octet-stream';
