import 'reflect-metadata';
import { Body, Controller, Get, Module, Post, Query } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasControlCharacters } from '@hunted/contracts';
import {
  CleansOwnText,
  NUL_MESSAGE,
  nulFieldOf,
  refuseNulCharacters,
  withoutControlCharacters,
} from './control-characters.js';

describe('control characters', () => {
  it('finds C0, DEL and C1 controls (a lone carriage return, NUL, escape, NEL) and nothing printable', () => {
    for (const text of ['a\u0000', 'a\rb', 'a\nb', 'a\tb', '\u001b[31m', 'a\u007f', 'a\u0085', 'a\u009f']) {
      expect(hasControlCharacters(text), JSON.stringify(text)).toBe(true);
    }
    for (const text of ['Zoë O’Brien-Łukasz', '山田 太郎', 'Ann\u00a0Lee', '👩‍🎤']) {
      expect(hasControlCharacters(text), text).toBe(false);
    }
    expect(withoutControlCharacters('An\u0000n\r\n\u0085 Lee')).toBe('Ann Lee');
  });

  it('finds the path of a NUL anywhere in a body or query, keys included; bytes are not text', () => {
    expect(nulFieldOf({ a: { b: ['ok', 'x\u0000'] } })).toBe('a.b.1');
    expect(nulFieldOf({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(nulFieldOf('\u0000')).toBe('body');
    expect(nulFieldOf({ a: 'fine\r\n', n: 1, none: null })).toBeNull();
    expect(nulFieldOf(Buffer.from('a\u0000b'))).toBeNull();
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(nulFieldOf(deep)).toMatch(/^0(\.0)+$/);
  });
});

@Controller('echo')
class EchoController {
  @Post()
  echo(@Body() body: unknown): unknown {
    return body;
  }

  @Get()
  search(@Query() query: Record<string, unknown>): unknown {
    return query;
  }

  @Post('cleaned')
  @CleansOwnText()
  cleaned(@Body() body: { content: string }): unknown {
    return { content: body.content.replaceAll('\u0000', '') };
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

describe('refuseNulCharacters', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(EchoModule, new FastifyAdapter(), { logger: false });
    refuseNulCharacters(app.getHttpAdapter().getInstance());
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });

  afterAll(() => app.close());

  it('answers 400 naming the field before any handler runs, for a JSON body and a query', async () => {
    const body = await app.inject({ method: 'POST', url: '/echo', payload: { content: 'hi\u0000' } });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({ statusCode: 400, message: NUL_MESSAGE, errors: { content: NUL_MESSAGE } });
    const query = await app.inject({ method: 'GET', url: '/echo?search=a%00' });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ errors: { search: NUL_MESSAGE } });
    const fine = await app.inject({ method: 'POST', url: '/echo', payload: { content: 'line\r\nbreak\ttab' } });
    expect(fine.statusCode).toBe(201);
    expect(fine.json()).toEqual({ content: 'line\r\nbreak\ttab' });
  });

  it('leaves a route that cleans its own text to do so', async () => {
    const cleaned = await app.inject({ method: 'POST', url: '/echo/cleaned', payload: { content: 'hi\u0000' } });
    expect(cleaned.statusCode).toBe(201);
    expect(cleaned.json()).toEqual({ content: 'hi' });
  });
});
