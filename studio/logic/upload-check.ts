import { uploadTypes } from '../../core/media/upload-types.ts';

/**
 * What the media library checks before sending a file, and how it words what the upload route refused.
 * The server sniffs the bytes and has the last word; this check only spares a long upload of a file the
 * server would refuse by its type, and says why in words.
 */

export interface PickedFile {
  name: string;
  /** The browser's guess from the name (may be empty). */
  type: string;
  size: number;
}

/** Names the browser gives some accepted types that the server's list spells differently. */
const ALIASES: Record<string, string> = {
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/mp3': 'audio/mpeg',
  'image/jpg': 'image/jpeg',
  'application/font-woff2': 'font/woff2',
};
const EXTENSIONS: Record<string, string> = {
  jpeg: 'image/jpeg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  ...Object.fromEntries(Object.entries(uploadTypes).map(([mime, ext]) => [ext, mime])),
};

/** A short list an editor understands: "JPEG, PNG, WebP, …". */
export const ACCEPTED_WORDS =
  'JPEG, PNG, WebP, AVIF or GIF images, MP4 or WebM videos, MP3, Ogg or WAV audio, PDF and WOFF2 fonts';

/** For the file picker's `accept`: the types and their extensions. */
export const ACCEPT_ATTRIBUTE = [
  ...Object.keys(uploadTypes),
  ...Object.keys(EXTENSIONS).map((e) => `.${e}`),
].join(',');

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(n < 10 * 1024 ? 1 : 0)} KB`;
  return `${(n / (1024 * 1024)).toFixed(n < 10 * 1024 * 1024 ? 1 : 0)} MB`;
}

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/** The accepted type a file seems to be, by the browser's type, else its extension; null when none. */
export function acceptedType(file: PickedFile): string | null {
  const type = ALIASES[file.type] ?? file.type;
  if (type && uploadTypes[type]) return type;
  return EXTENSIONS[extensionOf(file.name)] ?? null;
}

/** Why a file cannot be uploaded, in words; null when it may be sent. `maxBytes` null: unknown here. */
export function uploadProblem(file: PickedFile, maxBytes: number | null): string | null {
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (!acceptedType(file)) {
    const what = file.type ? `a file of type ${file.type}` : 'of a type the library does not know';
    return `“${file.name}” is ${what}; the library takes ${ACCEPTED_WORDS}.`;
  }
  if (maxBytes !== null && file.size > maxBytes) {
    return `“${file.name}” is ${formatBytes(file.size)}; the largest file accepted is ${formatBytes(maxBytes)}.`;
  }
  return null;
}

interface ErrorBody {
  error?: { key?: string; message?: string; details?: Array<{ params?: Record<string, unknown> }> };
}

/** The upload route's refusal (status and JSON body) as a sentence about the file. */
export function uploadRefusal(file: PickedFile, status: number, body: unknown): string {
  const e = (body as ErrorBody | null)?.error ?? {};
  const params = e.details?.[0]?.params ?? {};
  switch (e.key) {
    case 'upload.tooLarge': {
      const max = typeof params.maxBytes === 'number' ? params.maxBytes : null;
      return max === null
        ? `“${file.name}” is too large (${formatBytes(file.size)}).`
        : `“${file.name}” is ${formatBytes(file.size)}; the largest file accepted is ${formatBytes(max)}.`;
    }
    case 'upload.typeNotAllowed': {
      const detected =
        typeof params.detected === 'string' ? `a file of type ${params.detected}` : 'of no known type';
      return `“${file.name}” is ${detected} by its contents; the library takes ${ACCEPTED_WORDS}.`;
    }
    case 'upload.unreadable':
      return `“${file.name}” could not be read: ${e.message ?? 'the file is damaged'}`;
    default:
      if (status === 0) return `“${file.name}” was not uploaded: the connection failed.`;
      return `“${file.name}” was not uploaded: ${e.message ?? `the server answered ${status}`}.`;
  }
}
