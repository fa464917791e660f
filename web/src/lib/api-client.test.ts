import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { HttpError, isForeignAnswer, request, serverMessage, UnreadableAnswerError } from './api-client';

describe('request', () => {
  it('reports a failure as "status: body text"', async () => {
    stubFetch({ 'GET /api/brands/7': () => new Response('Brand not found', { status: 404, statusText: 'Not Found' }) });
    const failure = request('GET', '/api/brands/7');
    await expect(failure).rejects.toThrow(expect.objectContaining({ message: '404: Brand not found' }));
    await expect(failure).rejects.toBeInstanceOf(Error);
    await expect(failure).rejects.toBeInstanceOf(HttpError);
  });

  it('falls back to the status text when the body is empty', async () => {
    stubFetch({
      'POST /api/brands/7/vote': () => new Response(null, { status: 500, statusText: 'Internal Server Error' }),
    });
    await expect(request('POST', '/api/brands/7/vote')).rejects.toThrow('500: Internal Server Error');
  });

  it('keeps a JSON error body verbatim in the message', async () => {
    stubFetch({ 'GET /api/auth/user': () => json(401, { message: 'Unauthorized' }) });
    await expect(request('GET', '/api/auth/user')).rejects.toThrow('401: {"message":"Unauthorized"}');
  });

  it('always sends cookies and declares JSON only when there is a body', async () => {
    const calls = stubFetch({
      'GET /api/saved-brands': () => json(200, []),
      'PATCH /api/auth/user': () => json(200, { id: 'u1' }),
    });
    await request('GET', '/api/saved-brands');
    await request('PATCH', '/api/auth/user', { firstName: 'Ada' });

    const [get, patch] = calls;
    expect(get?.init.credentials).toBe('include');
    expect(get?.init.headers).toBeUndefined();
    expect(get?.init.body).toBeUndefined();
    expect(patch?.init.credentials).toBe('include');
    expect(patch?.init.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(patch?.init.body).toBe('{"firstName":"Ada"}');
  });

  it('parses a JSON answer and gives undefined for an empty one', async () => {
    stubFetch({
      'GET /api/brands/top?limit=3': () => json(200, [{ id: 1, name: 'Atelier', votes: 3 }]),
      'DELETE /api/brands/1/save': () => new Response(null, { status: 204 }),
    });
    await expect(request('GET', '/api/brands/top?limit=3')).resolves.toEqual([{ id: 1, name: 'Atelier', votes: 3 }]);
    await expect(request('DELETE', '/api/brands/1/save')).resolves.toBeUndefined();
  });
});

describe('serverMessage', () => {
  it('reads the message of a matching error answer', () => {
    expect(serverMessage(new HttpError(400, 'Bad Request', '{"message":"instagramUrl must be a URL"}'), 400)).toBe(
      'instagramUrl must be a URL',
    );
    expect(serverMessage(new HttpError(400, 'Bad Request', '{"message":["a is bad","b is bad"]}'), 400)).toBe(
      'a is bad. b is bad',
    );
    expect(serverMessage(new HttpError(400, 'Bad Request', 'Image too large'), 400)).toBe('Image too large');
  });

  it('gives null for other statuses and other errors', () => {
    expect(serverMessage(new HttpError(500, 'Internal Server Error', '{"message":"boom"}'), 400)).toBeNull();
    expect(serverMessage(new HttpError(400, 'Bad Request', ''), 400)).toBeNull();
    expect(serverMessage(new Error('400: {"message":"x"}'), 400)).toBeNull();
  });
});

describe('answers that did not come from our services', () => {
  it("marks a proxy's HTML error page", async () => {
    stubFetch({ 'GET /api/brands': () => new Response('  <html><body>Bad Gateway</body></html>', { status: 502 }) });
    const error: unknown = await request('GET', '/api/brands').catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).isHtmlPage).toBe(true);
    expect(isForeignAnswer(error)).toBe(true);
  });

  it('reports an OK answer that is not JSON as UnreadableAnswerError', async () => {
    stubFetch({ 'GET /api/brands': () => new Response('<!DOCTYPE html><html></html>', { status: 200 }) });
    const error: unknown = await request('GET', '/api/brands').catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(UnreadableAnswerError);
    expect(isForeignAnswer(error)).toBe(true);
  });

  it("does not mark the server's own JSON refusal", async () => {
    stubFetch({ 'GET /api/brands': () => json(500, { message: 'Internal server error' }) });
    const error: unknown = await request('GET', '/api/brands').catch((failure: unknown) => failure);
    expect(isForeignAnswer(error)).toBe(false);
  });
});
