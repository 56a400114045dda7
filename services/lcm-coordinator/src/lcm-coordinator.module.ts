import { Module } from '@nestjs/common';
import { VnfInstancesController } from './instances/vnf-instances.controller';
import { VnfPackagesClient } from './instances/vnf-packages.client';
import { VnfInstanceProjection } from './read-model/vnf-instance.projection';
import { VnfInstanceReadModel } from './read-model/vnf-instance.read-model';
import { VnfInstanceRepository } from './vnf-instance.repository';

/**
 * Composition root of the lcm-coordinator service: the VNF instance
 * aggregate of @vnfm/lcm-domain (`vnfInstance-*` streams), its in-memory read
 * model, and the package catalog it asks about VNFDs and package usage.
 * LCM operations (and so operation occurrences) are not wired yet.
 */
@Module({
  controllers: [VnfInstancesController],
  providers: [VnfInstanceReadModel, VnfInstanceProjection, VnfInstanceRepository, VnfPackagesClient],
})
export class LcmCoordinatorModule {}
