import { confinedTo, type Envelope } from '@vnfm/messaging';

/** For whom a registry request acts (docs/auth.md, "Tenants"). */
export interface VimScope {
  /** The tenant it is confined to; undefined when it sees every tenant's VIMs. */
  confinement: string | undefined;
  /** The tenant it acts in: what it registers belongs to it (unless the body names another), and its default VIM is used when none is named. */
  tenant: string;
}

/**
 * A confined request acts in its own tenant. One that sees every tenant acts
 * in `requested` when it names one (a resolution's `tenant`: the VNF
 * instance's), else in its own tenant, else its principal (the admin token's is `admin`).
 */
export function scopeOf(envelope: Pick<Envelope, 'principal' | 'tenant' | 'allTenants'>, requested?: unknown): VimScope {
  const confinement = confinedTo(envelope);
  const named = typeof requested === 'string' && requested !== '' ? requested : undefined;
  return { confinement, tenant: confinement ?? named ?? envelope.tenant ?? envelope.principal };
}
