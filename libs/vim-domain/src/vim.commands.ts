import type { PublicAuthCred, Reachability, SealedSecrets, SealedVimRegistration, VimProject } from './vim.types';

/** What an update may change (Tacker: `type` and `auth_url` are fixed at registration). */
export interface VimChanges {
  name?: string;
  description?: string;
  vimProject?: VimProject;
  authCred?: PublicAuthCred;
  sealedSecrets?: SealedSecrets;
  extra?: Record<string, unknown>;
  isDefault?: boolean;
}

export interface RegisterVim {
  type: 'RegisterVim';
  data: { vimId: string; registration: SealedVimRegistration; reachability: Reachability; now: string };
}

/** `reachability`: the result of checking the changed credentials, when they changed. */
export interface UpdateVim {
  type: 'UpdateVim';
  data: { changes: VimChanges; reachability?: Reachability; now: string };
}

/** Another VIM of the same tenant became the default. */
export interface UnsetDefaultVim {
  type: 'UnsetDefaultVim';
  data: { replacedBy: string; now: string };
}

interface DeleteVim {
  type: 'DeleteVim';
  data: { now: string };
}

export type VimCommand = RegisterVim | UpdateVim | UnsetDefaultVim | DeleteVim;
