import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { EMPTY_IS_A_VALUE, ENVIRONMENT, SECRET_VARIABLES, VnfmConfig } from './vnfm.config';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the configuration; throws ConfigError listing every problem at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): VnfmConfig {
  const plain: Record<string, unknown> = {};
  for (const [variable, key] of Object.entries(ENVIRONMENT)) {
    const value = env[variable];
    // An empty variable is unset, unless empty is one of its values.
    if (value !== undefined && (value !== '' || EMPTY_IS_A_VALUE.includes(variable))) plain[key] = value;
  }
  const config = plainToInstance(VnfmConfig, plain, { exposeDefaultValues: true });
  const problems = validateSync(config, { forbidUnknownValues: true }).flatMap((error) => {
    const variable = Object.keys(ENVIRONMENT).find((name) => ENVIRONMENT[name] === error.property) ?? error.property;
    const shown = SECRET_VARIABLES.includes(variable) ? '(hidden)' : JSON.stringify(plain[error.property]);
    return Object.values(error.constraints ?? {}).map((message) => `${message} (got ${shown ?? 'nothing'})`);
  });
  if (problems.length > 0) throw new ConfigError([...new Set(problems)]);
  return config;
}
