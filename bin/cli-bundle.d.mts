/** bin/cli-bundle.mjs: the CLI as one esbuild bundle, for `verso build-site`'s start-up. */
export const bundleDir: string;
/** The bundle's file in `dir` when every source it was made from is as it was then; else null. */
export function currentBundle(dir?: string): string | null;
/** Makes the bundle in `dir` and names it in `dir/bundle.json`; its file. */
export function makeBundle(dir?: string): Promise<string>;
/** The CLI's `main` from the bundle (made or made again as needed); null when it cannot be made here. */
export function bundledMain(): Promise<((argv: string[]) => Promise<void>) | null>;
