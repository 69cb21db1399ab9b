/** What the studio page hands its app (`data-boot` of `#studio`), shared by the server and the browser. */
export interface StudioBoot {
  /** The website process's origin: the canvas is `${siteUrl}/_cms/canvas`. */
  siteUrl: string;
  /** The spaces the session may use. */
  spaces: Array<{ id: string; name: string; title: string; defaultLocale: string; locales: string[] }>;
  /** The session's permissions (null: all of its role). */
  permissions: string[] | null;
  expiresAt: string | null;
}

export function readBoot(root: HTMLElement): StudioBoot {
  return JSON.parse(root.dataset.boot ?? '{}') as StudioBoot;
}
