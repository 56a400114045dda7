/**
 * Leases: which replica of a service looks after a thing (an operation
 * occurrence, a running step, a subscriber's deliveries) right now. A lease
 * is held for a time-to-live and must be renewed before it runs out; once it
 * has run out, any replica may take it. With one replica (the embedded
 * store) every lease is always this replica's.
 */
export interface Leases {
  /** Who this replica is, as the leases name it. */
  readonly holder: string;
  /** Whether other replicas may hold leases (a shared store); false: this replica is the only one. */
  readonly shared: boolean;
  /** Takes `name`, or keeps it, unless another replica holds it and its time has not run out; true when this replica holds it. */
  acquire(name: string): Promise<boolean>;
  /** Takes `name` whoever holds it: this replica is doing the work now (a peer that held it learns so at its next renewal). */
  take(name: string): Promise<void>;
  /** Extends the leases among `names` this replica still holds; returns those (the rest were taken over). */
  renew(names: string[]): Promise<string[]>;
  /** Lets `name` go at once (the thing is done), when this replica holds it. */
  release(name: string): Promise<void>;
}

/** The one replica of a service on the embedded store: every lease is its own. */
export class LocalLeases implements Leases {
  readonly shared = false;

  constructor(readonly holder: string) {}

  async acquire(): Promise<boolean> {
    return true;
  }

  async take(): Promise<void> {
    // Always this replica's.
  }

  async renew(names: string[]): Promise<string[]> {
    return names;
  }

  async release(): Promise<void> {
    // Nothing to let go: nobody else could take it.
  }
}
