import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveAdminToken } from './admin-token';

describe('the admin token', () => {
  it('is generated as hex (never starting with "-", which a command line would take for an option), kept, and read back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vnfm-token-'));
    const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      const tokens = Array.from({ length: 50 }, (_, i) => resolveAdminToken(undefined, join(dir, String(i))));
      for (const token of tokens) expect(token).toMatch(/^[0-9a-f]{48}$/);
      expect(resolveAdminToken(undefined, join(dir, '0'))).toBe(tokens[0]);
      expect(readFileSync(join(dir, '0', 'admin-token'), 'utf8')).toBe(`${tokens[0]}\n`);
      expect(resolveAdminToken('configured-token-0123', join(dir, '0'))).toBe('configured-token-0123');
    } finally {
      write.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
