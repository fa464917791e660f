import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { AdminOnly, Public } from '@hunted/platform';
import type { ContactSubmission } from '@hunted/contracts';
import { ContactService } from './contact.service.js';
import { ContactInputDto } from './dto/contact-input.dto.js';

@Controller('api')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Post('contact')
  @Public()
  @HttpCode(201)
  submit(@Body() body: ContactInputDto): Promise<{ id: number }> {
    return this.contact.submit(body);
  }

  @Get('admin/contact-submissions')
  @AdminOnly()
  list(): Promise<ContactSubmission[]> {
    return this.contact.list();
  }
}
