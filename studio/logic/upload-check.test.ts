import { describe, expect, it } from 'vitest';
import { acceptedType, formatBytes, uploadProblem, uploadRefusal } from './upload-check.ts';

describe('upload checks in the media library', () => {
  it('accepts the server’s types by the browser’s type or the extension', () => {
    expect(acceptedType({ name: 'a.jpg', type: 'image/jpeg', size: 1 })).toBe('image/jpeg');
    expect(acceptedType({ name: 'tone.wav', type: 'audio/x-wav', size: 1 })).toBe('audio/wav');
    expect(acceptedType({ name: 'font.woff2', type: '', size: 1 })).toBe('font/woff2');
    expect(acceptedType({ name: 'photo.JPEG', type: '', size: 1 })).toBe('image/jpeg');
    expect(acceptedType({ name: 'logo.svg', type: 'image/svg+xml', size: 1 })).toBeNull();
  });

  it('says in words why a file is refused before sending it', () => {
    expect(uploadProblem({ name: 'logo.svg', type: 'image/svg+xml', size: 900 }, null)).toBe(
      '“logo.svg” is a file of type image/svg+xml; the library takes JPEG, PNG, WebP, AVIF or GIF images, MP4 or WebM videos, MP3, Ogg or WAV audio, PDF and WOFF2 fonts.',
    );
    expect(uploadProblem({ name: 'x.bin', type: '', size: 9 }, null)).toMatch(
      /of a type the library does not know/,
    );
    expect(uploadProblem({ name: 'e.png', type: 'image/png', size: 0 }, null)).toBe('“e.png” is empty.');
    expect(
      uploadProblem({ name: 'big.png', type: 'image/png', size: 30 * 1024 * 1024 }, 25 * 1024 * 1024),
    ).toBe('“big.png” is 30 MB; the largest file accepted is 25 MB.');
    expect(uploadProblem({ name: 'ok.png', type: 'image/png', size: 3000 }, null)).toBeNull();
  });

  it('words the upload route’s refusals', () => {
    const file = { name: 'big.png', type: 'image/png', size: 5_000_000 };
    const tooLarge = { error: { key: 'upload.tooLarge', details: [{ params: { maxBytes: 1_048_576 } }] } };
    expect(uploadRefusal(file, 413, tooLarge)).toBe(
      '“big.png” is 4.8 MB; the largest file accepted is 1.0 MB.',
    );
    const wrongType = {
      error: { key: 'upload.typeNotAllowed', details: [{ params: { detected: 'text/html' } }] },
    };
    expect(uploadRefusal(file, 415, wrongType)).toMatch(
      /^“big.png” is a file of type text\/html by its contents; /,
    );
    expect(uploadRefusal(file, 0, null)).toBe('“big.png” was not uploaded: the connection failed.');
    expect(uploadRefusal(file, 403, { error: { key: 'auth.forbidden', message: 'No.' } })).toBe(
      '“big.png” was not uploaded: No..',
    );
  });

  it('formats sizes as an editor reads them', () => {
    expect([
      formatBytes(512),
      formatBytes(2048),
      formatBytes(50 * 1024),
      formatBytes(3 * 1024 * 1024),
    ]).toEqual(['512 bytes', '2.0 KB', '50 KB', '3.0 MB']);
  });
});
