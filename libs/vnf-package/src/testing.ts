export { buildZip, type ZipEntrySpec } from './testing/zip.writer';
export {
  repoRoot,
  corpusPath,
  fixturePath,
  makeTempDir,
  removeDir,
  stageFolders,
  addTackerTypes,
  listFiles,
  zipFolder,
  regenerateDigests,
} from './testing/corpus';
export { signCms } from './testing/cms.signer';
export { largeVnfd, largeVnfdPackage } from './testing/large-vnfd';
