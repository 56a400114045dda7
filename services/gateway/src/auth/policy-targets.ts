import type { Request } from 'express';
import {
  LCM_COORDINATOR,
  type ListVnfInstancesMessage,
  type ListVnfInstancesReply,
  type VnfInstanceRef,
  type VnfInstanceView,
} from '@vnfm/lcm-domain';
import type { ServiceRuntime } from '@vnfm/platform';
import { VIM_REGISTRY_MESSAGES, type TackerVimView, type VimReply } from '@vnfm/vim-domain';
import { PACKAGE_CATALOG, type PackageRef, type VnfPkgInfo } from '@vnfm/vnf-package-domain';
import type { PolicyTarget } from './policy/enhanced-attributes';
import type { TargetKind } from './policy/rules';
import { packageRefOf } from '../vnf-packages/package-ref';

type VimView = Partial<Pick<TackerVimView, 'extra' | 'vim_project'>>;

/**
 * The attributes of what a request touches, for enhanced-policy rules
 * (docs/policy.md), read from the services that own them, in the
 * requester's tenant (another tenant's id answers 404 before any rule):
 *
 * - a VIM: its area, `extra.area` as registered;
 * - a package: its vendor, the VNFD's provider, once onboarded (`*` before);
 * - a VNF instance: the vendor of its package; once instantiated, the area
 *   of the VIM it runs on and its tenant, the namespace of a CNF's VNFCs or
 *   else the project (namespace) of that VIM (`*` for both before).
 */
export class PolicyTargets {
  constructor(private readonly runtime: ServiceRuntime) {}

  /** The target of a request naming one resource (by its route's parameters), or of a create naming a package; undefined for a list. */
  async of(kind: TargetKind, request: Request): Promise<PolicyTarget | undefined> {
    const params = request.params as Record<string, string | undefined>;
    switch (kind) {
      case 'vim':
        return vimTarget(await this.vim(params['vimId'] ?? ''));
      case 'package':
        return packageTarget(await this.package(packageRefOf(params)));
      case 'instance':
        return this.instance(params['vnfInstanceId'] ?? '');
      case 'vnfd-of-body': {
        // An unknown package gives no vendor, so a vendor check fails: 403 rather than a hint of what exists.
        const vnfdId = (request.body as { vnfdId?: unknown } | undefined)?.vnfdId;
        return typeof vnfdId === 'string' ? packageTarget(await this.package({ vnfdId }).catch(() => undefined)) : {};
      }
      default:
        return undefined;
    }
  }

  /** A list reply with only the items whose target `admits`; an item whose view lacks the attributes (a selector left them out) is read whole. */
  async filter(kind: TargetKind, body: unknown, admits: (target: PolicyTarget) => boolean): Promise<unknown> {
    const kept = async (items: Record<string, unknown>[], targetOf: (item: Record<string, unknown>) => Promise<PolicyTarget>) => {
      const targets = await Promise.all(items.map(targetOf));
      return items.filter((_, index) => admits(targets[index]));
    };
    const id = (item: Record<string, unknown>) => String(item['id']);
    if (kind === 'vim-list' && isVimList(body))
      return { ...body, vims: await kept(body.vims, async (vim) => vimTarget('extra' in vim ? vim : await this.vim(id(vim)))) };
    if (!Array.isArray(body)) return body;
    if (kind === 'package-list')
      return kept(body, async (item) => packageTarget(showsVendor(item) ? item : await this.package({ vnfPkgId: id(item) })));
    if (kind === 'instance-list') {
      // The page's instances whole in one list request, and each VIM they run on read once.
      const views = await this.instances(body.map(id));
      const vims = new Map<string, Promise<VimView | undefined>>();
      return kept(body, async (item) => {
        const view = views.get(id(item));
        return view ? this.instanceTarget(view, vims) : {};
      });
    }
    return body;
  }

  private async instance(vnfInstanceId: string): Promise<PolicyTarget> {
    const ref: VnfInstanceRef = { apiMajor: 2, vnfInstanceId };
    const view = await this.runtime.bus.request<VnfInstanceView>(LCM_COORDINATOR.getVnfInstance, ref, { key: vnfInstanceId });
    return this.instanceTarget(view, new Map());
  }

  /** The instances of `ids` (those still there), whole, by one SOL 013 filtered list. */
  private async instances(ids: string[]): Promise<Map<string, Partial<VnfInstanceView>>> {
    if (ids.length === 0) return new Map();
    const message: ListVnfInstancesMessage = { apiMajor: 2, query: { filter: `(in,id,${ids.join(',')})`, allFields: true } };
    const reply = await this.runtime.bus.request<ListVnfInstancesReply>(LCM_COORDINATOR.listVnfInstances, message);
    return new Map(reply.items.map((view) => [String(view.id), view]));
  }

  private async instanceTarget(view: Partial<VnfInstanceView>, vimsRead: Map<string, Promise<VimView | undefined>>): Promise<PolicyTarget> {
    const vendor = view.vnfProvider;
    if (view.instantiationState === 'NOT_INSTANTIATED') return defined({ vendor, area: '*', tenant: '*' });
    const read = (vimId: string) => {
      if (!vimsRead.has(vimId))
        vimsRead.set(
          vimId,
          this.vim(vimId).catch(() => undefined),
        );
      return vimsRead.get(vimId) as Promise<VimView | undefined>;
    };
    const connections = Object.values((view.vimConnectionInfo ?? {}) as Record<string, { vimId: string }>);
    const vims = await Promise.all(connections.map((connection) => read(connection.vimId)));
    const area = vims.map((vim) => (vim ? vimTarget(vim).area : undefined)).find(Boolean);
    const namespace = view.instantiatedVnfInfo?.vnfcResourceInfo
      .map((vnfc) => vnfc.metadata?.['namespace'])
      .find((value): value is string => typeof value === 'string');
    return defined({ vendor, area, tenant: namespace ?? vims.find(Boolean)?.vim_project?.name });
  }

  private async vim(vimId: string): Promise<VimView> {
    return (await this.runtime.bus.request<VimReply>(VIM_REGISTRY_MESSAGES.getVim, { vimId }, { key: vimId })).vim;
  }

  private package(ref: PackageRef): Promise<VnfPkgInfo> {
    return this.runtime.bus.request<VnfPkgInfo>(PACKAGE_CATALOG.getPackage, ref, { key: 'vnfPkgId' in ref ? ref.vnfPkgId : ref.vnfdId });
  }
}

const defined = (target: PolicyTarget): PolicyTarget =>
  Object.fromEntries(Object.entries(target).filter(([, value]) => typeof value === 'string')) as PolicyTarget;

const vimTarget = (vim: VimView): PolicyTarget =>
  defined({ area: typeof vim.extra?.['area'] === 'string' ? vim.extra['area'] : undefined });

const packageTarget = (info: Partial<Pick<VnfPkgInfo, 'onboardingState' | 'vnfProvider'>> | undefined): PolicyTarget =>
  info === undefined ? {} : info.onboardingState !== 'ONBOARDED' ? { vendor: '*' } : defined({ vendor: info.vnfProvider });

/** Whether a package's view tells its vendor: its state, and its provider once onboarded (a selector may leave either out). */
const showsVendor = (item: Record<string, unknown>) =>
  'onboardingState' in item && (item['onboardingState'] !== 'ONBOARDED' || 'vnfProvider' in item);

const isVimList = (body: unknown): body is { vims: Record<string, unknown>[] } =>
  typeof body === 'object' && body !== null && Array.isArray((body as { vims?: unknown }).vims);
