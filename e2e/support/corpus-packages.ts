import { isRecord } from '@vnfm/util';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { VnfPkgInfo } from '@vnfm/vnf-package-domain';
import { addTackerTypes, corpusPath, fixturePath, regenerateDigests, stageFolders, zipFolder } from '@vnfm/vnf-package/testing';
import { getJson, type GatewayHttp } from './lcm-http';
import { pollUntil } from './poll';

export interface StageOptions {
  /** Drop the Vnflcm hooks that name an implementation (a MgmtDriver this VNFM does not run). */
  stripHooks?: boolean;
  /** Put ETSI's SOL001 type files in Definitions/, as Tacker's tests zip their samples. */
  tackerTypes?: boolean;
  /**
   * Rewrite TOSCA.meta's digests for the files as staged: the corpus lacks some
   * upstream scripts (kubespray, kubeadm) and its stand-ins cannot match them.
   */
  restampDigests?: boolean;
  /** Imports to drop from Definitions/ (flavours the corpus copy omitted, e.g. kubeadm's podaffinity). */
  dropImports?: string[];
  /** Give the VNFD this id instead of its own (Tacker's basic_lcms_max and userdata_standard samples share one; a VNFM holds one package per vnfdId). */
  vnfdId?: { from: string; to: string };
  /** Folders copied over the package as staged (files added or replaced: another release of it). */
  extraFolders?: string[];
}

/** The hooks with an implementation dropped from every node template's Vnflcm interface of one YAML text; undefined when none. */
function withoutHooks(text: string): string | undefined {
  const documents = parseAllDocuments(text);
  let changed = false;
  for (const document of documents) {
    const templates = document.getIn(['topology_template', 'node_templates']) as { items?: { key: unknown; value: unknown }[] } | undefined;
    for (const item of templates?.items ?? []) {
      const name = String((item.key as { value?: unknown })?.value ?? item.key);
      const vnflcm = document.getIn(['topology_template', 'node_templates', name, 'interfaces', 'Vnflcm']) as
        { toJSON?: () => unknown } | undefined;
      const hooks = vnflcm?.toJSON?.();
      if (!isRecord(hooks)) continue;
      for (const [hook, declaration] of Object.entries(hooks)) {
        if (isRecord(declaration) && declaration['implementation'] !== undefined) {
          document.deleteIn(['topology_template', 'node_templates', name, 'interfaces', 'Vnflcm', hook]);
          changed = true;
        }
      }
    }
  }
  return changed ? documents.map((document) => document.toString()).join('') : undefined;
}

/** A Tacker corpus package zipped as Tacker zips it, optionally with its MgmtDriver hooks stripped (a staged copy; the corpus is untouched). */
export async function zipStagedPackage(work: string, name: string, options: StageOptions = {}): Promise<Buffer> {
  const stage = await stageFolders(
    work,
    ...[corpusPath('tacker', name), fixturePath('tacker', name)].filter((path) => existsSync(path)),
    ...(options.extraFolders ?? []),
  );
  if (options.tackerTypes) await addTackerTypes(stage);
  if (options.stripHooks) {
    const definitions = join(stage, 'Definitions');
    for (const file of (await readdir(definitions)).filter((entry) => /\.ya?ml$/.test(entry))) {
      const stripped = withoutHooks(await readFile(join(definitions, file), 'utf8'));
      if (stripped !== undefined) await writeFile(join(definitions, file), stripped);
    }
  }
  const definitions = join(stage, 'Definitions');
  for (const file of await readdir(definitions)) {
    const text = await readFile(join(definitions, file), 'utf8');
    const edited = (options.dropImports ?? []).reduce(
      (t, name) => t.replace(new RegExp(`^\\s*- ${name.replace(/\./g, '\\.')}\\s*$\\n`, 'm'), ''),
      options.vnfdId ? text.replaceAll(options.vnfdId.from, options.vnfdId.to) : text,
    );
    if (edited !== text) await writeFile(join(definitions, file), edited);
  }
  if (options.restampDigests || options.stripHooks || options.vnfdId || options.dropImports || options.extraFolders)
    await regenerateDigests(stage, ['TOSCA-Metadata/TOSCA.meta']);
  const variant = `${options.stripHooks ? '-nohooks' : ''}${options.tackerTypes ? '-tacker-types' : ''}`;
  return readFile(await zipFolder(stage, join(work, `${name}${variant}-${Date.now()}.zip`)));
}

/** Onboards a zipped package over /vnfpkgm/v1; the package info once ONBOARDED (throws with the failure details otherwise). */
export async function onboardZip(http: GatewayHttp, name: string, zip: Buffer): Promise<VnfPkgInfo> {
  const { id } = (await (await http('/vnfpkgm/v1/vnf_packages', { method: 'POST', body: '{}' })).json()) as VnfPkgInfo;
  const put = await http(`/vnfpkgm/v1/vnf_packages/${id}/package_content`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/zip' },
    body: zip,
  });
  if (put.status !== 202) throw new Error(`uploading ${name} answered ${put.status}: ${await put.text()}`);
  const info = await pollUntil(
    `package ${name} onboarded`,
    () => getJson<VnfPkgInfo>(http, `/vnfpkgm/v1/vnf_packages/${id}`),
    (pkg) => ['ONBOARDED', 'ERROR'].includes(pkg.onboardingState),
    120_000,
  );
  if (info.onboardingState !== 'ONBOARDED') throw new Error(`package ${name}: ${JSON.stringify(info.onboardingFailureDetails)}`);
  return info;
}
