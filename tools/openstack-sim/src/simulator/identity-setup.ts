import { type DomainRef, IdentityDirectory, type ProjectEntry, type UserEntry } from '../identity/identity-directory';
import { stableHexId } from '../common/ids';
import { DEFAULT_PROJECTS, DEFAULT_ROLES, DEFAULT_USERS, type OpenStackSimulatorOptions } from './simulator-options';

/** What a client needs to authenticate (the fields of a Tacker VIM config). */
export interface SimCredentials {
  /** Like `auth_url` in a VIM config: Keystone without the version. */
  readonly authUrl: string;
  readonly username: string;
  readonly password: string;
  /** Every password accepted for `username` (`password` is the first). */
  readonly acceptedPasswords: readonly string[];
  readonly projectName: string;
  readonly projectId: string;
  readonly userDomainName: string;
  readonly projectDomainName: string;
  readonly region: string;
}

/** Keystone's default domain has the id "default"; other domains get stable hex ids. */
function domainRef(name = 'Default'): DomainRef {
  return { id: name === 'Default' ? 'default' : stableHexId(`domain:${name}`), name };
}

/** The identity directory the options describe (defaults: project nfv, user nfv_user). */
export function buildDirectory(options: OpenStackSimulatorOptions): IdentityDirectory {
  const projects: ProjectEntry[] = (options.projects ?? DEFAULT_PROJECTS).map((project) => {
    const domain = domainRef(project.domain);
    return { id: project.id ?? stableHexId(`project:${domain.id}:${project.name}`), name: project.name, domain };
  });
  const users: UserEntry[] = (options.users ?? DEFAULT_USERS).map((user) => {
    const domain = domainRef(user.domain);
    const projectIds = (user.projects ?? projects.map((project) => project.name)).map((name) => {
      const project = projects.find((candidate) => candidate.name === name);
      if (project === undefined) throw new Error(`User ${user.name} refers to unknown project ${name}`);
      return project.id;
    });
    const roles = (user.roles ?? DEFAULT_ROLES).map((name) => ({ id: stableHexId(`role:${name}`), name }));
    return {
      id: user.id ?? stableHexId(`user:${domain.id}:${user.name}`),
      name: user.name,
      domain,
      passwords: user.passwords,
      projectIds,
      roles,
    };
  });
  return new IdentityDirectory(users, projects);
}

/** The first user's first password on its first project. */
export function primaryCredentials(directory: IdentityDirectory, authUrl: string, region: string): SimCredentials {
  const user = directory.users[0];
  const project = user === undefined ? undefined : directory.projectById(user.projectIds[0]);
  if (user === undefined || project === undefined || user.passwords.length === 0)
    throw new Error('The simulator needs a user with a password and a project');
  return {
    authUrl,
    username: user.name,
    password: user.passwords[0],
    acceptedPasswords: user.passwords,
    projectName: project.name,
    projectId: project.id,
    userDomainName: user.domain.name,
    projectDomainName: project.domain.name,
    region,
  };
}
