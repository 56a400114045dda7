import { PackageError } from './package.error';

/**
 * A zip entry name as a package path, refusing anything that could land
 * outside an extraction folder (zip slip): absolute paths, drive letters,
 * backslashes, `.`/`..` segments, empty segments and control characters.
 */
export function packagePathOf(rawName: string): { path: string; isDirectory: boolean } {
  const isDirectory = rawName.endsWith('/');
  const name = isDirectory ? rawName.slice(0, -1) : rawName;
  const refuse = (why: string): never => {
    throw new PackageError('UNSAFE_PATH', `zip entry "${printable(rawName)}" ${why}`);
  };
  if (name === '') refuse('has an empty name');
  if (name.startsWith('/')) refuse('is an absolute path');
  if (/^[a-zA-Z]:/.test(name)) refuse('starts with a drive letter');
  if (name.includes('\\')) refuse('contains a backslash');
  if (hasControlCharacter(name)) refuse('contains a control character');
  for (const segment of name.split('/')) {
    if (segment === '..') refuse('climbs out of the package with ".."');
    if (segment === '.' || segment === '') refuse('has an empty or "." path segment');
  }
  return { path: name, isDirectory };
}

const isControl = (char: string): boolean => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f;
const hasControlCharacter = (name: string): boolean => [...name].some(isControl);
const printable = (name: string): string => [...name].map((char) => (isControl(char) ? '?' : char)).join('');
