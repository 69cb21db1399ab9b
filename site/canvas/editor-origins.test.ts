import { describe, expect, it } from 'vitest';
import { editorOrigins, framingOrigin, readEditorOrigins } from './editor-origins.ts';

describe('editor origins', () => {
  it('are the origins of the configured addresses, once each', () => {
    expect(editorOrigins(undefined)).toEqual([]);
    expect(editorOrigins([])).toEqual([]);
    expect(
      editorOrigins([
        'https://admin.example/',
        'https://admin.example/editor',
        'HTTP://Editor.localhost:8080',
        'data:text/plain,x',
      ]),
    ).toEqual(['https://admin.example', 'http://editor.localhost:8080']);
  });

  it('travel through the page as a space-separated attribute', () => {
    const origins = editorOrigins(['https://a.example', 'http://b.localhost:3000']);
    expect(readEditorOrigins(origins.join(' '))).toEqual(new Set(origins));
    expect(readEditorOrigins(null)).toEqual(new Set());
    expect(readEditorOrigins('null  https://a.example')).toEqual(new Set(['https://a.example']));
  });

  it('name the framing page when the browser tells it and it is allowed', () => {
    const two = new Set(['https://a.example', 'https://b.example']);
    expect(framingOrigin(two, { ancestorOrigins: ['https://b.example'], referrer: '' })).toBe(
      'https://b.example',
    );
    expect(framingOrigin(two, { referrer: 'https://a.example/designs/page' })).toBe('https://a.example');
    expect(
      framingOrigin(two, { ancestorOrigins: ['https://evil.example'], referrer: 'https://a.example/' }),
    ).toBeNull();
    expect(framingOrigin(two, { referrer: '' })).toBeNull();
    expect(framingOrigin(two, { referrer: 'not a url' })).toBeNull();
    // One editor origin is the only page frame-ancestors lets frame the canvas.
    expect(framingOrigin(new Set(['https://a.example']), { referrer: '' })).toBe('https://a.example');
  });
});
