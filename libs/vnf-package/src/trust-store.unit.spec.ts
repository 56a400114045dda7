import { readFileSync } from 'node:fs';
import { trustedCaPemsOf } from './index';
import { corpusPath } from './testing';

const pem = (file: string) => readFileSync(corpusPath('sol004', 'onap-vnfsdk-pkgtools', 'signature', file), 'utf8');

describe('trustedCaPemsOf: the certificates of a trust store file', () => {
  it('gives each certificate of a bundle as its own PEM block, text around them ignored', () => {
    const [ca, leaf] = [pem('ca.crt').trim(), pem('test.crt').trim()];
    expect(trustedCaPemsOf(`# our CAs\n${ca}\n\nsubject=leaf\n${leaf}\n`, 'ca.pem')).toEqual([ca, leaf]);
  });

  it('refuses a file with no certificate, or one that does not parse, naming the file', () => {
    expect(() => trustedCaPemsOf(pem('test.key'), '/etc/vnfm/ca.pem')).toThrow(
      '/etc/vnfm/ca.pem holds no PEM certificate (-----BEGIN CERTIFICATE-----)',
    );
    expect(() => trustedCaPemsOf(`${pem('ca.crt')}\n-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n`, 'ca.pem')).toThrow(
      /^ca\.pem, certificate 2: a certificate cannot be parsed/,
    );
  });
});
