import { Module } from '@nestjs/common';

/**
 * Composition root of the mgmt-driver-runner service. Its command handlers arrive with the
 * capability issues that give it behaviour; until then it answers the
 * platform's built-in health and probe commands.
 */
@Module({})
export class MgmtDriverRunnerModule {}
