import { makeTempDir, removeDir } from '@vnfm/vnf-package/testing';
import type { PackageFileReply, VnfPkgInfo } from '@vnfm/vnf-package-domain';
import { CatalogHarness } from '../testing/catalog-harness';
import { zipCorpusPackage } from '../testing/corpus-packages';

const TYPES = ['Definitions/etsi_nfv_sol001_common_types.yaml', 'Definitions/etsi_nfv_sol001_vnfd_types.yaml'];
const VNFD = [
  'TOSCA-Metadata/TOSCA.meta',
  'Definitions/v2_sample1_top.vnfd.yaml',
  'Definitions/v2_sample1_types.yaml',
  'Definitions/v2_sample1_df_simple.yaml',
];

/** A Tacker sample zipped as Tacker's tests zip it (ETSI's SOL001 type files in Definitions/) onboards, its VNFD holding them. */
describe('package-catalog: packages as Tacker zips them', () => {
  const catalog = new CatalogHarness();
  let work: string;

  beforeAll(async () => {
    work = await makeTempDir('catalog-tacker-zipped-');
    await catalog.start();
  });
  afterAll(async () => {
    await catalog.dispose();
    await removeDir(work);
  });

  const onboard = async (tackerTypes: boolean) => {
    const { id } = await catalog.request<VnfPkgInfo>('createPackage', {});
    const blob = await catalog.putBlob(await zipCorpusPackage(work, 'vnf-v2-basic-lcms-max', { tackerTypes }));
    await catalog.request('uploadPackageContent', { vnfPkgId: id, blobKey: blob.key, size: blob.size });
    const info = await catalog.settled(id);
    const zip = await catalog.request<PackageFileReply>('getPackageFile', { vnfPkgId: id, file: 'vnfd', accept: ['application/zip'] });
    await catalog.request('modifyPackage', { vnfPkgId: id, operationalState: 'DISABLED' });
    await catalog.request('deletePackage', { vnfPkgId: id });
    return { info, vnfd: Buffer.from((zip as { inline: string }).inline, 'base64').toString('latin1') };
  };

  it('onboards with the type files, and GET .../vnfd returns them with the templates that import them', async () => {
    const { info, vnfd } = await onboard(true);
    expect(info).toMatchObject({ onboardingState: 'ONBOARDED', vnfdId: 'b1bb0ce7-ebca-4fa7-95ed-4840d7000000' });
    for (const path of [...VNFD, ...TYPES]) expect(vnfd).toContain(path);
    expect(vnfd).not.toContain('BaseHOT/');
  });

  it('onboards as copied, its VNFD without type files it does not carry', async () => {
    const { info, vnfd } = await onboard(false);
    expect(info).toMatchObject({ onboardingState: 'ONBOARDED' });
    for (const path of VNFD) expect(vnfd).toContain(path);
    for (const path of TYPES) expect(vnfd).not.toContain(path);
  });
});
