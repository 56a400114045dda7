import { PackageError } from './package.error';

// ETSI GS NFV-SOL 004 v2.6.1 §4.3.3: manifest digests use SHA-2 (SHA-224/256/384/512).
const ALGORITHMS: Record<string, string> = { SHA224: 'sha224', SHA256: 'sha256', SHA384: 'sha384', SHA512: 'sha512' };

/** Node's name for a manifest algorithm (`SHA-256`, `sha-256`, `SHA256`), or a refusal naming the file. */
export function nodeHashAlgorithm(algorithm: string, file: string): string {
  const name = ALGORITHMS[algorithm.toUpperCase().replace(/-/g, '')];
  if (!name)
    throw new PackageError(
      'UNSUPPORTED_HASH_ALGORITHM',
      `the algorithm "${algorithm}" of ${file} is not one of SHA-224, SHA-256, SHA-384, SHA-512`,
    );
  return name;
}
