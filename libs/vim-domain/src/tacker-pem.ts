const CERTIFICATE = /^-----BEGIN CERTIFICATE-----\n([A-Za-z0-9+/=\n]+)\n-----END CERTIFICATE-----$/;

/**
 * A VIM file's `ssl_ca_cert` as Tacker reads it: YAML folds the line breaks
 * of the double-quoted PEM into spaces, so every whitespace run becomes a
 * line break again, except inside the BEGIN/END CERTIFICATE markers.
 */
export function normalizeTackerPem(value: string): string {
  const pem = value
    .trim()
    .replace(/\s+/g, '\n')
    .replace(/BEGIN\nCERTIFICATE/g, 'BEGIN CERTIFICATE')
    .replace(/END\nCERTIFICATE/g, 'END CERTIFICATE');
  return `${pem}\n`;
}

/** True when the normalised text is one or more PEM certificates (a CA bundle). */
export function isPemCertificateBundle(pem: string): boolean {
  const blocks = pem.trim().split(/(?<=-----END CERTIFICATE-----)\n/);
  return blocks.length > 0 && blocks.every((block) => CERTIFICATE.test(block));
}
