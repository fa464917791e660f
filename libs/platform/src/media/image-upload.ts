import sharp, { type Metadata, type Sharp } from 'sharp';
import { decodeImageDataUrl, sniffImageType, type DecodedImage, type ImageRules, type ImageType } from './image-bytes.js';

// Every upload is a new image: libvips' operation cache would only hold memory for inputs never seen again.
sharp.cache(false);

/**
 * The most pixels an upload may decode to, every frame counted (width × height × frames): a few-KB file can
 * declare a huge canvas (a decompression bomb). A 48-megapixel phone photo passes.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** Frames an animated gif or webp may have; more is a video, not a photo. */
export const MAX_IMAGE_FRAMES = 300;

export const IMAGE_NOT_DECODABLE = 'This image could not be read (it may be damaged or cut short); please choose another file';
export const IMAGE_TOO_MANY_PIXELS = `This image is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;

const notDecodable = (rules: ImageRules): DecodedImage => ({ ok: false, message: rules.notDecodable ?? IMAGE_NOT_DECODABLE });

/** The same format again, metadata left behind (sharp writes none unless asked), sizes kept close to the input's. */
function encoded(pipeline: Sharp, type: ImageType, metadata: Metadata): Sharp {
  switch (type) {
    case 'image/jpeg':
      return pipeline.jpeg({ quality: 90 });
    case 'image/png':
      // A palette image stays one (re-encoded as truecolour it could grow several times over).
      return pipeline.png({ palette: metadata.isPalette === true });
    case 'image/gif':
      return pipeline.gif();
    case 'image/webp':
      return pipeline.webp({ quality: 90 });
  }
}

/**
 * An image's bytes made safe to store, or why not: decoded in full by libvips (sharp), so a file that is not a
 * whole image (cut short, corrupt, a polyglot) is refused; turned upright by its EXIF orientation; and re-encoded
 * in its own format, which drops every piece of metadata (EXIF with its GPS position, XMP, IPTC, PNG text chunks,
 * ICC profiles after conversion to sRGB). Animated gifs and webps keep their frames (at most MAX_IMAGE_FRAMES).
 * The result must still be under `rules.maxBytes`.
 */
export async function cleanImageBytes(bytes: Buffer, rules: ImageRules): Promise<DecodedImage> {
  const contentType = sniffImageType(bytes);
  if (!contentType) return { ok: false, message: rules.notAnImage };
  let cleaned: Buffer;
  try {
    const input = sharp(bytes, { animated: true, failOn: 'error', limitInputPixels: false });
    const metadata = await input.metadata();
    const frames = metadata.pages ?? 1;
    const frameHeight = metadata.pageHeight ?? metadata.height;
    if (frames > MAX_IMAGE_FRAMES) return notDecodable(rules);
    if (metadata.width * frameHeight * frames > MAX_IMAGE_PIXELS) {
      return { ok: false, message: rules.tooManyPixels ?? IMAGE_TOO_MANY_PIXELS };
    }
    // Orientation is a still photo's (cameras write it); turning an animation frame by frame is not supported.
    cleaned = await encoded(frames > 1 ? input : input.rotate(), contentType, metadata).toBuffer();
  } catch {
    return notDecodable(rules);
  }
  if (cleaned.length >= rules.maxBytes) return { ok: false, message: rules.tooLarge(cleaned.length) };
  return { ok: true, contentType, bytes: cleaned };
}

/**
 * The one intake of an inline upload (`data:image/...;base64,`): its size and real type checked before anything
 * is decoded (decodeImageDataUrl), then cleaned (cleanImageBytes). Every upload kind stores only what this answers.
 */
export async function readImageUpload(dataUrl: string, rules: ImageRules): Promise<DecodedImage> {
  const decoded = decodeImageDataUrl(dataUrl, rules);
  if (!decoded.ok) return decoded;
  return cleanImageBytes(decoded.bytes, rules);
}
