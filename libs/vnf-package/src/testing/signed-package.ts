import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { signCms } from './cms.signer';
import { corpusPath, fixturePath, listFiles, stageFolders } from './corpus';

/** Who signs a package: a certificate and its private key, PEM. */
export interface TestSigner {
  certPem: string;
  keyPem: string;
}

/** The corpus test CA (onap-vnfsdk-pkgtools/signature: ca.crt issues test.crt, valid to 2116) and the signer it issued. */
export async function corpusSigner(): Promise<{ caPem: string; signer: TestSigner; subject: string }> {
  const material = (file: string) => readFile(corpusPath('sol004', 'onap-vnfsdk-pkgtools', 'signature', file), 'utf8');
  const [caPem, certPem, keyPem] = await Promise.all([material('ca.crt'), material('test.crt'), material('test.key')]);
  return { caPem, signer: { certPem, keyPem }, subject: 'C=PT, ST=Lisboa, L=Lisboa, O=Example Org, CN=*.example.org' };
}

/** A signer no trust store knows: a fresh RSA key with a self-signed certificate made by openssl in `work`. */
export async function selfSignedSigner(work: string, commonName: string): Promise<TestSigner> {
  const keyPath = join(work, `${commonName}.key`);
  const certPath = join(work, `${commonName}.crt`);
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${commonName}`, '-keyout', keyPath, '-out', certPath],
    {
      stdio: 'ignore',
    },
  );
  return { certPem: await readFile(certPath, 'utf8'), keyPem: await readFile(keyPath, 'utf8') };
}

/**
 * Tacker's sample VNF staged in `work` with a manifest digesting every file
 * (SOL004 v2.6.1 §5.2 option 1), its CMS signature by `signer` appended, or
 * none without a signer; `tamper` changes the manifest after signing.
 * Returns the folder, to be zipped.
 */
export async function stageSignedVnf(work: string, signer?: TestSigner, tamper?: (manifest: string) => string): Promise<string> {
  const dir = await stageFolders(work, corpusPath('sol004', 'tacker', 'sample_vnfpkg_tosca_vnfd'), fixturePath('sol004-tacker-common'));
  await writeFile(
    join(dir, 'TOSCA-Metadata', 'TOSCA.meta'),
    'TOSCA-Meta-File-Version: 1.0\nCSAR-Version: 1.1\nCreated-By: test\nEntry-Definitions: Definitions/helloworld3_top.vnfd.yaml\nETSI-Entry-Manifest: vnfd.mf\n',
  );
  const entries = await Promise.all(
    (await listFiles(dir)).map(async (path) => {
      const hash = createHash('sha256')
        .update(await readFile(join(dir, path)))
        .digest('hex');
      return `Source: ${path}\nAlgorithm: SHA-256\nHash: ${hash}\n`;
    }),
  );
  const body = `metadata:\n  vnf_provider_id: Company\n  vnf_product_name: Sample VNF\n  vnf_release_date_time: 2024-01-01T00:00:00+00:00\n  vnf_package_version: '1.0'\n\n${entries.join('\n')}\n`;
  const signed = signer ? body + (await signCms(Buffer.from(body), signer.certPem, signer.keyPem)) : body;
  await writeFile(join(dir, 'vnfd.mf'), tamper ? tamper(signed) : signed);
  return dir;
}
