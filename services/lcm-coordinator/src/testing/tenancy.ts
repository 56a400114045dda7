import { BusContext, type Envelope } from '@vnfm/messaging';
import type { ServiceRuntime } from '@vnfm/platform';

/** A handler's bus context for a request of a principal confined to `tenant`. */
export const asTenant = (tenant: string) => new BusContext({ principal: `user@${tenant}`, tenant } as Envelope);

/** A request that sees every tenant (the admin token, a cross-tenant role). */
export const unconfined = new BusContext({ principal: 'admin', tenant: 'admin', allTenants: true } as Envelope);

/** A runtime without a store: read models answer from what was applied to them. */
export const storeless = { store: undefined } as unknown as ServiceRuntime;

/** The refusal `run` ends with, as `<status> <code>: <detail>`, or 'accepted'. */
export async function refusalOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return 'accepted';
  } catch (error) {
    const { status, code, detail } = error as { status: number; code: string; detail: string };
    return `${status} ${code}: ${detail}`;
  }
}
