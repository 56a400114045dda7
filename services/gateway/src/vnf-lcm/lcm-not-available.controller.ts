import { Controller, Get, Param, Patch, Post, UseGuards, UseInterceptors } from '@nestjs/common';
import { AppError, notImplemented } from '@vnfm/contracts';
import { AuthGuard } from '../http/auth.guard';
import { VnfLcmApiVersionInterceptor } from './api-version.interceptor';

const TASKS = ['instantiate', 'scale', 'scale_to_level', 'heal', 'terminate', 'change_ext_conn'];

/**
 * The SOL 003 resources of LCM operations, not in this release: the task
 * resources (§5.4.4-5.4.9: instantiate, scale, scale_to_level, heal,
 * terminate, change_ext_conn), PATCH of an instance (§5.4.3.3.4: libs/lcm-domain
 * runs it as the MODIFY_INFO operation through the LCM workflow, with its
 * modify_information hooks and an operation occurrence) and the operation
 * occurrences (§5.4.12-13). Each answers 501 ProblemDetails.
 */
@Controller(['vnflcm/v1', 'vnflcm/v2'])
@UseGuards(AuthGuard)
@UseInterceptors(VnfLcmApiVersionInterceptor)
export class LcmNotAvailableController {
  @Post('vnf_instances/:vnfInstanceId/:task')
  task(@Param('task') task: string): never {
    if (!TASKS.includes(task)) throw new AppError('NOT_FOUND', 404, 'Not Found', `VNF instances have no ${task} task resource.`);
    throw notImplemented(`The ${task} task of VNF instances`);
  }

  @Patch('vnf_instances/:vnfInstanceId')
  modify(): never {
    throw notImplemented('Modifying VNF information (PATCH, the MODIFY_INFO operation)');
  }

  @Get(['vnf_lcm_op_occs', 'vnf_lcm_op_occs/:vnfLcmOpOccId'])
  opOccs(): never {
    throw notImplemented('VNF LCM operation occurrences');
  }
}
