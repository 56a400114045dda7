import type { Readable } from 'node:stream';
import { isRecord } from '@vnfm/util';
import type { GlanceImageRequest } from '@vnfm/openstack-heat';
import { expectOk } from './openstack-http';
import type { OpenStackSession } from './openstack-session';

/** An image as Glance shows it: what the driver reads of it. */
export interface GlanceImage {
  id: string;
  status: string;
  /** Set by Glance when a web-download import failed. */
  failedImport: boolean;
}

const imageOf = (body: unknown): GlanceImage => {
  const image = isRecord(body) ? body : {};
  return { id: String(image['id']), status: String(image['status']), failedImport: image['os_glance_failed_import'] !== undefined };
};

/** Glance (Image API v2) calls the driver makes for the images of a template built from the VNFD. */
export class GlanceClient {
  constructor(private readonly session: OpenStackSession) {}

  /** Whether the VIM's catalog lists Glance. */
  available(): Promise<boolean> {
    return this.session.offers('glance');
  }

  /** "List images" carrying every one of `tags`. */
  async withTags(tags: readonly string[]): Promise<GlanceImage[]> {
    const query = tags.map((tag) => `tag=${encodeURIComponent(tag)}`).join('&');
    const { answer } = await this.ok('GET', `/v2/images?${query}`);
    return isRecord(answer.body) && Array.isArray(answer.body['images']) ? answer.body['images'].map(imageOf) : [];
  }

  /** "Show image"; undefined once Glance no longer has it. */
  async get(id: string): Promise<GlanceImage | undefined> {
    const { answer, request } = await this.session.call('glance', 'GET', `/v2/images/${encodeURIComponent(id)}`);
    if (answer.status === 404) return undefined;
    expectOk(answer, request);
    return imageOf(answer.body);
  }

  /** "Create image": a queued image record, no data yet. */
  async create(image: GlanceImageRequest): Promise<string> {
    return imageOf((await this.ok('POST', '/v2/images', image)).answer.body).id;
  }

  /** "Upload binary image data": the image becomes active once Glance has stored it. */
  async upload(id: string, data: () => Readable, timeoutMs: number): Promise<void> {
    const { answer, request } = await this.session.call('glance', 'PUT', `/v2/images/${encodeURIComponent(id)}/file`, undefined, {
      data,
      timeoutMs,
    });
    expectOk(answer, request);
  }

  /** "Import an image", method web-download: Glance fetches the data from `uri` itself. */
  async importFrom(id: string, uri: string): Promise<void> {
    await this.ok('POST', `/v2/images/${encodeURIComponent(id)}/import`, { method: { name: 'web-download', uri } });
  }

  /** Deleting an image that is gone already is fine. */
  async delete(id: string): Promise<void> {
    const { answer, request } = await this.session.call('glance', 'DELETE', `/v2/images/${encodeURIComponent(id)}`);
    if (answer.status !== 404) expectOk(answer, request);
  }

  private async ok(method: 'GET' | 'POST', path: string, body?: object) {
    const { answer, request } = await this.session.call('glance', method, path, body);
    expectOk(answer, request);
    return { answer, request };
  }
}
