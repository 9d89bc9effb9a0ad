// A thin client: start `cdoctest-lsp`, pass the `cdoctest` settings, drive generation through the
// server's `cdoctest/generate` request inside a cancellable notification progress, show the model
// and the sandbox in the status bar, and the blocks in the Testing view (testing.ts). All logic
// lives in the server (server/lsp/). Workspace Trust: see trust.ts (untrusted: the server runs
// nothing, commands say why). CMake Tools: see cmake.ts (its build directory's flags).
import * as fs from 'fs';
import * as vscode from 'vscode';
import {
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
  WorkDoneProgress,
  WorkspaceEdit as LspWorkspaceEdit,
} from 'vscode-languageclient/node';
import { CMAKE_TOOLS_ID, apiBuildDirectory, chooseCompileCommandsDir, flagsLine, folderVars, substitute } from './cmake';
import { ServerCommand, resolveServerCommand } from './serverCommand';
import { RESTART_KEYS, sandboxLine, serverSettings, statusText, statusTooltip, withLibraryPaths } from './settings';
import { CdoctestTests } from './testing';
import { MANAGE_TRUST, MANAGE_TRUST_COMMAND, TRUST_NOTIFICATION, onGrant, untrustedMessage } from './trust';

let client: LanguageClient | undefined;
let clientCommand: ServerCommand | undefined;
let loggedSandbox: string | undefined;
let statusItem: vscode.StatusBarItem | undefined;
let output: vscode.LogOutputChannel | undefined;
let tests: CdoctestTests | undefined;
let cmakeDir: string | undefined; // the CMake build directory (CMake Tools, or cmake.buildDirectory where set)

interface GenerateResult {
  edit: LspWorkspaceEdit | null;
  summary: string;
  cancelled: boolean;
  error: string | null;
  findings: unknown[];
}

function config(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('cdoctest');
}

/** The server command; an untrusted workspace's .venv is never used (it would run its code). */
function serverCommand(): ServerCommand {
  const cfg = config();
  const trusted = vscode.workspace.isTrusted;
  const folders = trusted ? (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath) : [];
  return resolveServerCommand({
    serverPath: cfg.get<string>('server.path'),
    serverArgs: cfg.get<string[]>('server.args'),
    workspaceFolders: folders,
    exists: (p) => fs.existsSync(p),
  });
}

/** The CMake build directory of the first workspace folder: CMake Tools' (its API, else its
 *  `cmake.buildDirectory` setting); without CMake Tools, `cmake.buildDirectory` where the user or
 *  the workspace set it (a team's shared settings), else undefined. */
async function resolveCMakeDir(): Promise<string | undefined> {
  const ext = vscode.extensions?.getExtension(CMAKE_TOOLS_ID);
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) {
    return undefined;
  }
  if (ext) {
    try {
      const exports = ext.isActive ? ext.exports : await ext.activate();
      const fromApi = await apiBuildDirectory(exports, folder.uri);
      if (fromApi) {
        return fromApi;
      }
    } catch (err) {
      output?.warn(`CMake Tools: its API could not be used (${err}); reading cmake.buildDirectory`);
    }
  }
  const template = vscode.workspace.getConfiguration('cmake', folder.uri).get<string>('buildDirectory');
  if (!ext && !template) {
    return undefined;
  }
  const dir = substitute(template || '${workspaceFolder}/build', folderVars(folder.uri.fsPath, process.env));
  if (!dir) {
    output?.warn(`CMake Tools: cannot resolve cmake.buildDirectory "${template}"`);
  }
  return dir;
}

/** The server settings with the CMake Tools build directory filled in where the user set none, and
 *  the variables of `build.libraries` substituted (the first workspace folder's). */
function withCMake(settings: ReturnType<typeof serverSettings>): ReturnType<typeof serverSettings> {
  const user = settings.build?.compileCommandsDir as string | undefined;
  const dir = chooseCompileCommandsDir(user, cmakeDir);
  const out = dir ? { ...settings, build: { ...settings.build, compileCommandsDir: dir } } : settings;
  const folder = vscode.workspace.workspaceFolders?.[0];
  return folder ? withLibraryPaths(out, folderVars(folder.uri.fsPath, process.env)) : out;
}

async function startClient(): Promise<void> {
  const cfg = config();
  cmakeDir = vscode.workspace.isTrusted ? await resolveCMakeDir() : undefined;
  const user = cfg.get<string>('build.compileCommandsDir');
  if (cmakeDir || user) {
    const db = chooseCompileCommandsDir(user, cmakeDir);
    output?.info(flagsLine(cmakeDir, user, !!db && fs.existsSync(`${db}/compile_commands.json`)));
  }
  const { command, args } = (clientCommand = serverCommand());
  const serverOptions: ServerOptions = {
    command,
    args,
    transport: TransportKind.stdio,
    options: { env: { ...process.env, PYTHONUNBUFFERED: '1' } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'c' },
      { scheme: 'file', language: 'cpp' },
    ],
    outputChannel: output,
    initializationOptions: { ...withCMake(serverSettings((k) => cfg.get(k))), trusted: vscode.workspace.isTrusted },
    synchronize: { configurationSection: 'cdoctest' },
    middleware: {
      workspace: {
        // The server pulls section `cdoctest`; the CMake directory is added to its answer.
        configuration: async (params, token, next) => {
          const answer = await next(params, token);
          if (!Array.isArray(answer)) {
            return answer;
          }
          return answer.map((value, i) => {
            const section = params.items[i]?.section;
            if (section !== 'cdoctest' || !value || typeof value !== 'object') {
              return value;
            }
            const plain = JSON.parse(JSON.stringify(value)) as Parameters<typeof withCMake>[0];
            return withCMake(plain);
          });
        },
      },
    },
  };
  client = new LanguageClient('cdoctest', 'cdoctest', serverOptions, clientOptions);
  client.onNotification('cdoctest/status', (status) => {
    if (statusItem) {
      statusItem.text = statusText(status);
      statusItem.tooltip = statusTooltip(status);
    }
    const line = sandboxLine(status);
    if (line && line !== loggedSandbox) {
      loggedSandbox = line;
      output?.info(line);
    }
  });
  tests?.attach(client);
  try {
    await client.start();
  } catch (err) {
    void vscode.window.showErrorMessage(
      `cdoctest: could not start the language server "${command}": ${err}. Set "cdoctest.server.path".`,
    );
  }
}

