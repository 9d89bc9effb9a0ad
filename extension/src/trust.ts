// Workspace Trust, pure (no 'vscode' import) so node's test runner covers it. In an untrusted
// workspace the extension starts the server with `initializationOptions.trusted = false` and never
// from the workspace's .venv; the server then runs nothing (server/lsp/features/trust.py). Granting
// trust sends `cdoctest/didChangeTrust`, or restarts the server when the trusted workspace selects
// another server command (its .venv or its own `cdoctest.server.*` settings).
import { ServerCommand } from './serverCommand';

export const MANAGE_TRUST_COMMAND = 'workbench.trust.manage';
export const MANAGE_TRUST = 'Manage Workspace Trust';
export const TRUST_NOTIFICATION = 'cdoctest/didChangeTrust';

/** The warning a command shows instead of running in an untrusted workspace. */
export function untrustedMessage(what: string): string {
  return (
    `cdoctest: this workspace is not trusted, so cdoctest does not ${what}: that runs the ` +
    "workspace's code in clang-repl. Trust the folder to enable it."
  );
}

/** What to do when trust is granted: restart with another command, or just tell the server. */
export function onGrant(current: ServerCommand | undefined, trusted: ServerCommand): 'restart' | 'notify' {
  if (!current || current.command !== trusted.command || current.args.join('\0') !== trusted.args.join('\0')) {
    return 'restart';
  }
  return 'notify';
}
