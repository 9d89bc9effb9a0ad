// How the extension starts the language server. Pure (no 'vscode' import) so node's test runner
// covers it: an explicit `cdoctest.server.path` wins; else the first workspace folder's
// .venv/bin/cdoctest-lsp (Scripts\cdoctest-lsp.exe on Windows) when it exists; else `cdoctest-lsp`
// on PATH.
import * as path from 'path';

export interface ServerCommand {
  command: string;
  args: string[];
}

export interface ResolveInput {
  serverPath?: string;
  serverArgs?: string[];
  workspaceFolders: string[];
  platform?: string;
  exists: (p: string) => boolean;
}

export const DEFAULT_COMMAND = 'cdoctest-lsp';

export function venvCandidates(folder: string, platform: string): string[] {
  if (platform === 'win32') {
    return [path.join(folder, '.venv', 'Scripts', 'cdoctest-lsp.exe')];
  }
  return [path.join(folder, '.venv', 'bin', 'cdoctest-lsp')];
}

export function resolveServerCommand(input: ResolveInput): ServerCommand {
  const args = (input.serverArgs ?? []).filter((a) => typeof a === 'string');
  const explicit = (input.serverPath ?? '').trim();
  if (explicit !== '') {
    return { command: explicit, args };
  }
  const platform = input.platform ?? process.platform;
  for (const folder of input.workspaceFolders) {
    for (const candidate of venvCandidates(folder, platform)) {
      if (input.exists(candidate)) {
        return { command: candidate, args };
      }
    }
  }
  return { command: DEFAULT_COMMAND, args };
}
