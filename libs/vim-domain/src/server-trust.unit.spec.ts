import { certificateChecksOff, kubernetesServerTrust, sslCaCertOf } from './server-trust';

const CA = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';

describe("a Kubernetes VIM's server trust (one rule for every client built from a VIM)", () => {
  it('checks against the VIM CA when one is given', () => {
    expect(kubernetesServerTrust(CA)).toEqual({ verifyCertificate: true, ca: CA });
  });

  it("checks against the system's trusted CAs when none is given (Tacker would not check at all)", () => {
    for (const none of [undefined, null, '']) expect(kubernetesServerTrust(none)).toEqual({ verifyCertificate: true });
  });

  it('turns checks off only for the explicit ssl_ca_cert None of a Tacker VIM file', () => {
    expect(kubernetesServerTrust('None')).toEqual({ verifyCertificate: false });
  });

  it('reads a registered VIM: the sealed PEM once opened, else None, else nothing', () => {
    expect(sslCaCertOf({}, { ssl_ca_cert: CA })).toBe(CA);
    expect(sslCaCertOf({ ssl_ca_cert: 'None' }, {})).toBe('None');
    expect(sslCaCertOf({}, {})).toBeUndefined();
  });

  it('says when certificate checks are off, for both VIM types', () => {
    expect(certificateChecksOff({ type: 'kubernetes', authCred: { ssl_ca_cert: 'None' } })).toBe(true);
    expect(certificateChecksOff({ type: 'kubernetes', authCred: {} })).toBe(false);
    expect(certificateChecksOff({ type: 'openstack', authCred: { cert_verify: 'False' } })).toBe(true);
    expect(certificateChecksOff({ type: 'openstack', authCred: { cert_verify: 'True' } })).toBe(false);
  });
});
