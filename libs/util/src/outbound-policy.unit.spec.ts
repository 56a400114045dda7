import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { CallbackClients } from './callback-clients';
import { canonicalAddress, OutboundPolicy } from './outbound-policy';

/** Every spelling of the cloud metadata address a URL may carry. */
const METADATA_SPELLINGS = [
  'http://169.254.169.254/latest/meta-data/',
  'http://0xa9fea9fe/',
  'http://0xA9.0xFE.0xA9.0xFE/',
  'http://0251.0376.0251.0376/',
  'http://2852039166/',
  'http://169.254.43518/',
  'http://169.254.169.254./',
  'http://[::ffff:169.254.169.254]/',
  'http://[::ffff:a9fe:a9fe]/',
  'http://[0:0:0:0:0:ffff:a9fe:a9fe]/',
];

describe('canonicalAddress', () => {
  it('gives one text per address: IPv4-mapped IPv6 as IPv4, IPv6 compressed, brackets and zone dropped; names are not addresses', () => {
    expect(canonicalAddress('::ffff:169.254.169.254')).toBe('169.254.169.254');
    expect(canonicalAddress('[::FFFF:A9FE:A9FE]')).toBe('169.254.169.254');
    expect(canonicalAddress('0:0:0:0:0:0:0:0')).toBe('::');
    expect(canonicalAddress('[0:0:0:0:0:0:0:1]')).toBe('::1');
    expect(canonicalAddress('fe80::1%eth0')).toBe('fe80::1');
    expect(canonicalAddress('127.0.0.1')).toBe('127.0.0.1');
    expect(canonicalAddress('localhost')).toBeUndefined();
    expect(canonicalAddress('0xa9fea9fe')).toBeUndefined();
  });
});

