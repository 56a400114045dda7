import { Module } from '@nestjs/common';
import { HooksController } from './hooks.controller';

/** Composition root of the mgmt-driver-runner service: runs (or refuses) the VNFD's management hooks. */
@Module({ controllers: [HooksController] })
export class MgmtDriverRunnerModule {}
