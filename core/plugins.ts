import type { z } from 'zod';
import type { Migration } from './db/migrations.ts';
import type { Queryable } from './db/types.ts';
import type { ErrorEntry } from './errors/catalogue.ts';
import type { AnyProcedure } from './rpc/procedure.ts';

/** What a plugin's part of the space file needs while importing: the space and a way to store asset bytes. */
export interface SectionContext {
  spaceId: string;
  /** Ids present in the file, for reference checks. */
  ids: { documents: Set<string>; assets: Set<string>; contentTypes: Set<string>; blockTypes: Set<string> };
  locales: string[];
}

/**
 * A plugin owns a top-level section of the space file (e.g. `website`), its tables (migrations),
 * its error keys and, later, its procedures and server mode. Core never imports a plugin; the CLI wires them.
 */
export interface Plugin {
  id: string;
  migrations(): Migration[];
  errors?: Record<string, ErrorEntry>;
  /** Management procedures (`POST /rpc/<name>`) the plugin adds to the core's. */
  procedures?: AnyProcedure[];
  /** Checks a block's `ext.<section key>` value, e.g. the website plugin's chosen design and instance style. */
  blockExt?: { check(value: unknown, path: string): string | undefined };
  /**
   * What of the plugin's own data in the space uses an asset (`assets.delete` refuses while anything does), as
   * short descriptions such as `design page/blog-post` or `website settings`; none: an empty list.
   */
  assetUses?(db: Queryable, spaceId: string, assetId: string): Promise<string[]>;
  spaceSection?: {
    /** The file's top-level key, e.g. `website`. */
    key: string;
    schema: z.ZodType;
    /** Checks references against the rest of the file; returns `path: message` of the first problem. */
    check?(value: unknown, ctx: SectionContext): string | undefined;
    import(tx: Queryable, value: unknown, ctx: SectionContext): Promise<void>;
    export(db: Queryable, spaceId: string): Promise<unknown | undefined>;
  };
}
