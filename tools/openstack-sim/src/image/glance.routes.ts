import type { Clock } from '../common/clock';
import { newUuid } from '../common/ids';
import { isRecord } from '../common/records';
import { ApiError, OctetStreamBody, type SimRequest } from '../http/http-types';
import type { Router } from '../http/router';
import type { AuthGuard } from '../identity/auth-guard';
import { imageView } from './glance-views';
import type { ImageRecord, ImageRegistry } from './image-registry';
import type { WebDownloads } from './web-download';

export interface GlanceRouteDeps {
  readonly guard: AuthGuard;
  readonly images: ImageRegistry;
  readonly downloads: WebDownloads;
  readonly clock: Clock;
}

/** Glance's enumerations (Image API v2, "Create image"). */
const DISK_FORMATS = ['ami', 'ari', 'aki', 'vhd', 'vhdx', 'vmdk', 'raw', 'qcow2', 'vdi', 'iso', 'ploop'];
const CONTAINER_FORMATS = ['ami', 'ari', 'aki', 'bare', 'ovf', 'ova', 'docker', 'compressed'];

const glanceError = (status: number, title: string, message: string) => new ApiError(status, { error: { code: status, title, message } });

function optionalEnum(body: Record<string, unknown>, key: string, allowed: readonly string[]): string | null {
  const value = body[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || !allowed.includes(value))
    throw glanceError(400, 'Bad Request', `Invalid value '${String(value)}' for ${key}: it is not one of ${allowed.join(', ')}`);
  return value;
}

function wholeNumber(body: Record<string, unknown>, key: string): number {
  const value = body[key] ?? 0;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw glanceError(400, 'Bad Request', `Invalid value '${String(value)}' for ${key}: it must be a non-negative integer`);
  return value;
}

/**
 * Glance Image API v2 under `/image` (devstack layout): create, list (filters `name`, `status`
 * and every `tag`), show and delete images; upload data (`PUT …/file`, octet stream) or import
 * it from a URL (`POST …/import`, method `web-download`), which makes the image active with
 * the data's size, MD5 `checksum` and SHA-512 `os_hash_value`. A project sees its own images
 * and public ones.
 */
export function registerGlanceRoutes(router: Router, deps: GlanceRouteDeps): void {
  const api = '/image/v2/images';
  const visible = (request: SimRequest, image: ImageRecord | undefined, id: string): ImageRecord => {
    const token = deps.guard.requireScopedToken(request);
    if (image === undefined || (image.owner !== token.projectId && image.visibility !== 'public'))
      throw glanceError(404, 'Not Found', `No image found with ID ${id}`);
    return image;
  };

  router.add('POST', api, (request) => {
    const token = deps.guard.requireScopedToken(request);
    const body = isRecord(request.body) ? request.body : {};
    const tags = Array.isArray(body['tags']) ? body['tags'].filter((tag): tag is string => typeof tag === 'string') : [];
    const now = deps.clock();
    const image: ImageRecord = {
      id: typeof body['id'] === 'string' ? body['id'] : newUuid(),
      name: typeof body['name'] === 'string' ? body['name'] : '',
      owner: token.projectId,
      status: 'queued',
      diskFormat: optionalEnum(body, 'disk_format', DISK_FORMATS),
      containerFormat: optionalEnum(body, 'container_format', CONTAINER_FORMATS),
      minDisk: wholeNumber(body, 'min_disk'),
      minRam: wholeNumber(body, 'min_ram'),
      visibility: typeof body['visibility'] === 'string' ? body['visibility'] : 'shared',
      tags: [...new Set(tags)],
      createdAt: now,
      updatedAt: now,
    };
    if (deps.images.get(image.id)) throw glanceError(409, 'Conflict', `Image ID ${image.id} already exists`);
    deps.images.add(image);
    return { status: 201, body: imageView(image) };
  });

  router.add('GET', api, (request) => {
    const token = deps.guard.requireScopedToken(request);
    const name = request.query.get('name');
    const status = request.query.get('status');
    const tags = request.query.getAll('tag');
    const images = deps.images
      .all()
      .filter((image) => image.owner === token.projectId || image.visibility === 'public')
      .filter((image) => (name === null || image.name === name) && (status === null || image.status === status))
      .filter((image) => tags.every((tag) => image.tags.includes(tag)));
    return { status: 200, body: { images: images.map(imageView), first: api.slice('/image'.length), schema: '/v2/schemas/images' } };
  });

  router.add('GET', `${api}/:id`, (request, { id }) => ({ status: 200, body: imageView(visible(request, deps.images.get(id), id)) }));

  router.add('DELETE', `${api}/:id`, (request, { id }) => {
    deps.images.remove(visible(request, deps.images.get(id), id).id);
    return { status: 204 };
  });

  router.add('PUT', `${api}/:id/file`, (request, { id }) => {
    const image = visible(request, deps.images.get(id), id);
    if (!(request.body instanceof OctetStreamBody))
      throw glanceError(415, 'Unsupported Media Type', 'Image data must be sent as application/octet-stream');
    if (image.status !== 'queued')
      throw glanceError(409, 'Conflict', `Image status transition from ${image.status} to saving is not allowed`);
    const { size, md5, sha512 } = request.body;
    image.data = { size, md5, sha512 };
    image.status = 'active';
    image.updatedAt = deps.clock();
    return { status: 204 };
  });

  router.add('POST', `${api}/:id/import`, (request, { id }) => {
    const image = visible(request, deps.images.get(id), id);
    const method = isRecord(request.body) && isRecord(request.body['method']) ? request.body['method'] : {};
    if (method['name'] !== 'web-download' || typeof method['uri'] !== 'string')
      throw glanceError(400, 'Bad Request', "Only the import method 'web-download' with a 'uri' is available");
    if (image.status !== 'queued')
      throw glanceError(409, 'Conflict', `Image status transition from ${image.status} to importing is not allowed`);
    deps.downloads.start(image, method['uri']);
    return { status: 202 };
  });
}
