/** The body as text, or undefined once it passes `limit` bytes (the rest is not read). */
export async function cappedText(response: Response, limit: number): Promise<string | undefined> {
  if (!response.body) return '';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) {
      await response.body.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A fetch failure's cause as a log or a reason may show it (ECONNREFUSED, …). */
export const causeOf = (error: unknown) => {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  return String(cause?.code ?? cause?.message ?? (error as Error).message ?? error);
};
