import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { VIM_REGISTRY_MESSAGES, type VimListReply, type VimReply } from '@vnfm/vim-domain';
import { AuthGuard } from '../auth/auth.guard';

/**
 * Tacker's VIM API (`/v1.0/vims`), in the shapes python-tackerclient sends
 * and reads (`openstack vim register|list|show|set|delete`); the client
 * appends `.json` to every path. The body goes to the vim-registry as is:
 * it validates it, checks reachability and seals the secrets, and answers
 * with views that never hold a secret.
 */
@Controller('v1.0')
@UseGuards(AuthGuard)
export class VimsController {
  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {}

  @Post('vims{.json}')
  @HttpCode(201)
  register(@Body() body: unknown): Promise<VimReply> {
    const vimId = randomUUID();
    return this.runtime.bus.request<VimReply>(VIM_REGISTRY_MESSAGES.registerVim, { vimId, body }, { key: vimId });
  }

  @Get('vims{.json}')
  list(@Query() query: Record<string, unknown>): Promise<VimListReply> {
    return this.runtime.bus.request<VimListReply>(VIM_REGISTRY_MESSAGES.listVims, { query });
  }

  @Get('vims/:vimId{.json}')
  show(@Param('vimId') vimId: string): Promise<VimReply> {
    return this.runtime.bus.request<VimReply>(VIM_REGISTRY_MESSAGES.getVim, { vimId }, { key: vimId });
  }

  @Put('vims/:vimId{.json}')
  update(@Param('vimId') vimId: string, @Body() body: unknown): Promise<VimReply> {
    return this.runtime.bus.request<VimReply>(VIM_REGISTRY_MESSAGES.updateVim, { vimId, body }, { key: vimId });
  }

  @Delete('vims/:vimId{.json}')
  @HttpCode(204)
  async delete(@Param('vimId') vimId: string): Promise<void> {
    await this.runtime.bus.request(VIM_REGISTRY_MESSAGES.deleteVim, { vimId }, { key: vimId });
  }
}
