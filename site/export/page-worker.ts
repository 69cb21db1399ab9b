import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Reader } from '../../delivery/reader/types.ts';
import type { SiteDeps } from '../pipeline/deps.ts';
import { folderMaker } from './build-output.ts';
import { directPage, inParallel, PAGES_IN_FLIGHT, readAheadPart } from './direct-pages.ts';
import { htmlRefs } from './static-refs.ts';

// What a render thread of `verso build-site` does (docs/static-export.md, "Render threads"): the pages of a part
// rendered as the build's own thread renders them (directPage, the documents read ahead in one statement), with
// their references found, each written into the build's folder (a page with a form excepted: the build's thread
// reads and writes that one); the build's thread keeps the manifest, in the same order as ever.

/** A page a render thread is given. */
export interface PageJob {
  path: string;
  file: string;
  id: string;
  locale: string;
  permalink: string;
}

/** A page as a render thread answers it: what the build's thread would have found, the bytes written or given. */
export interface PageDone {
  status: number;
  /** The page's bytes, when the thread did not write them (a page with a form, a status other than 200). */
  body?: Uint8Array;
  bytes: number;
  tags: string[];
  refs: string[];
  /** Whether the page has a `<form`: only then does the build's thread read its text (forms' notes, endpoint). */
  forms: boolean;
}

/** Renders the pages of a part of a build, a few at a time, in its own thread's deps. */
export function partRenderer(
  site: SiteDeps,
  reader: Reader,
  args: { spaceId: string; host: string; origin: string; hosts: readonly string[] },
) {
  const render = directPage(site, { host: args.host, origin: args.origin, headers: new Headers() });
  const hosts = new Set(args.hosts);
  const folderOf = folderMaker();
  return {
    /** Starts reading the part's documents: called as a part arrives, before the part ahead of it is done. */
    readAhead: (pages: readonly PageJob[]) => readAheadPart(reader, args.spaceId, pages),
    /** The pages rendered, those without a form written under `dir` (the build's temporary folder). */
    async render(pages: readonly PageJob[], dir: string): Promise<PageDone[]> {
      const done: PageDone[] = new Array(pages.length);
      await inParallel(pages, PAGES_IN_FLIGHT, async ({ path, file }, i) => {
        const { status, rendered } = await render(path);
        const html = rendered.text ?? new TextDecoder().decode(rendered.body);
        const forms = html.includes('<form');
        const write = status === 200 && !forms;
        if (write) {
          const dest = join(dir, file);
          folderOf(dest);
          writeFileSync(dest, rendered.body);
        }
        done[i] = {
          status,
          ...(write ? {} : { body: rendered.body }),
          bytes: rendered.body.byteLength,
          tags: rendered.tags,
          refs: htmlRefs(html, hosts),
          forms,
        };
      });
      return done;
    },
  };
}
