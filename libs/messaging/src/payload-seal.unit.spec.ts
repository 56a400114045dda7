import { randomBytes } from 'node:crypto';
import { decodeEnvelope, encodeEnvelope, type Envelope } from './envelope';
import { PayloadSeal } from './payload-seal';

const seal = new PayloadSeal(randomBytes(32));
const envelope = (id: string): Envelope => ({
  id,
  type: 'vim-registry.registerVim',
  kind: 'command',
  key: 'vim-1',
  payload: { vimId: 'vim-1', body: { vim: { auth_cred: { username: 'nfv_user', password: 'S3cr3t-pa55' } } } },
  correlationId: 'c',
  causationId: 'c',
  principal: 'admin',
  sentAt: '2026-11-22T00:00:00.000Z',
});

describe('sealed message payloads', () => {
  it('carries the payload sealed: the value holds no plaintext, and the same key opens it', () => {
    const value = encodeEnvelope(envelope('m-1'), seal);
    expect(value.toString()).not.toContain('S3cr3t-pa55');
    expect(value.toString()).not.toContain('nfv_user');
    expect(JSON.parse(value.toString())).toMatchObject({
      id: 'm-1',
      type: 'vim-registry.registerVim',
      sealedPayload: expect.stringMatching(/^v1\./),
    });
    expect(decodeEnvelope(value, seal)).toEqual({ envelope: envelope('m-1') });
  });

  it('refuses a payload sealed with another key, one moved onto another message, and one not sealed at all', () => {
    const value = encodeEnvelope(envelope('m-1'), seal);
    expect(decodeEnvelope(value, new PayloadSeal(randomBytes(32)))).toEqual({ problem: expect.stringContaining('cannot be opened') });
    const moved = { ...JSON.parse(value.toString()), id: 'm-2' };
    expect(decodeEnvelope(Buffer.from(JSON.stringify(moved)), seal)).toEqual({ problem: expect.stringContaining('cannot be opened') });
    expect(decodeEnvelope(encodeEnvelope(envelope('m-3')), seal)).toEqual({ problem: expect.stringContaining('unsealed payload refused') });
  });

  it('tells a service without the key that it cannot read a sealed payload, and reads plain ones without a key', () => {
    expect(decodeEnvelope(encodeEnvelope(envelope('m-1'), seal))).toEqual({ problem: expect.stringContaining('has no VNFM_BUS_KEY') });
    expect(decodeEnvelope(encodeEnvelope(envelope('m-4')))).toEqual({ envelope: envelope('m-4') });
    expect(decodeEnvelope(Buffer.from('{not json'))).toEqual({ problem: 'unreadable message (not JSON)' });
  });
});
