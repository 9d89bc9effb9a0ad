// The settings the server reads, taken from VS Code's `cdoctest` section. Pure: it gets a
// `get(key)` function, so node's test runner covers it. The server parses and validates them
// (server/lsp/settings.py); here we only pick the keys it owns and nest them as it expects:
// 'generation.samples' -> { generation: { samples } }. `server.*` and `trace.*` stay in the
// extension (they say how to start the server).

import { substitute } from './cmake';

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
  'generation.singlePhase',
  'generation.branchCoverage',
  'runner.clangRepl',
  'runner.timeout',
  'runner.warmOnOpen',
  'runner.idleRelease',
  'build.compileCommandsDir',
  'build.extraFlags',
  'build.libraries',
  'build.maxFileBytes',
  'diagnostics.runOnOpen',
  'diagnostics.runOnSave',
  'diagnostics.debounce',
  'log.level',
];

/**
 * `build.libraries` with `${workspaceFolder}` and the other variables of `vars` substituted (as
 * `cmake.buildDirectory` is). An entry with an unknown variable is sent as written, so the server
 * names it when it is not found; `-lNAME` entries pass unchanged.
 */
export function withLibraryPaths(settings: Nested, vars: Record<string, string | undefined>): Nested {
  const libraries = settings.build?.libraries;
  if (!Array.isArray(libraries)) {
    return settings;
  }
  const resolved = libraries.map((l) => (typeof l === 'string' ? substitute(l, vars) ?? l : l));
  return { ...settings, build: { ...settings.build, libraries: resolved } };
}

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

/** The part of a `cdoctest/status` answer (server/lsp/server.py `status`) the extension shows. */
export interface Status {
  model?: { name?: string; path?: string; reason?: string };
  trusted?: boolean;
  sandbox?: { method?: string; notIsolated?: string[]; error?: string };
  runOnOpen?: boolean;
}

/** The status-bar text: the model, a warning with the sandbox when it is weaker than bubblewrap. */
export function statusText(status: Status | undefined): string {
  if (status?.trusted === false) {
    return '$(workspace-untrusted) cdoctest: restricted';
  }
  const name = status?.model?.name;
  const text = name ? `$(hubot) cdoctest: ${name}` : '$(hubot) cdoctest: no model';
  const method = status?.sandbox?.method;
  return method && method !== 'bwrap' ? `${text} $(warning) ${method}` : text;
}

/** Which sandbox protects runs and what it leaves open (the tooltip and the output channel). */
export function sandboxLine(status: Status | undefined): string | undefined {
  const sb = status?.sandbox;
  if (sb?.error) {
    return `Runs: the sandbox cannot be used: ${sb.error}`;
  }
  if (!sb?.method) {
    return undefined;
  }
  const gaps = sb.notIsolated ?? [];
  const isolation = gaps.length ? `NOT isolated: ${gaps.join(', ')}` : 'network, processes and filesystem isolated';
  const onOpen = status?.runOnOpen ? 'on' : 'off';
  return `Runs are confined by ${sb.method} (${isolation}). Run on open: ${onOpen}.`;
}

/** The status-bar tooltip: model, sandbox, trust. */
export function statusTooltip(status: Status | undefined): string {
  const lines = [status?.model?.path ?? '', status?.model?.reason ?? ''];
  if (status?.trusted === false) {
    lines.push('Workspace not trusted: no cdoctest block is run and nothing is generated.');
  }
  const sandbox = sandboxLine(status);
  if (sandbox) {
    lines.push(sandbox);
  }
  lines.push('Click to restart the server.');
  return lines.filter((l) => l !== '').join('\n');
}
