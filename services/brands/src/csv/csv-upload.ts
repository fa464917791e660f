import fastifyMultipart from '@fastify/multipart';
import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { BRAND_CSV_LIMITS, type CsvUploadErrorResponse } from '@hunted/contracts';
import type { FastifyRequest } from 'fastify';

export const CSV_FIELD = 'csv';
const MEGABYTES = BRAND_CSV_LIMITS.maxBytes / (1024 * 1024);

/** One file and a few form fields at most; the file's bytes are capped whatever the body limit. */
const MULTIPART_LIMITS = { fileSize: BRAND_CSV_LIMITS.maxBytes, files: 1, fields: 10, parts: 11 };

/** Lets the brands app read multipart bodies (the CSV upload). Registered before the app listens. */
export async function registerMultipart(app: NestFastifyApplication): Promise<void> {
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
}

export function csvUploadError(message: string, rows: CsvUploadErrorResponse['rows'] = []): BadRequestException {
  return new BadRequestException({ statusCode: 400, message, rows } satisfies CsvUploadErrorResponse);
}

/**
 * The bytes of the file in the multipart field `csv`. The size is checked on the bytes as they arrive (the gateway
 * checks Content-Length too), so a larger file is refused with 413 without being held in memory.
 */
export async function readCsvFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw csvUploadError(`Send the CSV as multipart/form-data with the file in a field named ${CSV_FIELD}`);
  }
  const { RequestFileTooLargeError } = request.server.multipartErrors;
  try {
    const part = await request.file({ limits: MULTIPART_LIMITS });
    if (!part) throw csvUploadError(`Attach a CSV file in the field named ${CSV_FIELD}`);
    if (part.fieldname !== CSV_FIELD) {
      part.file.resume();
      throw csvUploadError(`Send the CSV in the field named ${CSV_FIELD}, not "${part.fieldname}"`);
    }
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof RequestFileTooLargeError) {
      throw new PayloadTooLargeException({ statusCode: 413, message: `The CSV file is larger than ${MEGABYTES} MB` });
    }
    const status = (error as { statusCode?: number }).statusCode;
    // The multipart plugin's own refusals (too many files or fields, a malformed body) are the sender's fault.
    if (!(error instanceof BadRequestException) && status !== undefined && status >= 400 && status < 500) {
      throw csvUploadError(`The upload could not be read: ${(error as Error).message}`);
    }
    throw error;
  }
}
