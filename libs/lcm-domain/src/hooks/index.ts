export { hookArtifactsOf, refuseUnrunnableHooks } from './hook-runner';
export { hookContextOf, hookVnfdIdOf, type HookContextInput } from './hook-context';
export { HOOK_OUTPUTS_KEY, hookOutputChanges, hookOutputRefusal } from './hook-outputs';
