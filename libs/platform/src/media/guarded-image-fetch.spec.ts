import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageMetadataOf, jpegWithGps, startImageServer, TEST_PNG, type ImageServer } from '../testing/index.js';
import { fetchImageOnce, IMAGE_FETCH_MESSAGES, isPublicAddress, type ImageFetchRules } from './guarded-image-fetch.js';

const MAX = 256 * 1024;

describe('isPublicAddress', () => {
  it('refuses private, loopback, link-local, multicast, unique-local, metadata and mapped addresses', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.5',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254', // the cloud metadata service
      '100.100.100.200', // Alibaba's metadata (carrier-grade NAT range)
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254', // AWS's IPv6 metadata
      'fc00::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
      '2002:7f00:1::', // 6to4 of 127.0.0.1
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('lets public addresses through', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:93.184.216.34']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});

describe('fetchImageOnce', () => {
  let server: ImageServer;
  let rules: ImageFetchRules;
  let gpsJpeg: Buffer;

  beforeAll(async () => {
    gpsJpeg = await jpegWithGps();
    server = await startImageServer({
      '/photo.jpg': { headers: { 'content-type': 'image/jpeg' }, body: gpsJpeg },
      '/photo.png': { headers: { 'content-type': 'image/png; charset=binary' }, body: TEST_PNG },
      '/page.html': { headers: { 'content-type': 'text/html' }, body: '<html></html>' },
      '/fake.jpg': { headers: { 'content-type': 'image/jpeg' }, body: '<html>not an image</html>' },
      '/huge.jpg': { headers: { 'content-type': 'image/jpeg' }, streamBytes: MAX * 4 },
      '/declared-huge.jpg': { headers: { 'content-type': 'image/jpeg', 'content-length': String(MAX * 4) }, body: '' },
      '/to-metadata': { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } },
      '/to-loopback-name': { status: 301, headers: { location: 'http://localhost/admin' } },
      '/to-photo': { status: 307, headers: { location: '/photo.png' } },
      '/loop': { status: 302, headers: { location: '/loop' } },
      '/gone.jpg': { status: 404, headers: { 'content-type': 'text/plain' }, body: 'gone' },
      '/slow.jpg': { hang: true },
    });
    rules = {
      maxBytes: MAX,
      tooLarge: () => 'too large',
      notAnImage: 'not an image',
      timeoutMs: 5_000,
      maxRedirects: 3,
      allowHosts: [server.host],
    };
  });

  afterAll(async () => {
    await server?.close();
  });

  it('fetches an image from an allowed host and cleans it: EXIF, GPS and XMP left behind', async () => {
    const fetched = await fetchImageOnce(server.url('/photo.jpg'), rules);
    expect(fetched.ok).toBe(true);
    if (!fetched.ok) return;
    expect(fetched.contentType).toBe('image/jpeg');
    const metadata = await imageMetadataOf(fetched.bytes);
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    // Turned upright by its orientation (4×2 shown a quarter turned).
    expect([metadata.width, metadata.height]).toEqual([2, 4]);
  });

  it('refuses literal private addresses without connecting, IPv4 and IPv6, mapped ones included', async () => {
    const port = server.port + 1;
    for (const link of [
      `http://127.0.0.1:${port}/photo.jpg`,
      'http://10.0.0.1/photo.jpg',
      'http://169.254.169.254/latest/meta-data/',
      `http://[::1]:${server.port}/photo.jpg`,
      `http://[::ffff:127.0.0.1]:${server.port}/photo.jpg`,
      'http://[fd00:ec2::254]/',
      'http://0x7f000001/photo.jpg', // 127.0.0.1, written as one hex number (the URL parser reads it so)
    ]) {
      expect(await fetchImageOnce(link, rules), link).toEqual({
        ok: false,
        message: IMAGE_FETCH_MESSAGES.privateAddress,
      });
    }
    expect(server.hits('/photo.jpg')).toBe(1);
  });

  it('refuses a name that resolves to a private address, or to any private address among public ones', async () => {
    const resolvesTo = (...addresses: string[]) => ({
      ...rules,
      resolve: async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    });
    for (const addresses of [['10.1.2.3'], ['93.184.216.34', '127.0.0.1'], ['::ffff:192.168.0.1'], ['fe80::1']]) {
      expect(await fetchImageOnce('https://images.example/x.jpg', resolvesTo(...addresses)), addresses.join()).toEqual({
        ok: false,
        message: IMAGE_FETCH_MESSAGES.privateAddress,
      });
    }
    // localhost, through the machine's own resolver
    expect(await fetchImageOnce(`http://localhost:${server.port}/photo.jpg`, rules)).toEqual({
      ok: false,
      message: IMAGE_FETCH_MESSAGES.privateAddress,
    });
  });

  it('connects to the address it checked: a name is resolved once, inside the connection', async () => {
    let lookups = 0;
    const fetched = await fetchImageOnce(`http://images.test:${server.port}/photo.png`, {
      ...rules,
      allowHosts: [`images.test:${server.port}`],
      resolve: async () => {
        lookups++;
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    expect(fetched.ok).toBe(true);
    expect(lookups).toBe(1);
  });

  it('follows a redirect within the limit, re-checking it, and refuses one to a private address', async () => {
    expect((await fetchImageOnce(server.url('/to-photo'), rules)).ok).toBe(true);
    expect(await fetchImageOnce(server.url('/to-metadata'), rules)).toEqual({
      ok: false,
      message: IMAGE_FETCH_MESSAGES.privateAddress,
    });
    expect(await fetchImageOnce(server.url('/to-loopback-name'), rules)).toEqual({
      ok: false,
      message: IMAGE_FETCH_MESSAGES.privateAddress,
    });
    expect(await fetchImageOnce(server.url('/loop'), rules)).toEqual({
      ok: false,
      message: IMAGE_FETCH_MESSAGES.tooManyRedirects,
    });
    expect(server.hits('/loop')).toBe(rules.maxRedirects + 1);
  });

  it('refuses what is not an image: by its content type, and by its bytes', async () => {
    expect(await fetchImageOnce(server.url('/page.html'), rules)).toEqual({
      ok: false,
      message: IMAGE_FETCH_MESSAGES.notAnImage('text/html'),
    });
    expect(await fetchImageOnce(server.url('/fake.jpg'), rules)).toEqual({ ok: false, message: 'not an image' });
    expect(await fetchImageOnce(server.url('/gone.jpg'), rules)).toEqual({
      ok: false,
      message: IMAGE_FETCH_MESSAGES.status(404),
    });
  });

  it('stops reading an image past the size limit, declared or not', async () => {
    expect(await fetchImageOnce(server.url('/huge.jpg'), rules)).toEqual({ ok: false, message: 'too large' });
    expect(await fetchImageOnce(server.url('/declared-huge.jpg'), rules)).toEqual({ ok: false, message: 'too large' });
  });

  it('gives up on a link that does not answer within the time limit', async () => {
    expect(await fetchImageOnce(server.url('/slow.jpg'), { ...rules, timeoutMs: 200 })).toEqual({
      ok: false,
      message: IMAGE_FETCH_MESSAGES.timedOut,
    });
  });

  it('fetches only http and https links', async () => {
    for (const link of ['ftp://images.example/x.jpg', 'file:///etc/passwd', 'gopher://x/', 'not a link']) {
      expect(await fetchImageOnce(link, rules), link).toEqual({ ok: false, message: IMAGE_FETCH_MESSAGES.notALink });
    }
  });
});
