import { Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import {
  AdminOnly,
  pageOf,
  pageQuerySchema,
  Public,
  sendPage,
  ValidBody,
  ValidQuery,
  type PageQuery,
} from '@hunted/platform';
import {
  CONTACT_SUBMISSIONS_PAGE_SIZE,
  contactInputSchema,
  type ContactInputBody,
  type ContactSubmission,
} from '@hunted/contracts';
import { ContactService } from './contact.service.js';

@Controller('api')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Post('contact')
  @Public()
  @HttpCode(201)
  submit(@ValidBody(contactInputSchema) body: ContactInputBody): Promise<{ id: number }> {
    return this.contact.submit(body);
  }

  /** Always a page (50 unless `limit` says otherwise, at most 100), with the total in `x-total-count`. */
  @Get('admin/contact-submissions')
  @AdminOnly()
  async list(
    @ValidQuery(pageQuerySchema) query: PageQuery,
    @Res({ passthrough: true }) reply: Parameters<typeof sendPage>[0],
  ): Promise<ContactSubmission[]> {
    const page = pageOf(query, CONTACT_SUBMISSIONS_PAGE_SIZE) ?? { limit: CONTACT_SUBMISSIONS_PAGE_SIZE, offset: 0 };
    return sendPage(reply, await this.contact.list(page));
  }
}
