import type { Provider } from '@nestjs/common';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { HostKeyPins } from './host-key-pins';
import { REMOTE_SHELL } from './remote-shell';
import { SshRemoteShell } from './ssh-remote-shell';

/** The runner's RemoteShell: SSH with host keys pinned in the runner's own event store. */
export const sshShellProvider: Provider = {
  provide: REMOTE_SHELL,
  useFactory: (runtime: ServiceRuntime) => {
    if (!runtime.store) throw new Error('mgmt-driver-runner needs an event store to pin SSH host keys');
    return new SshRemoteShell(new HostKeyPins(runtime.store));
  },
  inject: [SERVICE_RUNTIME],
};
