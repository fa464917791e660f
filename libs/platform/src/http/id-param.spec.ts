import 'reflect-metadata';
import { Controller, Get, Module, Put } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IdParam, MAX_SERIAL_ID, positiveIntOf, PositiveIntPipe, serialIdSchema } from './id-param.js';
import { ValidBody } from './schema-pipe.js';

const NOT_AN_ID = ['0', '-1', '01', '1.0', '1.5', '1e3', '0x10', ' 7', '+7', 'abc', '', '2147483648', '99999999999'];

describe('positiveIntOf', () => {
  it('reads a canonical positive id up to the serial range', () => {
    expect(positiveIntOf('1')).toBe(1);
    expect(positiveIntOf('42')).toBe(42);
    expect(positiveIntOf(String(MAX_SERIAL_ID))).toBe(MAX_SERIAL_ID);
  });

  it('reads nothing else', () => {
    for (const raw of NOT_AN_ID) expect(positiveIntOf(raw), JSON.stringify(raw)).toBeNull();
  });
});

describe('serialIdSchema', () => {
  it('takes a whole number in the serial range, and names the bound for anything else', () => {
    const schema = serialIdSchema('a hunter id');
    expect(schema.parse(1)).toBe(1);
    expect(schema.parse(MAX_SERIAL_ID)).toBe(MAX_SERIAL_ID);
    for (const value of [0, -1, 1.5, MAX_SERIAL_ID + 1, 99_999_999_999, 1e300, '7', null]) {
      const result = schema.safeParse(value);
      expect(result.success, String(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('must be a hunter id (a whole number from 1 to 2147483647)');
    }
  });
});

describe('PositiveIntPipe', () => {
  it("answers 404 with the resource's message", () => {
    const pipe = new PositiveIntPipe('Brand not found');
    expect(pipe.transform('7')).toBe(7);
    expect(() => pipe.transform('abc')).toThrowError('Brand not found');
    expect(() => pipe.transform(7)).toThrowError('Brand not found');
  });
});

@Controller('things')
class ThingsController {
  @Get(':id')
  one(@IdParam('id', 'Thing not found') id: number): { id: number } {
    return { id };
  }

  @Put(':id')
  rename(@IdParam('id', 'Thing not found') id: number, @ValidBody(z.object({ name: z.string() })) body: { name: string }) {
    return { id, ...body };
  }
}

@Module({ controllers: [ThingsController] })
class ThingsModule {}

describe('IdParam in an app', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(ThingsModule, new FastifyAdapter(), { logger: false });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });

  afterAll(() => app.close());

  it('passes a canonical id as a number', async () => {
    const response = await app.inject({ method: 'GET', url: '/things/42' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 42 });
  });

  it('answers 404 for every other spelling, even those +text would read as a number', async () => {
    for (const raw of NOT_AN_ID.filter((text) => text !== '')) {
      const response = await app.inject({ method: 'GET', url: `/things/${encodeURIComponent(raw)}` });
      expect(response.statusCode, raw).toBe(404);
      expect(response.json(), raw).toMatchObject({ statusCode: 404, message: 'Thing not found' });
    }
  });

  it('answers 404 for a bad id before the body is judged', async () => {
    expect((await app.inject({ method: 'PUT', url: '/things/abc', payload: { name: 3 } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'PUT', url: '/things/7', payload: { name: 3 } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'PUT', url: '/things/7', payload: { name: 'x' } })).json()).toEqual({ id: 7, name: 'x' });
  });
});
