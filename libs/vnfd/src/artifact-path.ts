import { dirnameOf, isUrl, resolveInPackage } from './package-paths';
import { invalidVnfd } from './vnfd.error';

/**
 * The package path of an artifact `file`. TOSCA (Simple Profile v1.2 §3.6.7)
 * makes it relative to the template that declares it; Tacker packages also
 * write it relative to the package root (`Scripts/x.py` from `Definitions/`),
 * so the root is tried second. URLs are external artifacts and kept as they are.
 */
export function resolveArtifactPath(file: string, templatePath: string, packageFiles: ReadonlySet<string>, what: string): string {
  if (isUrl(file)) return file;
  const candidates = [resolveInPackage(dirnameOf(templatePath), file), resolveInPackage('', file)];
  const found = candidates.find((candidate) => candidate !== undefined && packageFiles.has(candidate));
  if (!found) throw invalidVnfd(`${templatePath}: ${what} names ${file}, which is not in the package`);
  return found;
}
