import { Features, type Targets, transform } from 'lightningcss';

/**
 * lightningcss with Verso's browser targets. Browserslist is not a dependency, so the targets are set
 * by hand: the evergreen browsers of the last two years (end of 2023 on), all of which support
 * cascade layers, nesting, `color-mix()` and the logical properties the compiler writes. Raise them
 * here, once a year; lightningcss lowers syntax newer than they support.
 */

const version = (major: number, minor = 0) => (major << 16) | (minor << 8);

export const BROWSER_TARGETS: Targets = {
  chrome: version(120),
  edge: version(120),
  firefox: version(121),
  safari: version(17, 2),
  ios_saf: version(17, 2),
  samsung: version(25),
  opera: version(106),
};

/** Parses, lowers for the targets and minifies. Throws on invalid CSS (no error recovery). */
export function minifyCss(source: string, filename: string): string {
  const { code } = transform({
    filename,
    code: Buffer.from(source),
    minify: true,
    targets: BROWSER_TARGETS,
    // `color-scheme` stays as written: no `--lightningcss-light` variables for light-dark(), which Verso never uses.
    exclude: Features.LightDark,
    errorRecovery: false,
  });
  return code.toString();
}
