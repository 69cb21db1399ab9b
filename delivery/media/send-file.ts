import { AppError, toErrorBody } from '../../core/errors/app-error.ts';
import type { ByteRange } from '../../core/media/storage.ts';

export interface FileToSend {
  size: number;
  /** Strong validator of the exact bytes. */
  etag: string;
  contentType: string;
  cacheControl: string;
  open(range?: ByteRange): Promise<ReadableStream<Uint8Array>>;
  /** The whole file when it is in memory (a hot variant): sent in one write, `open` is not called. */
  bytes?: Uint8Array<ArrayBuffer>;
  /** Extra headers (Content-Disposition, a sandboxing CSP), lower-case names. */
  headers?: Record<string, string>;
}

/** `If-None-Match` holds the tag, or `*` (weak comparison, RFC 9110 13.1.2). */
function matches(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/**
 * One `bytes=` range of a file of `size` bytes. Several ranges are answered with the whole file (RFC 9110
 * lets a server ignore Range); `unsatisfiable` when the range lies outside the file.
 */
export function parseRange(header: string, size: number): ByteRange | 'unsatisfiable' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/**
 * Answers a GET or HEAD for a file: 304 on a matching `If-None-Match`, 206 for one satisfiable `Range` (unless
 * `If-Range` names other bytes), 416 outside the file, else 200. Bytes are streamed, never buffered whole,
 * unless the caller has them in memory already (`bytes`).
 */
export async function sendFile(request: Request, file: FileToSend, requestId?: string): Promise<Response> {
  // A plain object with lower-case names (what a Headers object would send): the server writes it as it is.
  // A Response of its own loses the headers middleware prepared, so the request id is set here.
  const headers: Record<string, string> = {
    ...(requestId ? { 'x-request-id': requestId } : {}),
    'accept-ranges': 'bytes',
    'cache-control': file.cacheControl,
    'cross-origin-resource-policy': 'cross-origin',
    etag: file.etag,
    'x-content-type-options': 'nosniff',
    ...file.headers,
  };
  if (matches(request.headers.get('If-None-Match'), file.etag))
    return new Response(null, { status: 304, headers });
  headers['content-type'] = file.contentType;
  const rangeHeader = request.headers.get('Range');
  const ifRange = request.headers.get('If-Range');
  const range =
    rangeHeader && (!ifRange || ifRange.trim() === file.etag) ? parseRange(rangeHeader, file.size) : null;
  if (range === 'unsatisfiable') {
    return Response.json(toErrorBody(new AppError('media.rangeNotSatisfiable')), {
      status: 416,
      headers: { 'Content-Range': `bytes */${file.size}`, 'Cache-Control': 'no-store' },
    });
  }
  const head = request.method === 'HEAD';
  const { bytes } = file;
  if (range) {
    headers['content-range'] = `bytes ${range.start}-${range.end}/${file.size}`;
    headers['content-length'] = String(range.end - range.start + 1);
    if (head) return new Response(null, { status: 206, headers });
    const part = bytes ? bytes.subarray(range.start, range.end + 1) : await file.open(range);
    return new Response(part, { status: 206, headers });
  }
  headers['content-length'] = String(file.size);
  // HEAD opens nothing: an unread stream would hold a file descriptor until it is collected.
  return new Response(head ? null : (bytes ?? (await file.open())), { status: 200, headers });
}
