import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { DEFAULT_CSAR_LIMITS } from './csar-limits';
import { resolveCsarLayout, type CsarLayout } from './csar-layout.resolver';
import { packagePathOf } from './entry-name';
import { parseManifest, type Manifest } from './manifest.parser';
import { mapAdditionalArtifacts, mapSoftwareImages } from './package-artifacts.mapper';
import { FileDigester, planDigests, type ExpectedDigest } from './package-integrity.verifier';
import { checkPackageSignature } from './package-signature.checker';
import { PackageError } from './package.error';
import { readSignedZip } from './signed-zip.reader';
import { TOSCA_META_PATH } from './tosca-meta.parser';
import type { LoadedPackage, LoadOptions, PackageSignature } from './vnf-package.types';
import { DEFAULT_VNFD_LIMITS, type VnfdLimits } from './vnfd-limits';
import type { VnfdModelTask } from './vnfd-model.task';
import { vnfdModelThread } from './vnfd-model.thread';
import { ZipArchive, type ZipFileEntry } from './zip-reader';

/** TOSCA.meta, manifests, certificates and templates are read into memory; nothing that large is one. */
const MAX_METADATA_BYTES = 16 * 1024 * 1024;
// Folders SOL004 and Tacker use for artifacts rather than service templates.
const NOT_TEMPLATES = /^(Files|BaseHOT|Artifacts|Scripts|Licenses|Tests|UserData)\//;

type OpenArchive = () => Promise<ZipArchive>;

/**
 * Reads and validates a SOL004 CSAR (or a SOL004 option 2 signed zip around
 * one) and builds its VNFD model. Every file is read once, hashed and checked
 * against the manifest and TOSCA.meta before the model is built; any refusal
 * is a `PackageError`, and nothing partial is returned.
 */
export async function loadVnfPackage(zipPath: string, options: LoadOptions = {}): Promise<LoadedPackage> {
  const limits = options.limits ?? DEFAULT_CSAR_LIMITS;
  const checksum = { algorithm: 'SHA-256' as const, hash: await sha256OfFile(zipPath) };
  const label = basename(zipPath);
  const outer = await ZipArchive.open(zipPath, limits, label);
  try {
    const signedZip = await readSignedZip(outer);
    if (!signedZip) return { checksum, ...(await readCsar(outer, options, () => ZipArchive.open(zipPath, limits, label))) };
    const signature = await checkPackageSignature(signedZip.material, options);
    const csar = signedZip.material.content;
    const openInner = () => ZipArchive.open(csar, limits, signedZip.csarPath);
    const inner = await openInner();
    try {
      const contents = await readCsar(inner, { ...options, requireSignature: false }, openInner);
      return { checksum, ...contents, signature };
    } finally {
      inner.close();
    }
  } finally {
    outer.close();
  }
}

async function readCsar(archive: ZipArchive, options: LoadOptions, reopen: OpenArchive): Promise<Omit<LoadedPackage, 'checksum'>> {
  const files = new Set(archive.files.map((file) => file.path));
  const toscaMeta = files.has(TOSCA_META_PATH) ? (await readMetadata(archive, TOSCA_META_PATH)).toString('utf8') : undefined;
  const layout = resolveCsarLayout(files, archive.directories, toscaMeta);
  const vnfdLimits = options.vnfdLimits ?? DEFAULT_VNFD_LIMITS;
  const templateFiles = archive.files.filter((file) => isTemplate(file, layout.entryDefinitions));
  checkTemplateBytes(templateFiles, vnfdLimits);
  const manifest = layout.manifestPath ? parseManifest(await readMetadata(archive, layout.manifestPath), layout.manifestPath) : undefined;
  const signature = await checkManifestSignature(archive, layout, manifest, options);
  const plan = planDigests(files, layout.manifestPath, manifest, layout.toscaMeta);
  const { sha256, templates } = await readAllFiles(archive, plan, new Set(templateFiles.map((file) => file.path)));
  const task = {
    entryDefinitions: layout.entryDefinitions,
    templates,
    packageFiles: [...files],
    maxNodeTemplates: vnfdLimits.maxNodeTemplates,
  };
  const { model: vnfd, vnfdFiles } = await vnfdModelThread.build(task, vnfdLimits.maxBuildMs);
  const excluded = new Set([TOSCA_META_PATH, layout.manifestPath ?? '', ...layout.certificatePaths, ...signatureFiles(manifest)]);
  const listedPaths = [...(manifest?.sources ?? []), ...(layout.toscaMeta?.fileDigests ?? [])].map((entry) => entry.path);
  const streamFile = async (path: string, onChunk: (chunk: Buffer) => void) => {
    const wanted = packagePathOf(path).path;
    if (!files.has(wanted)) throw new PackageError('MISSING_FILE', `${wanted} is not in the package`);
    const again = await reopen();
    try {
      await again.stream(wanted, onChunk);
    } finally {
      again.close();
    }
  };
  return {
    entryDefinitions: layout.entryDefinitions,
    toscaMeta: layout.toscaMeta?.keys,
    manifestPath: layout.manifestPath,
    manifestMetadata: manifest?.metadata,
    files: archive.files.map((file) => ({ path: file.path, size: file.uncompressedSize })).sort((a, b) => a.path.localeCompare(b.path)),
    signature,
    vnfd,
    vnfdFiles,
    softwareImages: mapSoftwareImages(vnfd),
    additionalArtifacts: mapAdditionalArtifacts(vnfd, plan, layout.toscaMeta, sha256, excluded, listedPaths),
    readFile: async (path: string) => {
      const chunks: Buffer[] = [];
      await streamFile(path, (chunk) => chunks.push(chunk));
      return Buffer.concat(chunks);
    },
    streamFile,
  };
}

