export { type Config, defaultPort, defaultScopes, loadConfig } from './load.ts';
export { knownScopes, type Scope, type ServerMode, serverModes, settingDocs, settings } from './settings.ts';
