import type { Envelope } from './envelope';

/**
 * Tenancy on the bus (docs/auth.md, "Tenants"). Every resource a request
 * creates belongs to the request's tenant; a request sees and touches only
 * its tenant's resources unless its principal may act in all tenants. The
 * gateway refuses any outside request that has neither a tenant nor that
 * right, so a message with neither is the product's own work (a workflow
 * step, a recovery), which sees everything.
 */
type Scoped = Pick<Envelope, 'tenant' | 'allTenants'>;

/** The tenant a request is confined to; undefined when it sees every tenant. */
export const confinedTo = (envelope: Scoped): string | undefined => (envelope.allTenants ? undefined : envelope.tenant);

/** Whether a request confined to `confinement` may see a resource owned by `owner` (a resource of no tenant: only unconfined ones). */
export const sees = (confinement: string | undefined, owner: string | undefined): boolean =>
  confinement === undefined || owner === confinement;

/** The tenant that owns what the request creates. */
export const ownerOf = (envelope: Scoped): string | undefined => envelope.tenant;
