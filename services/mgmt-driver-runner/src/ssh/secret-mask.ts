/** What every captured output and error of a session shows in place of a secret value. */
export const SECRET_MASK = '[SECRET]';

/**
 * Replaces every occurrence of the session's secret values by [SECRET],
 * longest first (a secret holding a shorter one is masked whole). Empty
 * values are ignored: they would match everywhere and hide nothing.
 */
export class SecretMask {
  private readonly values: string[];

  constructor(secrets: readonly string[]) {
    this.values = [...new Set(secrets.filter((secret) => secret.length > 0))].sort((a, b) => b.length - a.length);
  }

  /** The longest secret's length: how far a cut may split one (see CappedOutput). */
  get longest(): number {
    return this.values[0]?.length ?? 0;
  }

  apply(text: string): string {
    let masked = text;
    for (const value of this.values) masked = masked.split(value).join(SECRET_MASK);
    return masked;
  }
}
