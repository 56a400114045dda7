/** Keystone's view of who exists: domains, projects, users and their role assignments. */

export interface DomainRef {
  readonly id: string;
  readonly name: string;
}

interface RoleRef {
  readonly id: string;
  readonly name: string;
}

export interface ProjectEntry {
  readonly id: string;
  readonly name: string;
  readonly domain: DomainRef;
}

export interface UserEntry {
  readonly id: string;
  readonly name: string;
  readonly domain: DomainRef;
  /** Every password the simulator accepts for this user. */
  readonly passwords: readonly string[];
  /** Ids of the projects the user holds `roles` on. */
  readonly projectIds: readonly string[];
  readonly roles: readonly RoleRef[];
}

/** How an auth request names a user or project: by id, or by name within a domain given by id or name. */
export interface EntityReference {
  readonly id?: string;
  readonly name?: string;
  readonly domain?: { readonly id?: string; readonly name?: string };
}

function matches(entity: { id: string; name: string; domain: DomainRef }, ref: EntityReference): boolean {
  if (ref.id !== undefined) return entity.id === ref.id;
  if (ref.name === undefined || ref.domain === undefined) return false;
  const domainMatches = ref.domain.id !== undefined ? ref.domain.id === entity.domain.id : ref.domain.name === entity.domain.name;
  return domainMatches && entity.name === ref.name;
}

export class IdentityDirectory {
  constructor(
    readonly users: readonly UserEntry[],
    readonly projects: readonly ProjectEntry[],
  ) {}

  findUser(ref: EntityReference): UserEntry | undefined {
    return this.users.find((user) => matches(user, ref));
  }

  findProject(ref: EntityReference): ProjectEntry | undefined {
    return this.projects.find((project) => matches(project, ref));
  }

  projectById(id: string): ProjectEntry | undefined {
    return this.projects.find((project) => project.id === id);
  }
}
