/** POSIX path helpers for paths inside a package; `..` may never climb above the package root. */
export function dirnameOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

/** `base`-relative `reference` normalised to a package path, or `undefined` when it leaves the package. */
export function resolveInPackage(base: string, reference: string): string | undefined {
  if (reference.startsWith('/') || reference.includes('\\') || /^[a-z][a-z0-9+.-]*:/i.test(reference)) return undefined;
  const parts: string[] = base === '' ? [] : base.split('/');
  for (const part of reference.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else {
      parts.push(part);
    }
  }
  return parts.length === 0 ? undefined : parts.join('/');
}

export const isUrl = (reference: string): boolean => /^[a-z][a-z0-9+.-]*:\/\//i.test(reference);
