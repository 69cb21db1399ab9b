import { z } from 'zod';
import { parseTrustedProxies } from '../net/trusted-proxies.ts';
import { projectSettings } from './project-settings.ts';

/**
 * Every environment setting of Verso, declared once: its schema, default and a one-line description.
 * The README's settings table is checked against this list by `settings-table.test.ts`.
 */
export interface SettingDoc {
  name: string;
  default: string;
  description: string;
  /** Never printed, not even in the error that refuses it: only its length is shown. */
  secret?: true;
}

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
/** `new URL` refuses `127.0.0.1:6081`: the message says what is missing. */
const url = () => z.string().url('must be a URL with a scheme, such as http://127.0.0.1:6081');
const csv = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

export const serverModes = ['management', 'public', 'website'] as const;
export type ServerMode = (typeof serverModes)[number];
export const knownScopes = [
  'graphql',
  'media',
  'rpc',
  'auth',
  'uploads',
  'control',
  'studio',
  'metrics',
] as const;
export type Scope = (typeof knownScopes)[number];

export const settings = {
  DATABASE_URL: {
    schema: url().optional(),
    default: 'embedded in `DATA_DIR`',
    description: 'PostgreSQL 14+ connection string; unset: embedded PGlite (one process only).',
  },
  DB_POOL_MAX: {
    schema: positiveInt.default(10),
    default: '10',
    description: 'Largest number of PostgreSQL connections a process opens.',
  },
  DATABASE_READ_URLS: {
    schema: csv
      .pipe(z.array(z.string().url('must be a PostgreSQL URL, such as postgres://reader@10.0.0.2/verso')))
      .default([]),
    default: 'none',
    description:
      'Comma-separated PostgreSQL streaming replicas the public and website processes read from, each only once it has replayed the last purge (operations.md, "Read replicas").',
  },
  REPLICA_MAX_LAG: {
    schema: z.coerce.number().positive().default(10),
    default: '10',
    description:
      'Seconds a read replica may trail the primary before it is left out (and named in `/readyz`).',
  },
  DATA_DIR: {
    schema: z.string().min(1).default('./.verso'),
    default: '`./.verso`',
    description: 'Embedded database, uploads, media cache and the development secret.',
  },
  REDIS_URL: {
    schema: url().optional(),
    default: 'none',
    description: 'Redis ≥ 5 / Valkey ≥ 7.2: cache purges, rate counters, job queue.',
  },
  REDIS_KEY_PREFIX: {
    schema: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, `_`, `.` or `-`, at most 64')
      .default('verso'),
    default: '`verso`',
    description: 'Prefix of every Redis key and channel: instances sharing one Redis use different prefixes.',
  },
  SERVER_MODE: {
    schema: z.enum(serverModes).default('management'),
    default: '`management`',
    description: 'What `verso serve` runs: `management`, `public` or `website`.',
  },
  SCOPES: {
    schema: csv.pipe(z.array(z.enum(knownScopes))).optional(),
    default: 'by mode',
    description:
      'Comma-separated surfaces a process mounts (graphql, media, rpc, auth, uploads, control, studio, metrics).',
  },
  HOST: {
    schema: z.string().min(1).default('0.0.0.0'),
    default: '`0.0.0.0`',
    description: 'Address the server listens on.',
  },
  PORT: {
    schema: port.optional(),
    default: 'by mode (3000, 3100, 3200)',
    description: 'Port `verso serve` listens on (`verso dev` reads `DEV_PORTS`).',
  },
  ...projectSettings,
  PUBLIC_SPACE: {
    schema: z.string().min(1).optional(),
    default: 'none',
    description: 'Pins a public instance to a space (name or id); a missing space stops the boot.',
  },
  AUTH_SECRET: {
    secret: true,
    schema: z.string().min(32, 'must be at least 32 characters').optional(),
    default: 'dev: generated into `DATA_DIR`; production: required',
    description: 'Signs cookies, share links, form results and media URLs.',
  },
  MEDIA_SIGNING_SECRET: {
    secret: true,
    schema: z.string().min(32, 'must be at least 32 characters').optional(),
    default: '`AUTH_SECRET`',
    description: 'Signs media URLs only, so they can be rotated on their own.',
  },
  MEDIA_STORAGE: {
    schema: z.enum(['local', 's3']).default('local'),
    default: '`local`',
    description:
      'Where original uploads live: `local` (under `DATA_DIR/media`) or `s3` (S3-compatible storage).',
  },
  S3_BUCKET: {
    schema: z.string().min(1).optional(),
    default: 'none (required with `MEDIA_STORAGE=s3`)',
    description: 'Bucket that holds the originals with `MEDIA_STORAGE=s3`.',
  },
  S3_REGION: {
    schema: z.string().min(1).default('us-east-1'),
    default: '`us-east-1`',
    description: 'Region of the bucket (S3-compatible services mostly accept any).',
  },
  S3_ENDPOINT: {
    schema: url().optional(),
    default: 'AWS',
    description: 'Endpoint of an S3-compatible service (MinIO, R2, …); unset: AWS S3.',
  },
  S3_ACCESS_KEY_ID: {
    schema: z.string().min(1).optional(),
    default: 'the AWS credential chain',
    description:
      'Access key of the bucket; unset: the usual AWS credential chain (environment, profile, role).',
  },
  S3_SECRET_ACCESS_KEY: {
    secret: true,
    schema: z.string().min(1).optional(),
    default: 'the AWS credential chain',
    description: 'Secret of `S3_ACCESS_KEY_ID`.',
  },
  S3_FORCE_PATH_STYLE: {
    schema: bool.default(false),
    default: '`false`',
    description:
      'Addresses the bucket as `endpoint/bucket/key` (MinIO and most self-hosted services need it).',
  },
  UPLOAD_MAX_BYTES: {
    schema: positiveInt.default(50 * 1024 * 1024),
    default: '52428800 (50 MB)',
    description: 'Largest file `POST /upload/:spaceId` accepts; larger answers 413 `upload.tooLarge`.',
  },
  REQUEST_MAX_BYTES: {
    schema: positiveInt.default(4 * 1024 * 1024),
    default: '4194304 (4 MB)',
    description:
      "Largest JSON body of `/rpc`, `/auth`, `/control`, `/api` and the studio's `/studio/components/draw`; larger answers 413 `request.tooLarge` before the body is read.",
  },
  TRUSTED_PROXIES: {
    schema: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v.trim() === '') return undefined;
        try {
          return parseTrustedProxies(v);
        } catch (err) {
          ctx.addIssue({ code: 'custom', message: (err as Error).message });
          return z.NEVER;
        }
      }),
    default: 'unset',
    description: 'Proxies whose forwarding headers are believed: addresses and CIDR ranges, or `none`.',
  },
  CACHE_TTL: {
    schema: positiveInt.default(300),
    default: '300',
    description: 'Shared-cache lifetime of delivery answers and pages, in seconds.',
  },
  SITE_CACHE_TTL: {
    schema: positiveInt.optional(),
    default: '`CACHE_TTL`',
    description: "The website plugin's page cache lifetime, in seconds.",
  },
  SITE_STYLESHEETS_MB: {
    schema: positiveInt.default(24),
    default: '24',
    description:
      'Compiled site and page stylesheets a website process keeps, in MB of CSS (least recently used go first; spaces with the same designs share one).',
  },
  SITE_DESIGNS_MEMO_MB: {
    schema: positiveInt.default(32),
    default: '32',
    description:
      'Parsed design records a website process keeps, in MB of their stored JSON (by its digest: least recently used go first; spaces with the same designs share them).',
  },
  SITE_HEAP_GROWTH_PERCENT: {
    schema: z.coerce.number().int().min(0).max(300).default(30),
    default: '30',
    description: "A website process's heap growth past its live data before a full GC, % (0: V8's own).",
  },
  CONTENT_MODELS_KEPT: {
    schema: positiveInt.default(2000),
    default: '2000',
    description:
      "Spaces whose content model (content and block types) a process keeps in memory, read on a space's first request (least recently used go first).",
  },
  EDGE_CACHE: {
    schema: z.enum(['none', 'varnish', 'fastly', 'cloudflare']).default('none'),
    default: '`none`',
    description:
      'The edge cache in front of the website and public processes: answers carry its tag header and every purge is forwarded to it.',
  },
  EDGE_CACHE_TTL: {
    schema: positiveInt.default(86400),
    default: '86400 (a day)',
    description:
      'How long the edge keeps an answer (`Surrogate-Control` or `CDN-Cache-Control`; purges keep it current). Browsers keep `Cache-Control`.',
  },
  EDGE_PURGE_URLS: {
    schema: csv.pipe(z.array(url())).optional(),
    default: 'none',
    description: 'Comma-separated Varnish nodes that take `PURGE` with `xkey-purge` (`EDGE_CACHE=varnish`).',
  },
  FASTLY_SERVICE_ID: {
    schema: z.string().min(1).optional(),
    default: 'none',
    description: 'Fastly service whose cache is purged by surrogate key (`EDGE_CACHE=fastly`).',
  },
  FASTLY_API_TOKEN: {
    secret: true,
    schema: z.string().min(1).optional(),
    default: 'none',
    description: 'Fastly API token with purge rights (never logged).',
  },
  FASTLY_API_URL: {
    schema: url().default('https://api.fastly.com'),
    default: '`https://api.fastly.com`',
    description: "Fastly's API address (tests point it at a local server).",
  },
  CLOUDFLARE_ZONE_ID: {
    schema: z.string().min(1).optional(),
    default: 'none',
    description: 'Cloudflare zone whose cache is purged by tag (`EDGE_CACHE=cloudflare`).',
  },
  CLOUDFLARE_API_TOKEN: {
    secret: true,
    schema: z.string().min(1).optional(),
    default: 'none',
    description: 'Cloudflare API token with the Cache Purge permission (never logged).',
  },
  CLOUDFLARE_API_URL: {
    schema: url().default('https://api.cloudflare.com/client/v4'),
    default: '`https://api.cloudflare.com/client/v4`',
    description: "Cloudflare's API address (tests point it at a local server).",
  },
  PUBLIC_GRAPHQL_INTROSPECTION: {
    schema: bool.default(false),
    default: '`false` (`verso dev`: `true`)',
    description:
      'Allows introspection (and the in-browser editor, GraphiQL, served by the process itself) on the public GraphQL endpoint.',
  },
  GRAPHQL_MAX_DEPTH: {
    schema: positiveInt.default(8),
    default: '8',
    description: 'Deepest nesting a public GraphQL query may have.',
  },
  GRAPHQL_MAX_COMPLEXITY: {
    schema: positiveInt.default(1000),
    default: '1000',
    description: 'Highest complexity score a public GraphQL query may have.',
  },
  SITE_URL_TEMPLATE: {
    schema: z
      .string()
      .regex(/^https?:\/\/\{host\}(?::\d{1,5})?\/?$/, 'must look like https://{host} or http://{host}:3200')
      .optional(),
    default: '`https://{host}` (`verso dev`: `http://{host}:` and its site port, 3200)',
    description:
      "Address of a site host in links the management API hands out (share links); `{host}` is the space's primary domain.",
  },
  STUDIO_SITE_URL: {
    schema: url().optional(),
    default:
      'the site of host `localhost` by `SITE_URL_TEMPLATE` (`verso dev`: `http://localhost:` and its site port, 3200)',
    description:
      "Address of a website process the studio (`/studio`) frames for its canvas; that process's `EDITOR_ORIGIN` must name the studio's origin.",
  },
  EDITOR_ORIGIN: {
    schema: csv.pipe(z.array(url())).optional(),
    default: 'none (`verso dev`: its management origin, `http://localhost:3000`)',
    description: 'Comma-separated origins that may frame `/_cms/canvas`.',
  },
  FORM_ORIGINS: {
    schema: csv
      .pipe(
        z.array(
          z.string().refine(
            (v) => {
              const url = URL.canParse(v) ? new URL(v) : null;
              return url !== null && /^https?:$/.test(url.protocol) && url.origin === v.replace(/\/$/, '');
            },
            { message: 'an origin is a scheme, a host and a port only (https://example.pages.dev)' },
          ),
        ),
      )
      .transform((list) => list.map((v) => new URL(v).origin))
      .optional(),
    default: 'none',
    description:
      'Comma-separated origins of statically exported sites (`verso build-site --form-endpoint`) whose forms may post to this website process.',
  },
  CONTROL_API_ALLOWED_IPS: {
    schema: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v.trim() === '') return undefined;
        try {
          return parseTrustedProxies(v, 'config.control.allowedIpsInvalid');
        } catch (err) {
          ctx.addIssue({ code: 'custom', message: (err as Error).message });
          return z.NEVER;
        }
      }),
    default: 'none (control refused)',
    description: 'Addresses and CIDR ranges allowed to call `/control/v1`.',
  },
  METRICS_ALLOWED_IPS: {
    schema: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v.trim() === '') return undefined;
        try {
          return parseTrustedProxies(v, 'config.metrics.allowedIpsInvalid');
        } catch (err) {
          ctx.addIssue({ code: 'custom', message: (err as Error).message });
          return z.NEVER;
        }
      }),
    default: 'none (`/metrics` answers no one)',
    description:
      'Addresses and CIDR ranges that may read `GET /metrics` (scope `metrics`); to anyone else the path is not there.',
  },
  WEBHOOK_ALLOW_PRIVATE: {
    schema: bool.default(false),
    default: '`false` (`verso dev`: `true`)',
    description:
      'Lets webhooks call loopback, private and link-local addresses (refused otherwise, at save and again after each lookup).',
  },
  WEBHOOK_RETRY_BASE_MS: {
    schema: positiveInt.default(5000),
    default: '5000 (5 s)',
    description:
      'Wait before the first webhook retry; the later ones are 6, 24, 120, 360, 720, 1440, 2880, 5760 and 5760 times it (5 s to 8 h, about a day in all).',
  },
  LOG_LEVEL: {
    schema: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    default: '`info`',
    description: 'Lowest level written to the JSON log.',
  },
  WEBSITE_PLUGIN: {
    schema: bool.default(true),
    default: '`true`',
    description: 'Loads the website plugin (designed sites, `website` mode, `plugins.website.*`).',
  },
  NODE_ENV: {
    schema: z.enum(['production', 'development', 'test']).optional(),
    default: 'production for `serve`',
    description: '`development` lets `verso serve` generate a secret and skip production warnings.',
  },
} as const;

export type SettingName = keyof typeof settings;

export function settingDocs(): SettingDoc[] {
  return Object.entries(settings).map(([name, s]) => ({
    name,
    default: s.default,
    description: s.description,
  }));
}
