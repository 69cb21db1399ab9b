import { createHash, type Hash } from 'node:crypto';
import { type IslandBundles, islandScripts } from '../../build/islands.ts';
import type { DesignRecord, Theme } from '../../core/designs/index.ts';
import type { Logger } from '../../core/log.ts';
import { originalPath, variantPath } from '../../core/media/signing.ts';
import { fontFaceCss } from '../../fonts/font-face-css.ts';
import { fontPreloads } from '../../fonts/preloads.ts';
import { type CompiledCss, compileSiteCss } from '../../styles/compile.ts';
import { type BlockInstanceStyle, compileInstanceCss } from '../../styles/instance.ts';
import { decodeInstances, encodeInstances } from '../../styles/instance-url.ts';
import { styledKind } from '../../styles/site-css.ts';
import type { StylesheetStore } from '../../styles/stylesheet-store.ts';
import type { SiteStyles } from '../pipeline/deps.ts';
import { diskMemo } from '../pipeline/disk-memo.ts';
import { type LoadedDesigns, recordDigest } from '../pipeline/load-designs.ts';
import type { SiteInfo } from '../pipeline/types.ts';

/** The custom CSS's part of a stylesheet's key: a change of it alone makes a new stylesheet. */
const cssKey = (css: string) => (css ? createHash('sha1').update(css).digest('base64url').slice(0, 12) : '');

const secretDigest = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** A SHA-256 that has read a site sheet, for the page sheets that start with it (`continuedHash`). */
const siteHashers = new WeakMap<CompiledCss, Hash>();
function siteHasher(sheet: CompiledCss): Hash {
  let hasher = siteHashers.get(sheet);
  if (!hasher) {
    hasher = createHash('sha256').update(sheet.css);
    siteHashers.set(sheet, hasher);
  }
  return hasher;
}

/** A generated record's JSON, made once per record: spaces with equal designs share theirs (site-designs.ts). */
const generatedJsons = new WeakMap<DesignRecord, string>();
function generatedJson(record: DesignRecord): string {
  let json = generatedJsons.get(record);
  if (json === undefined) {
    json = JSON.stringify(record);
    generatedJsons.set(record, json);
  }
  return json;
}

/** Each loaded designs' part of the key, computed once per loaded value (loadDesigns caches it). */
const designsKeys = new WeakMap<LoadedDesigns, string>();

/**
 * What a site stylesheet is compiled from, as a key: the theme and the records that get rules (styles/site-css.ts;
 * the site record, with its logo, does not), by content rather than by space. Spaces whose revisions hold the
 * same designs (copies of one template, a starter) share one compiled sheet: a new such site costs this hash,
 * not a compile (30–60 ms; issue 42). Asset ids that styles name are part of the records, so a sheet that
 * differs in bytes differs in key; the media secret and font URLs are the process's, the same for every space.
 */
export function sheetKey(designs: LoadedDesigns, customCss: string): string {
  let key = designsKeys.get(designs);
  if (key === undefined) {
    const { theme } = designs.bundle.designs;
    const themeRecord = designs.bundle.records.find((r) => r.kind === 'theme' && r.published === theme);
    const hash = createHash('sha1').update(
      (themeRecord && recordDigest(themeRecord)) ?? JSON.stringify(theme),
    );
    // A stored record by the digest of its JSON (load-designs.ts), a generated one by its JSON.
    for (const r of designs.bundle.records)
      if (styledKind(r.kind)) hash.update('\u0000').update(recordDigest(r) ?? generatedJson(r));
    key = hash.digest('base64url');
    designsKeys.set(designs, key);
  }
  return `${key}:${cssKey(customCss)}`;
}

export interface SiteStylesDeps {
  store: StylesheetStore;
  log: Logger;
  mediaSecret: () => string;
  /** The bundled islands (build/islands.ts); without them pages go without scripts. */
  islands?: Promise<IslandBundles>;
}

/**
 * The site's stylesheets through the style compiler: one per content of the designs and custom CSS, shared by
 * every space with the same (`/_site/<hash>.css`), and for a page whose blocks carry instance styles its own sheet (the site
 * rules plus those override classes). Both are compiled once per process and key.
 */