async function stopClient(): Promise<void> {
  const c = client;
  client = undefined;
  clientCommand = undefined;
  if (c) {
    await c.stop();
  }
}

/** In an untrusted workspace: say why nothing runs and offer to manage trust; true if untrusted. */
async function refuseUntrusted(what: string): Promise<boolean> {
  if (vscode.workspace.isTrusted) {
    return false;
  }
  const pick = await vscode.window.showWarningMessage(untrustedMessage(what), MANAGE_TRUST);
  if (pick === MANAGE_TRUST) {
    await vscode.commands.executeCommand(MANAGE_TRUST_COMMAND);
  }
  return true;
}

/** Trust granted: everything works without a reload (restart only if the server command changes). */
async function trustGranted(): Promise<void> {
  if (onGrant(clientCommand, serverCommand()) === 'restart') {
    await stopClient();
    await startClient();
  } else {
    await client?.sendNotification(TRUST_NOTIFICATION, { trusted: true });
  }
}

async function generate(all: boolean): Promise<void> {
  if (await refuseUntrusted('generate tests')) {
    return;
  }
  const editor = vscode.window.activeTextEditor;
  const c = client;
  if (!editor || !c) {
    void vscode.window.showWarningMessage('cdoctest: open a C/C++ file first.');
    return;
  }
  const doc = editor.document;
  const token = `cdoctest-ext-${Date.now()}`;
  const params = {
    uri: doc.uri.toString(),
    version: doc.version,
    ...(all ? { all: true } : { line: editor.selection.active.line }),
    workDoneToken: token,
  };
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: 'cdoctest', cancellable: true },
    async (progress, cancel) => {
      const sub = c.onProgress(WorkDoneProgress.type, token, (value) => {
        if (value.kind !== 'end' && value.message) {
          progress.report({ message: value.message });
        }
      });
      try {
        return await c.sendRequest<GenerateResult>('cdoctest/generate', params, cancel);
      } catch (err) {
        if (cancel.isCancellationRequested) {
          return undefined;
        }
        throw err;
      } finally {
        sub.dispose();
      }
    },
  );
  if (!result || result.cancelled) {
    void vscode.window.showInformationMessage('cdoctest: cancelled, nothing was inserted.');
    return;
  }
  if (result.edit) {
    const edit = await c.protocol2CodeConverter.asWorkspaceEdit(result.edit);
    const applied = await vscode.workspace.applyEdit(edit);
    if (!applied) {
      void vscode.window.showWarningMessage('cdoctest: the file changed; nothing was inserted. Try again.');
      return;
    }
  }
  if (!result.error) {
    void vscode.window.showInformationMessage(`cdoctest: ${result.summary}`);
  }
}

async function runTests(): Promise<void> {
  if (await refuseUntrusted('run the tests')) {
    return;
  }
  const editor = vscode.window.activeTextEditor;
  if (!editor || !client) {
    return;
  }
  const r = await client.sendRequest<{ blocks: number; passed: number; failed: number }>(
    'cdoctest/runTests',
    { uri: editor.document.uri.toString() },
  );
  void vscode.window.showInformationMessage(
    `cdoctest: ${r.blocks} blocks, ${r.passed} passed, ${r.failed} failed`,
  );
}

export async function activate(ctx: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel('cdoctest', { log: true });
  statusItem = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Right, 100);
  statusItem.text = statusText(undefined);
  statusItem.command = 'cdoctest.restartServer';
  statusItem.show();
  tests = new CdoctestTests(() => client, output);
  ctx.subscriptions.push(
    output,
    statusItem,
    tests,
    vscode.commands.registerCommand('cdoctest.generate', () => generate(false)),
    vscode.commands.registerCommand('cdoctest.generateFile', () => generate(true)),
    vscode.commands.registerCommand('cdoctest.runTests', () => runTests()),
    vscode.commands.registerCommand('cdoctest.restartServer', async () => {
      await stopClient();
      await startClient();
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => trustGranted()),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (RESTART_KEYS.some((k) => e.affectsConfiguration(`cdoctest.${k}`))) {
        await stopClient();
        await startClient();
      } else if (e.affectsConfiguration('cmake.buildDirectory')) {
        cmakeDir = await resolveCMakeDir();
        await client?.sendNotification('workspace/didChangeConfiguration', { settings: null });
      }
    }),
  );
  await startClient();
}

export function deactivate(): Promise<void> {
  return stopClient();
}
