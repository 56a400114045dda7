import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { corpusPath } from '@vnfm/vnf-package/testing';

export interface RegisterOptions {
  name: string;
  description?: string;
  isDefault?: boolean;
}

/**
 * The `POST /v1.0/vims` body python-tackerclient builds from a VIM config
 * file (`openstack vim register --config-file F NAME`), following its
 * CreateVIM.args2body and vim_utils.args2body_vim.
 */
export function tackerRegisterBody(config: Record<string, unknown>, options: RegisterOptions): { vim: Record<string, unknown> } {
  const rest = { ...config };
  const take = (key: string, fallback: unknown = '') => {
    const value = key in rest ? rest[key] : fallback;
    delete rest[key];
    return value;
  };
  const vim: Record<string, unknown> = { auth_url: take('auth_url'), type: take('type', 'openstack') };
  if (vim.type === 'openstack') {
    vim.vim_project = { name: take('project_name'), project_domain_name: take('project_domain_name') };
    vim.auth_cred = {
      username: take('username'),
      password: take('password'),
      user_domain_name: take('user_domain_name'),
      cert_verify: take('cert_verify', 'True'),
    };
  } else {
    vim.vim_project = { name: take('project_name') };
    const authCred: Record<string, unknown> = {};
    if ('oidc_token_url' in rest) {
      for (const key of ['oidc_token_url', 'username', 'password', 'client_id']) authCred[key] = take(key);
      if ('client_secret' in rest) authCred.client_secret = take('client_secret');
    } else if ('username' in rest && 'password' in rest) {
      authCred.username = take('username');
      authCred.password = take('password');
    } else authCred.bearer_token = take('bearer_token');
    const ca = take('ssl_ca_cert');
    if (ca) authCred.ssl_ca_cert = ca;
    vim.auth_cred = authCred;
    const extra = take('extra', {});
    if (extra && Object.keys(extra).length > 0) vim.extra = extra;
  }
  return { vim: { ...vim, name: options.name, description: options.description, is_default: options.isDefault ?? false } };
}

/** A VIM config file of the corpus (`vim-configs/<file>`), parsed as YAML like the client does. */
export function corpusVimConfig(file: string): Record<string, unknown> {
  return parse(readFileSync(corpusPath('tacker', 'vim-configs', file), 'utf8')) as Record<string, unknown>;
}
