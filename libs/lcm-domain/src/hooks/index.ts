export { hookArtifactsOf, refuseUnrunnableHooks } from './hook-runner';
export { hookContextOf, hookVnfdIdOf } from './hook-context';
export { HOOK_OUTPUTS_KEY } from './hook-outputs';
