import { AsyncLocalStorage } from 'node:async_hooks';

/** Who asked for the work in progress and which message caused it. */
export interface MessageContext {
  correlationId: string;
  /** Id of the message (HTTP request, command, event) being handled. */
  causationId: string;
  /** Who acts; the HTTP edge fills it in once the request is authenticated. */
  principal: string;
  /** The tenant it acts in (a Keystone token's project, an OAuth tenant claim), when the credential names one. */
  tenant?: string;
  /** The principal may see every tenant's resources. */
  allTenants?: boolean;
}

const storage = new AsyncLocalStorage<MessageContext>();

export function runWithContext<T>(context: MessageContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentContext(): MessageContext | undefined {
  return storage.getStore();
}
