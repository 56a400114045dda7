import { flavourOf } from '@vnfm/lcm-domain';
import { imageUploads } from './software-images';
import { corpusPackage } from './testing';

describe('the images the VNFM puts into Glance for a template built from the VNFD', () => {
  it("takes every VDU's and storage's image artifact of helloworld3, named and formatted as sw_image_data says, tagged with the instance and node", () => {
    const { vnfd } = corpusPackage('vnf-helloworld3');
    const uploads = imageUploads(vnfd, flavourOf(vnfd, 'simple'), 'vnf-1');
    expect(uploads).toEqual([
      {
        nodeId: 'VirtualStorage',
        request: expect.objectContaining({ name: 'VirtualStorage', min_disk: 2, min_ram: 256 }),
        source: { file: 'Files/images/cirros-0.5.2-x86_64-disk.img' },
      },
      {
        nodeId: 'VDU1',
        request: {
          name: 'Software of VDU1',
          disk_format: 'qcow2',
          container_format: 'bare',
          min_disk: 1,
          min_ram: 0,
          visibility: 'private',
          tags: ['vnf-vnf-1', `vnfd-${vnfd.vnfdId}-VDU1`],
        },
        source: { file: 'Files/images/cirros-0.5.2-x86_64-disk.img' },
      },
    ]);
  });

  it("lets Glance import an artifact given as a URL, and uploads nothing for a flavour with a BaseHOT (its images are the VIM's)", () => {
    const { vnfd } = corpusPackage('mgmt-private-registry');
    const url = 'https://images.example.com/ubuntu-20.04.img';
    const softwareImages = vnfd.softwareImages.map((image) => ({ ...image, imagePath: url }));
    expect(imageUploads({ ...vnfd, softwareImages }, vnfd.flavours[0], 'vnf-2')).toEqual([
      expect.objectContaining({ nodeId: 'PrivateRegistryVDU', source: { url } }),
    ]);
    const basic = corpusPackage('vnf-v2-basic-lcms-max').vnfd;
    expect(basic.softwareImages.some((image) => image.imagePath)).toBe(true);
    expect(imageUploads(basic, basic.flavours[0], 'vnf-3')).toEqual([]);
  });
});
