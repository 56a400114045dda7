import { setTimeout as sleep } from 'node:timers/promises';
import { imageNotActive, imageUploads, instanceImageTag, pollDelayMs, type ImageUpload } from '@vnfm/openstack-heat';
import type { VnfdFlavour, VnfdModel } from '@vnfm/vnfd';
import type { StepContext } from './step-context';

/**
 * The images a template built from the VNFD boots from, put into Glance
 * before its stack as Tacker v1 does (pre_instantiation_vnf): each created
 * private to the project, its data uploaded from the package (or imported by
 * Glance from the artifact's URL), awaited until active. An image an earlier
 * attempt of the step made is taken as it is when active, else deleted and
 * made again. Returns the Glance id of each by VDU or storage id.
 */
export async function uploadImages(context: StepContext, vnfd: VnfdModel, flavour: VnfdFlavour): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const upload of imageUploads(vnfd, flavour, context.message.vnfInstanceId))
    ids[upload.nodeId] = await uploadImage(context, vnfd.vnfdId, upload);
  return ids;
}

/** Terminate: every image uploaded for the instance goes, after its stack (Tacker v1 delete_vnf_instance_resource). */
export async function deleteImages(context: StepContext): Promise<void> {
  // A cloud whose catalog lists no Glance has no image the VNFM put there.
  if (!(await context.glance.available())) return;
  for (const image of await context.glance.withTags([instanceImageTag(context.message.vnfInstanceId)]))
    await context.glance.delete(image.id);
}

async function uploadImage(context: StepContext, vnfdId: string, upload: ImageUpload): Promise<string> {
  const { glance } = context;
  for (const earlier of await glance.withTags(upload.request.tags)) {
    if (earlier.status === 'active') return earlier.id;
    await glance.delete(earlier.id);
  }
  const id = await glance.create(upload.request);
  if ('url' in upload.source) await glance.importFrom(id, upload.source.url);
  else {
    const { file } = upload.source;
    await glance.upload(id, () => context.packages.read(vnfdId, file), Math.max(1, context.deadline - Date.now()));
  }
  await awaitActive(context, id, upload.request.name);
  return id;
}

async function awaitActive(context: StepContext, id: string, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const image = await context.glance.get(id);
    if (image?.status === 'active') return;
    if (!image) throw imageNotActive(name, `image ${id} was deleted`);
    if (image.status === 'killed' || image.status === 'deactivated') throw imageNotActive(name, `image ${id} is ${image.status}`);
    if (image.status === 'queued' && image.failedImport) throw imageNotActive(name, `Glance could not import image ${id} from its URL`);
    const remaining = context.deadline - Date.now();
    if (remaining <= 0) throw imageNotActive(name, `image ${id} was still ${image.status} when the step's time ran out`);
    await sleep(pollDelayMs(attempt, remaining), undefined, { signal: context.signal });
  }
}
