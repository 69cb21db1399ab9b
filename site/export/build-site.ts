import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { collectingTags } from '../../core/cache/edge/request-tags.ts';
import { journalHead } from '../../core/cache/purge-journal.ts';
import { cacheTags } from '../../core/cache/tags.ts';
import { staticFormStamp } from '../access/form-stamp.ts';
import { spaceDomains } from '../pipeline/find-domain.ts';
import { hostSite } from '../pipeline/host-site.ts';
import { isServed } from '../pipeline/load-site.ts';
import { localePrefix, origin as originOf } from '../pipeline/site-urls.ts';
import { type BuildIo, referredFiles, sitemapAndRobots } from './build-extras.ts';
import { hostRuleFiles } from './build-host-rules.ts';
import {
  type FileEntry,
  interner,
  listInterner,
  type Manifest,
  manifestPath,
  purgeTouches,
  startingPoint,
  writeManifest,
} from './build-manifest.ts';
import { BuildSiteError, chooseDomain, formEndpoint, parseBaseUrl } from './build-options.ts';
import { filesIn, folderMaker, linkOrCopy, swapIn, updateInPlace } from './build-output.ts';
import { feedPaths, feedRefs, pagePaths } from './build-routes.ts';
import type { BuildProgress, BuildSiteDeps, BuildSiteOptions, BuildSummary } from './build-types.ts';
import { directPage, inParallel, PAGES_IN_FLIGHT, type Rendered, readAheadPages } from './direct-pages.ts';
import type { PageDone } from './page-worker.ts';
import { pagesInParts, THREADS_FROM_PAGES } from './pooled-pages.ts';
import { formWarnings, noteForms, pageSecurityHeaders, pointForms } from './static-forms.ts';
import { notFoundFile } from './static-paths.ts';
import { htmlRefs } from './static-refs.ts';

export type { BuildProgress, BuildSiteDeps, BuildSiteOptions, BuildSummary } from './build-types.ts';
export { BuildSiteError, manifestPath };

const NONE = new Uint8Array(0);
const TELL_EVERY_MS = 250;

/**
 * `verso build-site` (docs/static-export.md): every published document of the space in every locale the host
 * serves, the 404 page of each locale, sitemap, robots and feeds, and every file they refer to, rendered by the
 * website process's own app (the same bytes it serves), plus `_headers`, `_redirects` and `nginx.conf`. Built
 * into a temporary folder beside `out` and swapped in whole: a failure leaves the previous folder untouched.
 */
