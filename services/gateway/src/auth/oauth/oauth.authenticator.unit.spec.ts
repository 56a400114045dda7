import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload, type KeyObject } from 'jose';
import { AuthorizationServer } from './authorization-server';
import { OAuthAuthenticator } from './oauth.authenticator';

/** A small authorization server on loopback: discovery, JWKS and introspection, as the authenticator reads them. */
class FakeServer {
  readonly active = new Map<string, Record<string, unknown>>();
  introspections = 0;
  private server?: Server;
  issuer = '';

  async start(publicJwk: object): Promise<void> {
    this.server = createServer((request, response) => {
      const json = (body: unknown) => response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      if (request.url === '/realm/.well-known/openid-configuration')
        return json({ issuer: this.issuer, jwks_uri: `${this.issuer}/certs`, introspection_endpoint: `${this.issuer}/introspect` });
      if (request.url === '/realm/certs') return json({ keys: [publicJwk] });
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        this.introspections++;
        const token = new URLSearchParams(body).get('token') ?? '';
        const authorized = request.headers.authorization === `Basic ${Buffer.from('gateway:s3cret').toString('base64')}`;
        if (!authorized) return response.writeHead(401).end();
        json(this.active.get(token) ?? { active: false });
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.issuer = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/realm`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const fake = new FakeServer();
let privateKey: KeyObject;
const settings = (introspect: 'opaque' | 'always' = 'opaque') => ({
  issuer: fake.issuer,
  audience: 'vnfm',
  claims: { user: 'preferred_username', tenant: 'tenant', roles: 'realm_access.roles', crossTenantRole: 'cross-tenant' },
  clockSkewS: 5,
  introspect,
  cacheMs: 60_000,
});
const authenticatorWith = (introspect: 'opaque' | 'always' = 'opaque') =>
  new OAuthAuthenticator(
    new AuthorizationServer({ issuer: fake.issuer, client: { id: 'gateway', secret: 's3cret' } }),
    settings(introspect),
  );

const claims = { preferred_username: 'alice', tenant: 'a', realm_access: { roles: ['member'] } };
async function signed(
  payload: JWTPayload = claims,
  options: { key?: KeyObject; audience?: string; issuer?: string; expiresIn?: string | number } = {},
) {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setSubject('u-1')
    .setIssuer(options.issuer ?? fake.issuer)
    .setAudience(options.audience ?? 'vnfm')
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '5m')
    .sign(options.key ?? privateKey);
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey as KeyObject;
  await fake.start({ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' });
});
afterAll(() => fake.stop());

describe('OAuthAuthenticator', () => {
  it('takes a JWT the server signed for this audience: user, tenant, roles with the implied ones', async () => {
    const principal = await authenticatorWith().authenticate(await signed(), {});
    expect(principal).toEqual({ name: 'alice@a (u-1)', tenant: 'a', roles: new Set(['member', 'reader']), allTenants: false });
  });

  it('refuses an expired token, another audience, another issuer, an unknown key, a changed payload, alg none and HS256', async () => {
    const authenticator = authenticatorWith();
    const refused = async (token: string) => expect(await authenticator.authenticate(token, {})).toBeUndefined();
    await refused(await signed(claims, { expiresIn: Math.floor(Date.now() / 1000) - 10 }));
    await refused(await signed(claims, { audience: 'account' }));
    await refused(await signed(claims, { issuer: 'http://127.0.0.1:1/other' }));
    const stranger = (await generateKeyPair('RS256')).privateKey as KeyObject;
    await refused(await signed(claims, { key: stranger }));
    const [header, , signature] = (await signed()).split('.');
    const admin = Buffer.from(
      JSON.stringify({ ...claims, realm_access: { roles: ['admin'] }, iss: fake.issuer, aud: 'vnfm', exp: 2e9 }),
    ).toString('base64url');
    await refused(`${header}.${admin}.${signature}`);
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    await refused(`${none}.${admin}.`);
    await refused(`${none}.${admin}.x`);
    const hs = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
      .setIssuer(fake.issuer)
      .setAudience('vnfm')
      .setExpirationTime('5m')
      .sign(Buffer.from('guessable'));
    await refused(hs);
  });

  it('introspects a token that is no JWT (and every token with introspection "always"), and remembers the answer', async () => {
    fake.active.set('opaque-1', {
      active: true,
      ...claims,
      sub: 'u-2',
      iss: fake.issuer,
      aud: ['vnfm'],
      exp: Math.floor(Date.now() / 1000) + 60,
    });
    fake.active.set('other-audience', { active: true, ...claims, sub: 'u-2', aud: 'account', exp: Math.floor(Date.now() / 1000) + 60 });
    const authenticator = authenticatorWith();
    const before = fake.introspections;
    expect((await authenticator.authenticate('opaque-1', {}))?.name).toBe('alice@a (u-2)');
    expect((await authenticator.authenticate('opaque-1', {}))?.name).toBe('alice@a (u-2)');
    expect(fake.introspections - before).toBe(1);
    expect(await authenticator.authenticate('opaque-unknown', {})).toBeUndefined();
    expect(await authenticator.authenticate('other-audience', {})).toBeUndefined();
    const jwt = await signed();
    expect(await authenticatorWith('always').authenticate(jwt, {})).toBeUndefined();
    fake.active.set(jwt, { active: true, ...claims, sub: 'u-1', aud: 'vnfm', exp: Math.floor(Date.now() / 1000) + 60 });
    expect((await authenticatorWith('always').authenticate(jwt, {}))?.name).toBe('alice@a (u-1)');
  });

  it('takes a certificate-bound token only with its certificate', async () => {
    const certificate = Buffer.from('DER of the client certificate');
    const { createHash } = await import('node:crypto');
    const bound = await signed({ ...claims, cnf: { 'x5t#S256': createHash('sha256').update(certificate).digest('base64url') } });
    const authenticator = authenticatorWith();
    expect(await authenticator.authenticate(bound, {})).toBeUndefined();
    expect(await authenticator.authenticate(bound, { certificate: Buffer.from('another') })).toBeUndefined();
    expect((await authenticator.authenticate(bound, { certificate }))?.name).toBe('alice@a (u-1)');
  });

  it('answers 503 IDENTITY_UNAVAILABLE when the server cannot be reached, and finds it once it can', async () => {
    const down = new OAuthAuthenticator(new AuthorizationServer({ issuer: 'http://127.0.0.1:9/realm' }), {
      ...settings(),
      issuer: 'http://127.0.0.1:9/realm',
    });
    await expect(down.authenticate(await signed(), {})).rejects.toMatchObject({ status: 503, code: 'IDENTITY_UNAVAILABLE' });
    const wrongIssuer = new OAuthAuthenticator(new AuthorizationServer({ issuer: `${fake.issuer}/` }), {
      ...settings(),
      issuer: `${fake.issuer}/`,
    });
    await expect(wrongIssuer.authenticate(await signed(), {})).rejects.toMatchObject({ status: 503 });
  });
});
