export { buildZip, type ZipEntrySpec } from './testing/zip.writer';
export {
  repoRoot,
  corpusPath,
  fixturePath,
  makeTempDir,
  removeDir,
  stageFolders,
  addTackerTypes,
  zipFolder,
  regenerateDigests,
} from './testing/corpus';
export { signCms } from './testing/cms.signer';
export { corpusSigner, selfSignedSigner, stageSignedVnf, type TestSigner } from './testing/signed-package';
export { largeVnfd, largeVnfdPackage } from './testing/large-vnfd';
