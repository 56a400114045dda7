import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { CallbackClients } from './callback-clients';
import { CallbackPolicy } from './callback-policy';

describe('CallbackPolicy', () => {
  it('refuses link-local (cloud metadata), multicast and reserved addresses by default, IPv4-mapped too, and allows private and loopback ones', () => {
    const policy = new CallbackPolicy();
    for (const address of ['169.254.169.254', '::ffff:169.254.169.254', 'fe80::1', '224.0.0.1', '255.255.255.255', '0.0.0.0', '::'])
      expect([address, policy.refusal(address)]).toEqual([address, expect.stringContaining('refused address range')]);
    for (const address of ['10.1.2.3', '192.168.1.10', '172.16.0.5', '127.0.0.1', '::1', 'fd00::5', '203.0.113.7'])
      expect([address, policy.refusal(address)]).toEqual([address, undefined]);
  });

  it('with an allow list, refuses what is outside it; an empty deny list refuses nothing', () => {
    const policy = new CallbackPolicy({ allowedCidrs: '10.0.0.0/8, 2001:db8::/32', deniedCidrs: '' });
    expect(policy.refusal('10.9.9.9')).toBeUndefined();
    expect(policy.refusal('2001:db8::1')).toBeUndefined();
    expect(policy.refusal('192.168.1.1')).toMatch(/outside the allowed address ranges \(VNFM_CALLBACK_ALLOWED_CIDRS\)/);
    expect(new CallbackPolicy({ deniedCidrs: '' }).refusal('169.254.169.254')).toBeUndefined();
  });

  it("refuses the VNFM's own port on a loopback or unspecified address, and allows that port elsewhere", () => {
    const policy = new CallbackPolicy({ ownPorts: [9890] });
    expect(policy.refusal('127.0.0.1', 9890)).toBe("127.0.0.1:9890 is the VNFM's own API");
    expect(policy.refusal('::1', 9890)).toBe("::1:9890 is the VNFM's own API");
    expect(policy.refusal('127.0.0.1', 9891)).toBeUndefined();
    expect(policy.refusal('203.0.113.7', 9890)).toBeUndefined();
  });

  it('names the bad range of a malformed list', () => {
    expect(() => new CallbackPolicy({ allowedCidrs: '10.0.0.0/8,nonsense' })).toThrow(
      'VNFM_CALLBACK_ALLOWED_CIDRS: "nonsense" is not an address range',
    );
    expect(() => new CallbackPolicy({ deniedCidrs: '10.0.0.0/33' })).toThrow('VNFM_CALLBACK_DENIED_CIDRS: "10.0.0.0/33"');
  });

  describe('on the connection, after DNS resolution', () => {
    let server: Server;
    let port: number;
    beforeAll(async () => {
      server = createServer((_request, response) => response.writeHead(204).end());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise((resolve) => server.close(resolve)));

    it('refuses a name that resolves into a refused range (so a name re-pointed after the check is refused too), and connects where allowed', async () => {
      const refusing = new CallbackPolicy({ deniedCidrs: '127.0.0.0/8,::1/128' });
      await expect(refusing.refusalOf(`http://localhost:${port}/`)).resolves.toMatch(/is in a refused address range/);
      const refusingClient = new CallbackClients(refusing, {}).plain;
      await expect(request(`http://localhost:${port}/`, { dispatcher: refusingClient })).rejects.toMatchObject({
        code: 'ECALLBACKREFUSED',
        message: expect.stringMatching(/is in a refused address range/),
      });
      const allowing = new CallbackClients(new CallbackPolicy(), {}).plain;
      expect((await request(`http://localhost:${port}/`, { dispatcher: allowing })).statusCode).toBe(204);
      await Promise.all([refusingClient.close(), allowing.close()]);
    });
  });
});
