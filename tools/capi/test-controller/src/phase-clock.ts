/** When the controller first saw each object in a phase: the simulated provisioning takes real time, measured from there. */
export class PhaseClock {
  private readonly seen = new Map<string, number>();

  /** Milliseconds since the object (by uid) was first seen in `phase`. */
  elapsed(uid: string, phase: string): number {
    const key = `${uid}/${phase}`;
    const first = this.seen.get(key) ?? Date.now();
    this.seen.set(key, first);
    return Date.now() - first;
  }

  /** The object is gone: forget it. */
  forget(uid: string): void {
    for (const key of this.seen.keys()) if (key.startsWith(`${uid}/`)) this.seen.delete(key);
  }
}
