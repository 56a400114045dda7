import type { PlacementAttr, PublicAuthCred, SealedSecrets, VimProject, VimType } from './vim.types';

/** Stream category of the VIM aggregate: `vim-<uuid>`. */
export const VIM_STREAM_PREFIX = 'vim-';
export const vimStream = (vimId: string) => `${VIM_STREAM_PREFIX}${vimId}`;

interface VimRegistered {
  type: 'VimRegistered';
  data: {
    vimId: string;
    name: string;
    description: string;
    vimType: VimType;
    tenantId: string;
    authUrl: string;
    vimProject: VimProject;
    authCred: PublicAuthCred;
    /** Sealed with the VIM's data key; never plain text. */
    sealedSecrets: SealedSecrets;
    extra: Record<string, unknown>;
    isDefault: boolean;
    registeredAt: string;
  };
}

export interface VimFoundReachable {
  type: 'VimFoundReachable';
  data: { checkedAt: string; placementAttr: PlacementAttr; detail: string };
}

export interface VimFoundUnreachable {
  type: 'VimFoundUnreachable';
  data: { checkedAt: string; reason: string };
}

/** Only the fields that changed; `authCred` and `sealedSecrets` replace the old ones whole. */
export interface VimUpdated {
  type: 'VimUpdated';
  data: {
    updatedAt: string;
    name?: string;
    description?: string;
    vimProject?: VimProject;
    authCred?: PublicAuthCred;
    sealedSecrets?: SealedSecrets;
    extra?: Record<string, unknown>;
  };
}

interface VimSetAsDefault {
  type: 'VimSetAsDefault';
  data: { at: string };
}

interface VimUnsetAsDefault {
  type: 'VimUnsetAsDefault';
  /** `replacedBy`: the VIM that became the tenant's default instead. */
  data: { at: string; replacedBy?: string };
}

/** The VIM's data key is destroyed right after: its sealed secrets are unreadable from then on. */
interface VimDeleted {
  type: 'VimDeleted';
  data: { deletedAt: string };
}

export type VimEvent =
  VimRegistered | VimFoundReachable | VimFoundUnreachable | VimUpdated | VimSetAsDefault | VimUnsetAsDefault | VimDeleted;

const VIM_EVENT_TYPES: readonly VimEvent['type'][] = [
  'VimRegistered',
  'VimFoundReachable',
  'VimFoundUnreachable',
  'VimUpdated',
  'VimSetAsDefault',
  'VimUnsetAsDefault',
  'VimDeleted',
];

export const isVimEvent = <E extends { type: string }>(event: E): event is E & VimEvent =>
  (VIM_EVENT_TYPES as readonly string[]).includes(event.type);
