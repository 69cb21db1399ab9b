import type { Plugin } from '../core/plugins.ts';
import { coreProcedures } from '../core/procedures/index.ts';
import type { AnyProcedure } from '../core/rpc/procedure.ts';

/** Every management procedure of this instance: the core's and those of the loaded plugins. */
export function allProcedures(plugins: Plugin[]): AnyProcedure[] {
  return [...coreProcedures, ...plugins.flatMap((p) => p.procedures ?? [])];
}
