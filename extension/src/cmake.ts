// Flags from CMake Tools, pure (no 'vscode' import) so node's test runner covers it. When the CMake
// Tools extension (ms-vscode.cmake-tools) is installed, or `cmake.buildDirectory` is set, and
// `cdoctest.build.compileCommandsDir` is empty, the server gets the CMake build directory as
// `build.compileCommandsDir` (and with it the rest of the file's project library), so files are
// parsed and run with the include paths and defines of their `compile_commands.json` entry. The
// build directory comes from CMake Tools' API (`getApi(1)` -> `getProject(uri)` ->
// `getBuildDirectory()`), else from its `cmake.buildDirectory` setting with the variables
// substituted. Without CMake Tools only an explicit `cmake.buildDirectory` is read.

export const CMAKE_TOOLS_ID = 'ms-vscode.cmake-tools';

/** Substitute the variables `cmake.buildDirectory` usually holds; undefined if some remain. */
export function substitute(template: string, vars: Record<string, string | undefined>): string | undefined {
  let unknown = false;
  const out = template.replace(/\$\{(\w+)(?::(\w+))?\}/g, (whole, name: string, arg: string | undefined) => {
    const key = arg ? `${name}:${arg}` : name;
    const value = vars[key];
    if (value === undefined) {
      unknown = true;
      return whole;
    }
    return value;
  });
  return unknown ? undefined : out;
}

/** The variables of a workspace folder for `substitute`. */
export function folderVars(folder: string, env: Record<string, string | undefined>): Record<string, string | undefined> {
  const vars: Record<string, string | undefined> = {
    workspaceFolder: folder,
    workspaceRoot: folder,
    sourceDirectory: folder,
    workspaceFolderBasename: folder.split('/').filter(Boolean).pop() ?? folder,
    buildType: 'Debug',
    buildKit: undefined,
    generator: undefined,
    userHome: env.HOME,
  };
  for (const [k, v] of Object.entries(env)) {
    vars[`env:${k}`] = v;
  }
  return vars;
}

/** Duck-typed subset of CMake Tools' exported API (version 1). */
export interface CMakeToolsApi {
  getProject(uri: unknown): Promise<{ getBuildDirectory(): Promise<string | undefined> } | undefined>;
}

/** The build directory CMake Tools' API reports for a folder; undefined on any failure. */
export async function apiBuildDirectory(exports: unknown, folderUri: unknown): Promise<string | undefined> {
  try {
    const getApi = (exports as { getApi?: (v: number) => CMakeToolsApi | Promise<CMakeToolsApi> })?.getApi;
    if (typeof getApi !== 'function') {
      return undefined;
    }
    const api = await getApi.call(exports, 1);
    const project = await api.getProject(folderUri);
    return (await project?.getBuildDirectory()) || undefined;
  } catch {
    return undefined;
  }
}

/** `compileCommandsDir` as the server should get it: the user's setting wins, then CMake Tools'. */
export function chooseCompileCommandsDir(userSetting: string | undefined, cmakeDir: string | undefined): string | undefined {
  return userSetting ? userSetting : cmakeDir;
}

/** The output channel's line about where flags come from. */
export function flagsLine(cmakeDir: string | undefined, userSetting: string | undefined, hasDb: boolean): string {
  if (userSetting) {
    return `Flags: compile_commands.json in ${userSetting} (cdoctest.build.compileCommandsDir).`;
  }
  if (!cmakeDir) {
    return 'Flags: no compile_commands.json (set cdoctest.build.compileCommandsDir, or use CMake Tools).';
  }
  return hasDb
    ? `Flags: compile_commands.json in ${cmakeDir} (the CMake build directory: CMake Tools or cmake.buildDirectory).`
    : `Flags: the CMake build directory ${cmakeDir} has no compile_commands.json yet ` +
        '(configure with CMAKE_EXPORT_COMPILE_COMMANDS=ON); cdoctest.build.extraFlags only.';
}