export function siteStyles(deps: SiteStylesDeps): SiteStyles & {
  siteSheet(site: SiteInfo, designs: LoadedDesigns): Promise<CompiledCss>;
  missedSheet(
    site: SiteInfo,
    designs: LoadedDesigns,
    instances: string | undefined,
  ): Promise<CompiledCss | undefined>;
} {
  const assetUrl = (assetId: string) => variantPath(deps.mediaSecret(), assetId, 'hero');
  const uploadedFontUrl = (assetId: string) => originalPath(assetId);
  const compile = (theme: Theme, designs: LoadedDesigns, customCss: string) =>
    compileSiteCss({
      theme,
      customCss,
      designs: designs.bundle.records,
      assetUrl,
      fontFaces: fontFaceCss(theme, { uploadedFontUrl }),
    });
  const siteSheet = (site: SiteInfo, designs: LoadedDesigns) => {
    const key = sheetKey(designs, site.settings.customCss);
    return deps.store.getSiteStylesheet(key, () =>
      // Compiled by an earlier export of this code from the same records: read from disk. The media secret
      // signs the image addresses styles name, so it is part of the key (by digest).
      diskMemo('sheet', `${key}\u0000${secretDigest(deps.mediaSecret())}`, () =>
        compile(designs.bundle.designs.theme, designs, site.settings.customCss),
      ),
    );
  };
  /** The page's own sheet: the site rules plus the blocks' override classes, compiled once per process. */
  const pageSheet = (
    site: SiteInfo,
    designs: LoadedDesigns,
    sheet: CompiledCss,
    blocks: BlockInstanceStyle[],
  ) => {
    const key = createHash('sha1').update(sheet.hash).update(JSON.stringify(blocks)).digest('base64url');
    return deps.store.getPageStylesheet(key, () => {
      const compiled = compileInstanceCss({
        siteCss: sheet.css,
        blocks,
        theme: designs.bundle.designs.theme,
        assetUrl,
        siteHasher: siteHasher(sheet),
      });
      for (const r of compiled.refused) {
        deps.log.warn(
          { spaceId: site.space.id, blockId: r.blockId, err: r.error.message },
          'block instance style refused',
        );
      }
      return compiled;
    });
  };
  return {
    siteSheet,
    /**
     * A sheet `/_site/<hash>.css` names that this process does not hold (another process rendered the page,
     * or this one restarted): the host's current site sheet, or with `?i=` the page sheet of those instance
     * styles on it. The route serves it only when its hash is the one asked for; nothing is kept otherwise.
     */
    async missedSheet(site: SiteInfo, designs: LoadedDesigns, instances: string | undefined) {
      const sheet = await siteSheet(site, designs);
      if (instances === undefined) return sheet;
      const blocks = decodeInstances(instances);
      if (!blocks) return undefined;
      return compileInstanceCss({
        siteCss: sheet.css,
        blocks,
        theme: designs.bundle.designs.theme,
        assetUrl,
      });
    },
    async stylesheets({ site, designs, instances }) {
      let sheet: CompiledCss;
      try {
        sheet = await siteSheet(site, designs);
      } catch (err) {
        deps.log.error(
          { err, spaceId: site.space.id },
          'the site stylesheet does not compile; pages go without it',
        );
        return [];
      }
      if (!instances.length) return [`/_site/${sheet.hash}.css`];
      const blocks = instances.map((b) => ({ blockId: b.blockId, style: b.design?.style as never }));
      const page = await pageSheet(site, designs, sheet, blocks);
      // The URL carries what derives the sheet, so any process can compile it again (docs/styles-and-fonts.md).
      return [`/_site/${page.hash}.css?i=${encodeInstances(blocks)}`];
    },
    fontPreloads: (theme, roles) => fontPreloads(theme, roles, { uploadedFontUrl }),
    async islandScripts() {
      const bundles = await deps.islands;
      return (names) => (bundles ? islandScripts(bundles, names) : []);
    },
  };
}
