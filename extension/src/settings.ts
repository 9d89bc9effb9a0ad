// The settings the server reads, taken from VS Code's `cdoctest` section. Pure: it gets a
// `get(key)` function, so node's test runner covers it. The server parses and validates them
// (server/lsp/settings.py); here we only pick the keys it owns and nest them as it expects:
// 'generation.samples' -> { generation: { samples } }. `server.*` and `trace.*` stay in the
// extension (they say how to start the server).

export const SERVER_SETTING_KEYS: readonly string[] = [
  'model.path',
  'model.adapter',
  'model.preset',
  'model.gpuLayers',
  'generation.samples',
  'generation.maxTokens',
  'generation.timeBudget',
  'generation.strict',
  'generation.noModel',
  'generation.maxExamples',
  'runner.clangRepl',
  'runner.timeout',
  'build.compileCommandsDir',
  'build.extraFlags',
  'build.maxFileBytes',
  'diagnostics.runOnOpen',
  'diagnostics.runOnSave',
  'diagnostics.debounce',
];

export const RESTART_KEYS: readonly string[] = ['server.path', 'server.args'];

export type Nested = { [section: string]: { [key: string]: unknown } };

export function serverSettings(get: (key: string) => unknown): Nested {
  const out: Nested = {};
  for (const key of SERVER_SETTING_KEYS) {
    const value = get(key);
    if (value === undefined) {
      continue;
    }
    const [section, name] = key.split('.', 2);
    (out[section] ??= {})[name] = value;
  }
  return out;
}

/** The status-bar text for a `cdoctest/status` answer. */
export function statusText(status: { model?: { name?: string; reason?: string } } | undefined): string {
  const name = status?.model?.name;
  return name ? `$(beaker) cdoctest: ${name}` : '$(beaker) cdoctest: no model';
}
