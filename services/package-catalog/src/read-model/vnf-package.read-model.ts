import { Injectable } from '@nestjs/common';
import { blobKeysOf, evolve, toVnfPkgInfo, type VnfPackage, type VnfPackageEvent, type VnfPkgInfo } from '@vnfm/vnf-package-domain';

export interface PackageEntry {
  /** Creation order, the paging position of list queries. */
  seq: number;
  /** Revision of the last event applied. */
  revision: number;
  state: VnfPackage;
  /** The VnfPkgInfo representation, kept ready so list queries filter without building one per package. */
  view: VnfPkgInfo;
}

/**
 * Every VNF package in memory, projected from the catalog's own event store:
 * list queries filter and page it, gets look it up. Events may arrive twice
 * (after a command and again from the subscription): each is applied once,
 * in stream order, by revision. Deleted packages stay as tombstones so a
 * late duplicate cannot bring them back.
 */
@Injectable()
export class VnfPackageReadModel {
  private readonly entries = new Map<string, PackageEntry>();
  /** The ids of onboarded packages by vnfdId: at most one per tenant, onboarding refuses a second. */
  private readonly byVnfdId = new Map<string, Set<string>>();
  private readonly blobHolders = new Map<string, Set<string>>();
  private nextSeq = 0;

  apply(vnfPkgId: string, revision: number, event: VnfPackageEvent): void {
    const entry = this.entries.get(vnfPkgId);
    if (revision !== (entry ? entry.revision + 1 : 0)) return;
    const state = evolve(entry?.state, event);
    if (!state) return;
    if (entry) this.unindex(entry.state);
    this.index(state);
    this.entries.set(vnfPkgId, { seq: entry?.seq ?? this.nextSeq++, revision, state, view: toVnfPkgInfo(state) });
  }

  /** A package that exists (not deleted). */
  get(vnfPkgId: string): PackageEntry | undefined {
    const entry = this.entries.get(vnfPkgId);
    return entry && !entry.state.deleted ? entry : undefined;
  }

  /** The last state and revision applied, deleted or not: where the repository starts deciding from. */
  latest(vnfPkgId: string): Pick<PackageEntry, 'state' | 'revision'> | undefined {
    return this.entries.get(vnfPkgId);
  }

  /** The onboarded packages holding this VNFD, of every tenant (a vnfdId is unique within a tenant only). */
  withVnfdId(vnfdId: string): PackageEntry[] {
    return [...(this.byVnfdId.get(vnfdId) ?? [])].flatMap((id) => this.get(id) ?? []);
  }

  /** Existing packages in creation order. */
  *list(): Iterable<PackageEntry> {
    for (const entry of this.entries.values()) if (!entry.state.deleted) yield entry;
  }

  /** Existing ONBOARDED packages in creation order. */
  *listOnboarded(): Iterable<PackageEntry> {
    for (const entry of this.list()) if (entry.state.onboardingState === 'ONBOARDED') yield entry;
  }

  isBlobHeld(blobKey: string): boolean {
    return (this.blobHolders.get(blobKey)?.size ?? 0) > 0;
  }

  private index(state: VnfPackage): void {
    if (!state.deleted && state.onboardingState === 'ONBOARDED' && state.onboarded) {
      const ids = this.byVnfdId.get(state.onboarded.vnfdId) ?? new Set<string>();
      this.byVnfdId.set(state.onboarded.vnfdId, ids.add(state.id));
    }
    for (const key of blobKeysOf(state)) {
      const holders = this.blobHolders.get(key) ?? new Set<string>();
      holders.add(state.id);
      this.blobHolders.set(key, holders);
    }
  }

  private unindex(state: VnfPackage): void {
    if (state.onboarded) {
      const ids = this.byVnfdId.get(state.onboarded.vnfdId);
      ids?.delete(state.id);
      if (ids?.size === 0) this.byVnfdId.delete(state.onboarded.vnfdId);
    }
    for (const key of blobKeysOf(state)) {
      const holders = this.blobHolders.get(key);
      holders?.delete(state.id);
      if (holders?.size === 0) this.blobHolders.delete(key);
    }
  }
}