async function checkManifestSignature(
  archive: ZipArchive,
  layout: CsarLayout,
  manifest: Manifest | undefined,
  options: LoadOptions,
): Promise<PackageSignature> {
  const certificates = await Promise.all(layout.certificatePaths.map(async (path) => ({ path, bytes: await readMetadata(archive, path) })));
  return checkPackageSignature(
    {
      label: layout.manifestPath ?? 'the package (no manifest)',
      content: manifest?.signedContent ?? Buffer.alloc(0),
      signature: manifest?.cms ? Buffer.from(manifest.cms) : undefined,
      certificates,
      scheme: 'manifest',
    },
    options,
  );
}

/** Service templates: the entry definitions and every YAML file outside the folders SOL004 and Tacker use for artifacts. */
const isTemplate = (file: ZipFileEntry, entryDefinitions: string): boolean =>
  file.path === entryDefinitions || (/\.ya?ml$/i.test(file.path) && !NOT_TEMPLATES.test(file.path));

/** Refused from the zip's sizes, before anything is inflated (the zip reader holds each entry to its size). */
function checkTemplateBytes(templates: readonly ZipFileEntry[], limits: VnfdLimits): void {
  const total = templates.reduce((sum, file) => sum + file.uncompressedSize, 0);
  if (total <= limits.maxTemplateBytes) return;
  const largest = [...templates].sort((a, b) => b.uncompressedSize - a.uncompressedSize)[0];
  throw new PackageError(
    'VNFD_TOO_LARGE',
    `the package's service templates hold ${total} bytes (${largest.path}: ${largest.uncompressedSize}), more than the ${limits.maxTemplateBytes} a VNFD may have`,
  );
}

/** One pass over every file: digests checked, SHA-256 kept, service templates kept for the model thread. */
async function readAllFiles(archive: ZipArchive, plan: readonly ExpectedDigest[], templatePaths: ReadonlySet<string>) {
  const sha256 = new Map<string, string>();
  const templates: VnfdModelTask['templates'] = [];
  for (const file of archive.files) {
    const digester = new FileDigester(
      file.path,
      plan.filter((digest) => digest.path === file.path),
    );
    const isTemplate = templatePaths.has(file.path);
    const chunks: Buffer[] = [];
    await archive.stream(file.path, (chunk) => {
      digester.update(chunk);
      if (isTemplate) chunks.push(chunk);
    });
    const digest = digester.finish();
    sha256.set(file.path, digest);
    if (isTemplate) templates.push({ path: file.path, bytes: Buffer.concat(chunks), sha256: digest });
  }
  return { sha256, templates };
}

async function readMetadata(archive: ZipArchive, path: string): Promise<Buffer> {
  const size = archive.files.find((file) => file.path === path)?.uncompressedSize ?? 0;
  if (size > MAX_METADATA_BYTES)
    throw new PackageError('TOO_LARGE', `${path} is ${size} bytes, more than the ${MAX_METADATA_BYTES} allowed for package metadata`);
  return archive.read(path);
}

const signatureFiles = (manifest: Manifest | undefined): string[] =>
  (manifest?.sources ?? []).flatMap((source) => [source.signature, source.certificate]).filter((path): path is string => !!path);

async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
