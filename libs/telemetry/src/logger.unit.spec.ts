import { createLogger, NestLogger, type Logger } from './logger';
import { reportUnexpected } from './unexpected-errors';

const PASSWORD_URL = 'http://proxy-user:Pr0xy-Pa55@proxy.example:3128';
const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ2bmZtIn0.c2lnbmF0dXJl';
const PEM = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----';
const BASIC = Buffer.from('admin:B4sic-Pw').toString('base64');
const KNOWN = 'configured-admin-token-0123456789';
/** Every secret of the texts below; none may appear anywhere in a line. */
const SECRETS = ['Pr0xy-Pa55', TOKEN, 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC', BASIC, 'hunter2', 'Qu0ted-Pw', 's3ss10n', KNOWN];
const TEXT = `GET https://vim.example/v3 via ${PASSWORD_URL} failed (Authorization: Bearer ${TOKEN}; retry with Basic ${BASIC})`;

/** The logger as the product builds it, writing its JSON lines here instead of stdout. */
function capture(level = 'trace'): { logger: Logger; lines: () => Record<string, unknown>[]; text: () => string } {
  const raw: string[] = [];
  const logger = createLogger('log-test', level, { secrets: [KNOWN], destination: { write: (line: string) => void raw.push(line) } });
  return { logger, lines: () => raw.map((line) => JSON.parse(line) as Record<string, unknown>), text: () => raw.join('') };
}

const leaked = (text: string) => SECRETS.filter((secret) => text.includes(secret));

describe('createLogger: every line is redacted, its message included', () => {
  it.each(['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const)('masks the secrets of a %s message', (level) => {
    const { logger, text } = capture();
    logger[level](TEXT);
    const line = JSON.parse(text()) as { msg: string; level: string };
    expect(line.level).toBe(level);
    expect(line.msg).toBe(
      'GET https://vim.example/v3 via http://proxy-user:[REDACTED]@proxy.example:3128 failed (Authorization: [REDACTED]; retry with Basic [REDACTED])',
    );
  });

  it('masks a message whichever way it reaches the logger', () => {
    const { logger, text } = capture();
    logger.info('connecting through %s with token %s', PASSWORD_URL, `Bearer ${TOKEN}`);
    logger.info({ vimId: 'v1' }, 'login with {"username":"admin","password":"hunter2"} and a key:\n%s', PEM);
    logger.error(new Error(`keystone refused password=hunter2 at ${PASSWORD_URL}`));
    logger.error({ err: new Error(`X-Auth-Token: ${TOKEN}`) });
    logger.warn({ msg: `cookie: s3ss10n; Bearer ${TOKEN}` });
    logger.warn({ error: new Error("ssh login with 'password': 'Qu0ted-Pw' refused") }, 'hook failed');
    logger.info(`the configured token ${KNOWN} was presented`);
    expect(leaked(text())).toEqual([]);
    expect(text()).toContain('connecting through http://proxy-user:[REDACTED]@proxy.example:3128 with token Bearer [REDACTED]');
    expect(text()).toContain('\\"password\\":\\"[REDACTED]\\"');
    expect(text()).toContain("'password': '[REDACTED]'");
    expect(text()).toContain('the configured token [REDACTED] was presented');
  });

  it('masks the fields too, secret-named ones whole and the rest as free text', () => {
    const { logger, lines } = capture();
    logger.info({ auth: { password: 'hunter2' }, reason: `upstream answered 401 to Bearer ${TOKEN}`, seen: KNOWN }, 'done');
    expect(lines()[0]).toMatchObject({
      auth: { password: '[REDACTED]' },
      reason: 'upstream answered 401 to Bearer [REDACTED]',
      seen: '[REDACTED]',
    });
  });

  it('keeps what is no secret: user names, hosts, prose', () => {
    const { logger, lines } = capture();
    logger.info('user proxy-user reached proxy.example:3128 after Basic setup; token check at 12:30 passed');
    expect(lines()[0].msg).toBe('user proxy-user reached proxy.example:3128 after Basic setup; token check at 12:30 passed');
  });

  it('masks what NestJS logs: messages, error traces', () => {
    const { logger, text } = capture();
    const nest = new NestLogger(logger);
    nest.log(TEXT, 'Boot');
    nest.error(new Error(TEXT), `Error: ${TEXT}\n    at handler (x.ts:1:1)`, 'ExceptionsHandler');
    nest.warn(TEXT);
    nest.debug(TEXT);
    nest.verbose(TEXT);
    expect(leaked(text())).toEqual([]);
    expect(text().split('\n').filter(Boolean)).toHaveLength(5);
  });

  it('reportUnexpected logs an error holding a password URL and a bearer token without either', () => {
    const { logger, lines, text } = capture('info');
    reportUnexpected(logger, new Error(TEXT), 'HTTP request', { path: '/vnflcm/v2/vnf_instances' });
    reportUnexpected(logger, `rejected: password=hunter2 ${PASSWORD_URL}`, 'unhandled promise rejection');
    expect(leaked(text())).toEqual([]);
    expect(lines()[0]).toMatchObject({
      level: 'error',
      where: 'HTTP request',
      path: '/vnflcm/v2/vnf_instances',
      msg: expect.stringContaining('unexpected error in HTTP request: GET https://vim.example/v3 via http://proxy-user:[REDACTED]@'),
      stack: expect.stringContaining('Authorization: [REDACTED]'),
    });
  });
});
