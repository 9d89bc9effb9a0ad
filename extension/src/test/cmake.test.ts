// CMake Tools (cmake.ts): the build directory from its API or its setting, and what is logged.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiBuildDirectory, chooseCompileCommandsDir, flagsLine, folderVars, substitute } from '../cmake';

test('cmake.buildDirectory variables are substituted; unknown ones give undefined', () => {
  const vars = folderVars('/w/proj', { HOME: '/home/u', CC: 'clang' });
  assert.equal(substitute('${workspaceFolder}/build', vars), '/w/proj/build');
  assert.equal(substitute('${workspaceFolder}/out/${buildType}', vars), '/w/proj/out/Debug');
  assert.equal(substitute('/tmp/${workspaceFolderBasename}-${env:CC}', vars), '/tmp/proj-clang');
  assert.equal(substitute('${workspaceFolder}/build/${buildKit}', vars), undefined);
});

test("CMake Tools' API gives the build directory; a missing or failing API gives undefined", async () => {
  const exports = {
    getApi: async (v: number) => ({
      getProject: async (uri: unknown) => ({ getBuildDirectory: async () => `/b/v${v}/${uri}` }),
    }),
  };
  assert.equal(await apiBuildDirectory(exports, 'w'), '/b/v1/w');
  assert.equal(await apiBuildDirectory({}, 'w'), undefined);
  assert.equal(await apiBuildDirectory(undefined, 'w'), undefined);
  const failing = { getApi: () => ({ getProject: async () => { throw new Error('no project'); } }) };
  assert.equal(await apiBuildDirectory(failing, 'w'), undefined);
});

test("the user's compileCommandsDir wins over CMake Tools', and the log says where flags come from", () => {
  assert.equal(chooseCompileCommandsDir('/mine', '/w/build'), '/mine');
  assert.equal(chooseCompileCommandsDir('', '/w/build'), '/w/build');
  assert.equal(chooseCompileCommandsDir(undefined, undefined), undefined);
  assert.match(flagsLine('/w/build', '', true), /compile_commands.json in \/w\/build \(the CMake build directory: CMake Tools or cmake.buildDirectory\)/);
  assert.match(flagsLine('/w/build', '', false), /has no compile_commands.json yet .*CMAKE_EXPORT_COMPILE_COMMANDS/);
  assert.match(flagsLine('/w/build', '/mine', true), /in \/mine \(cdoctest.build.compileCommandsDir\)/);
});
