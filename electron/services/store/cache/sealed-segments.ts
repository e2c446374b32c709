// Envelope encryption for the offline cache. The SecretCipher (the OS key store) seals one random data key
// per school; the entries themselves are AES-256-GCM under that key, so a 20 MB order snapshot is not pushed
// through the key store. Each segment is bound (as associated data) to the file it belongs to, its position and
// how many there are, so files cannot be swapped around on disk, nor segments reordered, cut off or repeated.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function newDataKey(): Buffer {
  return randomBytes(32);
}

export function sealSegment(key: Buffer, plain: Uint8Array, associated: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(associated, 'utf8'));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** Throws when the bytes were changed, sealed under another key or for another file. */
export function openSegment(key: Buffer, sealed: Uint8Array, associated: string): Buffer {
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new Error('sealed segment too short');
  const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(associated, 'utf8'));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

/** What a segment of a sealed value list is bound to: its file, its index and the list's length. */
function segmentBinding(associated: string, index: number, total: number): string {
  return `${associated}\nsegment ${index} of ${total}`;
}

/**
 * Values are JSON, compressed, then sealed, in segments of one length-prefixed record each: a big value (all
 * orders) is written as many segments so no single string or buffer grows past what V8 allows.
 */
export async function sealValues(key: Buffer, values: readonly unknown[], associated: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for (const [index, value] of values.entries()) {
    const compressed = await gzipAsync(Buffer.from(JSON.stringify(value), 'utf8'), { level: 6 });
    const sealed = sealSegment(key, compressed, segmentBinding(associated, index, values.length));
    const length = Buffer.alloc(4);
    length.writeUInt32BE(sealed.length);
    parts.push(length, sealed);
  }
  return Buffer.concat(parts);
}

/** Throws unless every segment is there, in its place, as written for this file. */
export async function openValues(key: Buffer, bytes: Buffer, associated: string): Promise<unknown[]> {
  const segments: Buffer[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    if (offset + 4 > bytes.length) throw new Error('truncated segment length');
    const length = bytes.readUInt32BE(offset);
    offset += 4;
    if (offset + length > bytes.length) throw new Error('truncated segment');
    segments.push(bytes.subarray(offset, offset + length));
    offset += length;
  }
  const values: unknown[] = [];
  for (const [index, sealed] of segments.entries()) {
    const plain = await gunzipAsync(openSegment(key, sealed, segmentBinding(associated, index, segments.length)));
    values.push(JSON.parse(plain.toString('utf8')));
  }
  return values;
}
