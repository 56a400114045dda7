import type { PlacementAttr } from '@vnfm/vim-domain';

/** What one reachability check found, before it is timestamped. */
export type CheckOutcome = { reachable: true; placementAttr: PlacementAttr; detail: string } | { reachable: false; reason: string };