describe('OutboundPolicy', () => {
  it('refuses link-local (cloud metadata), multicast, reserved and unspecified addresses by default, IPv4-mapped too, and allows private and loopback ones', () => {
    const policy = new OutboundPolicy();
    for (const address of [
      '169.254.169.254',
      '::ffff:169.254.169.254',
      'fe80::1',
      '224.0.0.1',
      'ff02::1',
      '255.255.255.255',
      '0.0.0.0',
      '::',
    ])
      expect([address, policy.refusal(address)]).toEqual([address, expect.stringContaining('refused address range')]);
    for (const address of ['10.1.2.3', '192.168.1.10', '172.16.0.5', '127.0.0.1', '::1', 'fd00::5', '203.0.113.7'])
      expect([address, policy.refusal(address)]).toEqual([address, undefined]);
  });

  it('normalises every spelling of an address in a URL before checking it: hex, octal, integer, short, trailing dot, IPv4-mapped IPv6', async () => {
    const policy = new OutboundPolicy({ use: 'packageUri' });
    for (const uri of METADATA_SPELLINGS)
      expect([uri, await policy.refusalOf(uri)]).toEqual([
        uri,
        '169.254.169.254 is in a refused address range (VNFM_PACKAGE_URI_DENIED_CIDRS)',
      ]);
    for (const uri of ['http://0/', 'http://0.0.0.0:8080/', 'http://[::]/', 'http://[0:0:0:0:0:0:0:0]/', 'http://[::ffff:0.0.0.0]/'])
      expect([uri, await policy.refusalOf(uri)]).toEqual([uri, expect.stringMatching(/^(0\.0\.0\.0|::) is in a refused address range/)]);
  });

  it("refuses the VNFM's own port on every spelling of a loopback, unspecified or own address, and allows that port elsewhere", async () => {
    const policy = new OutboundPolicy({ use: 'vim', ownPorts: [9890] });
    for (const uri of [
      'http://127.0.0.1:9890/',
      'http://127.1:9890/',
      'http://0x7f000001:9890/',
      'http://[::1]:9890/',
      'http://[::ffff:127.0.0.1]:9890/',
    ])
      expect([uri, await policy.refusalOf(uri)]).toEqual([uri, expect.stringMatching(/:9890 is the VNFM's own API \(VNFM_PORT\)$/)]);
    expect(await policy.refusalOf('http://localhost:9890/identity')).toMatch(/is the VNFM's own API/);
    expect(policy.refusal('127.0.0.1', 9891)).toBeUndefined();
    expect(policy.refusal('203.0.113.7', 9890)).toBeUndefined();
    expect(await policy.refusalOf('https://127.0.0.1/')).toBeUndefined();
  });

  it('with an allow list, refuses what is outside it; an empty deny list refuses nothing; each message names its own setting', () => {
    const policy = new OutboundPolicy({ use: 'mgmtReceiver', allowedCidrs: '10.0.0.0/8, 2001:db8::/32', deniedCidrs: '' });
    expect(policy.refusal('10.9.9.9')).toBeUndefined();
    expect(policy.refusal('2001:db8::1')).toBeUndefined();
    expect(policy.refusal('::ffff:10.9.9.9')).toBeUndefined();
    expect(policy.refusal('192.168.1.1')).toBe('192.168.1.1 is outside the allowed address ranges (VNFM_MGMT_RECEIVER_ALLOWED_CIDRS)');
    expect(new OutboundPolicy({ deniedCidrs: '' }).refusal('169.254.169.254')).toBeUndefined();
  });

  it('takes its settings from the configuration of its use', async () => {
    const config = { port: 9890, vimDeniedCidrs: '10.0.0.0/8', packageUriAllowedCidrs: '192.168.0.0/16' };
    expect(OutboundPolicy.fromConfig(config, 'vim').refusal('10.1.1.1')).toMatch(/\(VNFM_VIM_DENIED_CIDRS\)$/);
    expect(OutboundPolicy.fromConfig(config, 'vim').refusal('169.254.169.254')).toBeUndefined();
    expect(OutboundPolicy.fromConfig(config, 'packageUri').refusal('10.1.1.1')).toMatch(/\(VNFM_PACKAGE_URI_ALLOWED_CIDRS\)$/);
    expect(OutboundPolicy.fromConfig(config, 'callback').refusal('169.254.169.254')).toMatch(/\(VNFM_CALLBACK_DENIED_CIDRS\)$/);
    expect(await OutboundPolicy.fromConfig(config, 'callback').refusalOf('http://127.0.0.1:9890/')).toMatch(/own API/);
  });

  it('names the bad range of a malformed list', () => {
    expect(() => new OutboundPolicy({ allowedCidrs: '10.0.0.0/8,nonsense' })).toThrow(
      'VNFM_CALLBACK_ALLOWED_CIDRS: "nonsense" is not an address range',
    );
    expect(() => new OutboundPolicy({ use: 'vim', deniedCidrs: '10.0.0.0/33' })).toThrow('VNFM_VIM_DENIED_CIDRS: "10.0.0.0/33"');
  });

  it('refuses a name that does not resolve, saying so', async () => {
    expect(await new OutboundPolicy().refusalOf('http://no-such-host.invalid/')).toMatch(/^no-such-host\.invalid does not resolve \(/);
  });

  describe('on each connection (the connector)', () => {
    let server: Server;
    let port: number;
    let requests = 0;
    beforeAll(async () => {
      server = createServer((_request, response) => {
        requests++;
        response.writeHead(204).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise((resolve) => server.close(resolve)));

    it('refuses a name that resolves into a refused range (so a name re-pointed after the check is refused too), and connects where allowed', async () => {
      const refusing = new OutboundPolicy({ deniedCidrs: '127.0.0.0/8,::1/128' });
      await expect(refusing.refusalOf(`http://localhost:${port}/`)).resolves.toMatch(/is in a refused address range/);
      const refusingClient = new CallbackClients(refusing, {}).plain;
      await expect(request(`http://localhost:${port}/`, { dispatcher: refusingClient })).rejects.toMatchObject({
        code: 'EOUTBOUNDREFUSED',
        message: expect.stringMatching(/is in a refused address range/),
      });
      const allowing = new CallbackClients(new OutboundPolicy(), {}).plain;
      expect((await request(`http://localhost:${port}/`, { dispatcher: allowing })).statusCode).toBe(204);
      await Promise.all([refusingClient.close(), allowing.close()]);
    });

    it('refuses an address literal and the own port at the connection, whatever the spelling, before any byte is sent', async () => {
      const before = requests;
      const agent = new Agent({ connect: new OutboundPolicy({ ownPorts: [port] }).connector() });
      for (const uri of [`http://127.0.0.1:${port}/`, `http://0x7f000001:${port}/`, `http://127.1:${port}/`, `http://0:${port}/`])
        await expect(request(uri, { dispatcher: agent })).rejects.toMatchObject({ code: 'EOUTBOUNDREFUSED' });
      expect(requests).toBe(before);
      await agent.close();
    });
  });
});
