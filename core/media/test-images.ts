import sharp from 'sharp';

export type ImageFormat = 'jpeg' | 'png' | 'webp';

/**
 * Real images for tests, made with sharp: two halves of different colours, split left|right (`across`) or
 * top|bottom (`down`), so a test can tell which part of the picture a variant kept.
 */
export async function twoColourImage(args: {
  width: number;
  height: number;
  format: ImageFormat;
  split?: 'across' | 'down';
  /** EXIF orientation to write (the pixels stay as drawn). */
  orientation?: number;
}): Promise<Buffer> {
  const { width, height } = args;
  const across = (args.split ?? 'across') === 'across';
  const half = across
    ? { width: Math.floor(width / 2), height, left: Math.floor(width / 2), top: 0 }
    : { width, height: Math.floor(height / 2), left: 0, top: Math.floor(height / 2) };
  const blue = await sharp({
    create: { width: half.width, height: half.height, channels: 3, background: '#0000ff' },
  })
    .png()
    .toBuffer();
  let image = sharp({ create: { width, height, channels: 3, background: '#ff0000' } }).composite([
    { input: blue, left: half.left, top: half.top },
  ]);
  if (args.orientation) image = image.withMetadata({ orientation: args.orientation });
  return image.toFormat(args.format).toBuffer();
}

/** The average colour of an image as [r, g, b]. */
export async function meanColour(bytes: Buffer): Promise<[number, number, number]> {
  const stats = await sharp(bytes).stats();
  return [stats.channels[0]!.mean, stats.channels[1]!.mean, stats.channels[2]!.mean];
}

/** A real WAV file (16-bit mono PCM, a 440 Hz tone) of `samples` samples, for upload and range tests. */
export function wavBytes(samples = 8000): Buffer {
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(Math.sin((i / 8000) * 2 * Math.PI * 440) * 8000), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