export async function buildSite(deps: BuildSiteDeps, options: BuildSiteOptions): Promise<BuildSummary> {
  const started = performance.now();
  const space = await deps.reader.space(options.space);
  if (!space) throw new BuildSiteError(`There is no space "${options.space}".`);
  const domains = await spaceDomains(deps, space.id);
  const domain = chooseDomain(domains, options.host);
  const { site } = await hostSite(deps, domain.host);
  if (!isServed(site))
    throw new BuildSiteError(
      `The space "${space.name}" is not served as a designed site (external mode, or an import is running).`,
    );
  if (site.hasPassword)
    throw new BuildSiteError(
      `The space "${space.name}" has a site password: a static host cannot ask for it, so the export would publish the site to anyone. Remove the password, or serve the site with \`verso serve\`.`,
    );
  const base = parseBaseUrl(options.baseUrl ?? `https://${domain.host}`);
  const target = { protocol: base.protocol, port: base.port };
  const origin = originOf(target, domain.host);
  const hosts = new Set(domains.map((d) => d.host));
  const endpoint = options.formEndpoint ? formEndpoint(options.formEndpoint, base, domains) : undefined;
  const secret = deps.authSecret?.();
  if (endpoint && !secret)
    throw new BuildSiteError(
      '--form-endpoint needs AUTH_SECRET, the same as the website process that takes the posts: it signs the forms.',
    );
  const builtAt = Date.now();

  const get = async (path: string): Promise<{ status: number; rendered: Rendered }> => {
    const tags = new Set<string>();
    const res = await collectingTags(tags, () => deps.fetch(new Request(origin + path)));
    const body = new Uint8Array(await res.arrayBuffer());
    return { status: res.status, rendered: { body, tags: [...tags].sort(), refs: [], headers: res.headers } };
  };
  // Pages in process once one page answered through the app has given the headers every page carries.
  let direct: ReturnType<typeof directPage> | undefined;
  let pageHeaders: Headers | undefined;
  const getPage = async (path: string) => {
    if (direct) return direct(path);
    const answer = await get(path);
    if (deps.site && answer.status === 200) {
      pageHeaders = answer.rendered.headers;
      direct = directPage(deps.site, { host: domain.host, origin, headers: pageHeaders });
    }
    return answer;
  };

  // What the host shows: its locales (a pinned domain only its own), each under its prefix.
  const locales = domain.locale ? [domain.locale] : site.space.locales;
  const notFound = locales.map((locale) => ({ prefix: localePrefix(site, domain, locale), locale }));
  // The folder's listing (`keep` below), by libuv's threads while the build waits for the database.
  const listing = options.incremental ? filesIn(options.out) : undefined;
  // The journal's position first: a publish after it is rendered by the next incremental build, even when this
  // one's reads below already saw it. Then the reads at once (each waited for the one before).
  const head = await journalHead(deps.db);
  const [{ pages, permalinks }, feeds, { previous, purged, fullBecause }] = await Promise.all([
    pagePaths(deps, site, domain, locales),
    feedPaths(deps, site, domain, locales),
    // An incremental build starts from the previous manifest and renders what a purge since then touched.
    options.incremental
      ? startingPoint(deps.db, options.out, head, {
          spaceId: space.id,
          host: domain.host,
          baseUrl: base.href,
          ...(endpoint ? { formEndpoint: endpoint } : {}),
        })
      : { previous: null, purged: null, fullBecause: undefined },
  ]);
  /** The previous build's entry of a file no purge since has touched; only in an incremental build. */
  const touched = purged && purgeTouches(purged, space.id, feeds, previous?.permalinks === permalinks);
  // Answered once a file: a page asks it up to three times (the read-ahead, its part, its render), and each
  // answer looks every tag of the entry up in the purged ones.
  const answers = new Map<string, FileEntry | undefined>();
  const unchanged = (file: string) => {
    if (answers.has(file)) return answers.get(file);
    const entry = previous?.files[file];
    const answer =
      (entry?.forms && endpoint) || !touched || !entry || touched(file, entry.tags) ? undefined : entry;
    answers.set(file, answer);
    return answer;
  };

  // An incremental build that can tell what changed leaves the kept files where they are (no link, no delete of
  // thousands of files): it writes what it renders aside and moves only those into the folder at the end.
  const inPlace = purged !== null;
  const tmp = join(dirname(options.out), `.${basename(options.out)}.tmp-${randomBytes(4).toString('hex')}`);
  mkdirSync(tmp, { recursive: true });
  let files: Manifest['files'] = {};
  const progress: BuildProgress = { stage: 'pages', documents: 0, files: 0, bytes: 0 };
  let written = 0;
  let kept = 0;
  let threadsUsed: BuildSummary['threads'];
  let securityHeaders: Array<[string, string]> | undefined;
  // A line every quarter second at most while pages finish (every 25 pages was 160 lines, and some 25 ms of
  // writes to a pipe on a loaded machine, for an incremental build that keeps 4,000 pages); every stage's start.
  let toldAt = 0;
  const tell = (stage = true) => {
    const now = performance.now();
    if (!stage && now - toldAt < TELL_EVERY_MS) return;
    toldAt = now;
    options.onProgress?.({ ...progress });
  };

  // Files are written, linked and their folders made with the synchronous calls: each is a few microseconds,
  // where the promise forms hop through libuv's thread pool (4,000 hard links of an incremental build took 1.2 s
  // that way on a loaded machine). Nothing else runs on this process's loop meanwhile but other pages' renders.
  const folderOf = folderMaker();
  const intern = interner();
  const internRefs = listInterner(intern);
  /** The files this build wrote into `tmp`, when they are to be moved into the folder one by one (in place). */
  const fresh: string[] = [];
  /** `onDisk`: the bytes a render thread wrote into `tmp` itself (then `r.body` is empty). */
  const put = async (file: string, r: Rendered, onDisk?: number) => {
    if (onDisk === undefined) {
      const dest = join(tmp, file);
      folderOf(dest);
      writeFileSync(dest, r.body);
    }
    const bytes = onDisk ?? r.body.byteLength;
    if (inPlace) fresh.push(file);
    const type = r.headers.get('content-type');
    const cacheControl = r.headers.get('cache-control');
    files[file] = {
      tags: r.tags.map(intern),
      refs: internRefs(r.refs),
      bytes,
      // Interned: every page's headers are strings of their own (some 100 bytes a page).
      ...(type ? { type: intern(type) } : {}),
      ...(cacheControl ? { cacheControl: intern(cacheControl) } : {}),
    };
    written++;
    progress.files++;
    progress.bytes += bytes;
  };
  /**
   * Takes the previous build's copy of a file no purge has touched (a hard link, else a copy); undefined when
   * there is none, or it is gone from the folder: then the file is rendered again.
   */
  const present = inPlace ? await listing! : undefined;
  const keep = (file: string): FileEntry | undefined => {
    const entry = unchanged(file);
    if (!entry) return undefined;
    if (present) {
      if (!present.has(file)) return undefined;
    } else {
      const dest = join(tmp, file);
      folderOf(dest);
      if (!linkOrCopy(join(options.out, file), dest)) return undefined;
    }
    files[file] = entry;
    kept++;
    progress.files++;
    progress.bytes += entry.bytes;
    return entry;
  };
  /**
   * A page (or a 404 page: `what` names it) of the site, with the files it refers to; `done`, as a render thread
   * answered it, its references found there (pooled-pages.ts).
   */
  const page = async (
    path: string,
    file: string,
    expected: number,
    rank: number,
    what = path,
    done?: PageDone,
  ) => {
    if (keep(file)) return;
    const { status, rendered } = done
      ? { status: done.status, rendered: { ...done, body: done.body ?? NONE, headers: pageHeaders! } }
      : expected === 200
        ? await getPage(path)
        : await get(path);
    if (status !== expected)
      throw new BuildSiteError(`${what} answered ${status}, not ${expected}: the build stops.`);
    // A page a thread answered is read here only when it has a form (the notes and the endpoint need its text).
    const html = done && !done.forms ? undefined : (rendered.text ?? new TextDecoder().decode(rendered.body));
    if (!done) rendered.refs = htmlRefs(html!, hosts);
    securityHeaders ??= pageSecurityHeaders(rendered.headers, endpoint);
    const pointed =
      endpoint && html !== undefined
        ? pointForms(html, endpoint, (ref) => staticFormStamp(secret!, space.id, ref, builtAt))
        : undefined;
    if (!pointed) {
      if (html !== undefined) noteForms(html, { path, rank }, forms);
    } else if (pointed.actions.length > 0) rendered.body = new TextEncoder().encode(pointed.html);
    await put(file, rendered, done && !done.body ? done.bytes : undefined);
    if (pointed && pointed.actions.length > 0) files[file]!.forms = true;
  };
  const forms = new Map<string, { path: string; rank: number }>();
  const io: BuildIo = { get, keep, put };

  try {
    // The first page alone (its answer gives the headers of all), then the others a few at a time: while one
    // waits for the database another renders. The manifest lists them in the pages' order whatever the finish.
    // Their documents read ahead, a hundred a statement, for the pages that will be rendered.
    const toRender = pages.filter((p) => !unchanged(p.file));
    const ahead = readAheadPages(deps.reader, space.id, toRender);
    let reached = 0;
    let done = 0;
    const onePage = async (
      { path, file }: { path: string; file: string },
      rank: number,
      answer?: PageDone,
    ) => {
      progress.documents++;
      if (!unchanged(file) && !threads?.length) ahead.reach(reached++);
      // A thread's page before any page of this thread gave the headers is rendered here (the same bytes).
      await page(path, file, 200, rank, path, pageHeaders ? answer : undefined);
      // Counted as pages finish: eight in flight that finish together reported the same line eight times.
      if (++done % 25 === 0) tell(false);
    };
    // Render threads for a large build (pooled-pages.ts), started now: they load while this thread renders.
    const threads =
      deps.site && toRender.length >= (options.threadsFrom ?? THREADS_FROM_PAGES)
        ? deps.renderThreads?.({ spaceId: space.id, host: domain.host, origin, hosts: [...hosts] })
        : undefined;
    if (pages[0]) await onePage(pages[0], 0);
    // Kept pages in one loop, as `onePage` keeps them: a promise chain and lane each was some 50 ms at 4,000 pages.
    const others: typeof pages = [];
    const ranks: number[] = [];
    for (let rank = 1; rank < pages.length; rank++) {
      const p = pages[rank]!;
      if (keep(p.file)) {
        progress.documents++;
        if (++done % 25 === 0) tell(false);
      } else {
        others.push(p);
        ranks.push(rank);
      }
    }
    const onThreads = await pagesInParts(others, {
      threads: threads ?? [],
      dir: tmp,
      rendered: (p) => !unchanged(p.file),
      reader: deps.reader,
      spaceId: space.id,
      here: (p, i) => onePage(p, ranks[i]!),
      there: (p, i, answer) => onePage(p, ranks[i]!, answer),
    }).finally(ahead.clear);
    if (threads?.length) threadsUsed = { started: threads.length, pages: onThreads };
    const inOrder: Manifest['files'] = {};
    for (const { file } of pages) if (files[file]) inOrder[file] = files[file];
    files = Object.assign(inOrder, files);
    // The feeds a purge touched (all of them in a full build) are asked for meanwhile, a few at a time: one after
    // the other they waited for the database in turn (a publish purges every feed of its list). Written below, in
    // order, after the 404 pages, sitemap and robots.
    const feedsAhead = new Map<string, Promise<{ status: number; rendered: Rendered }>>();
    const asked = inParallel(
      feeds.filter((f) => !unchanged(f.file)),
      PAGES_IN_FLIGHT,
      async ({ path }) => {
        const answer = get(path);
        feedsAhead.set(path, answer);
        await answer;
      },
    );
    // Its failure is thrown where the feeds are written (or the build failed before).
    asked.catch(() => {});
    for (const { prefix } of notFound)
      await page(
        `${prefix}/.verso-build-not-found-${randomBytes(6).toString('hex')}`,
        notFoundFile(prefix),
        404,
        pages.length,
        `The 404 page of "${prefix || '/'}"`,
      );
    for (const warning of formWarnings(forms)) options.onWarning?.(warning);
    // Sitemap and robots, with the base URL.
    await sitemapAndRobots(io, {
      previousFiles: Object.keys(previous?.files ?? {}),
      robotsOrigins: base.host !== domain.host ? { site: origin, base: base.origin } : undefined,
    });
    await deps.cache.purgeTags([cacheTags.sitemap(space.id)]);
    // Every feed, as the site serves it; the images of its items are files too (an item's body need not be
    // on its page).
    await asked;
    for (const { path, file } of feeds) {
      if (keep(file)) continue;
      const { status, rendered } = await (feedsAhead.get(path) ?? get(path));
      if (status !== 200) throw new BuildSiteError(`The feed ${path} answered ${status}, not 200.`);
      if (file.endsWith('.json')) rendered.refs = feedRefs(new TextDecoder().decode(rendered.body), hosts);
      await put(file, rendered);
    }
    // Every file the pages refer to, and what those refer to (stylesheet fonts); nothing else.
    progress.stage = 'assets';
    tell();
    await referredFiles(files, io);

    progress.stage = 'writing';
    tell();
    // Every page was kept only when a previous build exists: its headers still hold (nothing re-rendered them).
    const headers = securityHeaders ?? previous!.securityHeaders;
    const ruleFiles = await hostRuleFiles(
      deps,
      { site, domain, domains, locales, target, files, feeds, pages, notFound, securityHeaders: headers },
      options.onWarning,
    );
    for (const [file, text] of ruleFiles) {
      await writeFile(join(tmp, file), text);
      if (inPlace) fresh.push(file);
      progress.files++;
    }

    // Swap: the old folder is moved aside, the new one takes its name, then the old one goes.
    const manifest: Manifest = {
      spaceId: space.id,
      host: domain.host,
      baseUrl: base.href,
      journal: head,
      ...(endpoint ? { formEndpoint: endpoint } : {}),
      permalinks,
      securityHeaders: headers,
      files,
    };
    if (inPlace) {
      // The manifest is written after the files: a build stopped in between leaves the previous manifest, whose
      // journal position makes the next build render the same files again.
      updateInPlace({
        tmp,
        out: options.out,
        fresh,
        gone: Object.keys(previous!.files).filter((f) => !files[f]),
      });
      await writeManifest(options.out, manifest, previous);
      return summary();
    }
    await swapIn(tmp, options.out, randomBytes(4).toString('hex'));
    await writeManifest(options.out, manifest);
  } catch (err) {
    await rm(tmp, { recursive: true, force: true });
    throw err;
  }
  return summary();
  function summary(): BuildSummary {
    return {
      out: options.out,
      host: domain.host,
      baseUrl: base.href,
      pages: pages.length,
      written,
      kept,
      files: progress.files,
      bytes: progress.bytes,
      incremental: options.incremental === true && !fullBecause,
      ...(fullBecause ? { fullBecause } : {}),
      ...(threadsUsed ? { threads: threadsUsed } : {}),
      ms: Math.round(performance.now() - started),
    };
  }
}
