import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { RESTART_KEYS, SERVER_SETTING_KEYS, serverSettings, statusText, withLibraryPaths } from '../settings';

const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8'));
const properties: Record<string, { default: unknown }> = manifest.contributes.configuration.properties;

test('settings are nested by section, undefined ones left out', () => {
  const values: Record<string, unknown> = { 'generation.samples': 2, 'model.path': '/m.gguf', 'build.extraFlags': ['-DX'] };
  assert.deepEqual(serverSettings((k) => values[k]), {
    generation: { samples: 2 },
    model: { path: '/m.gguf' },
    build: { extraFlags: ['-DX'] },
  });
});

test('every contributed setting is either sent to the server or read by the extension', () => {
  const contributed = Object.keys(properties).map((k) => k.replace(/^cdoctest\./, ''));
  const known = [...SERVER_SETTING_KEYS, ...RESTART_KEYS, 'trace.server'];
  assert.deepEqual([...contributed].sort(), [...known].sort());
});

test('the defaults map to the nested object the server expects', () => {
  const nested = serverSettings((k) => properties[`cdoctest.${k}`].default);
  assert.equal(nested.generation.samples, 4);
  assert.equal(nested.model.gpuLayers, null);
  assert.deepEqual(nested.build.extraFlags, []);
  assert.equal(Object.keys(nested).length, 6);
});

test('build.libraries gets the workspace variables substituted, -l names and unknowns unchanged', () => {
  const settings = { build: { libraries: ['${workspaceFolder}/build/libgeo.so', '-lm', '${nope}/x.so'], extraFlags: ['-DX'] } };
  assert.deepEqual(withLibraryPaths(settings, { workspaceFolder: '/w' }), {
    build: { libraries: ['/w/build/libgeo.so', '-lm', '${nope}/x.so'], extraFlags: ['-DX'] },
  });
  assert.deepEqual(withLibraryPaths({ generation: { samples: 2 } }, { workspaceFolder: '/w' }), { generation: { samples: 2 } });
  assert.deepEqual(serverSettings((k) => properties[`cdoctest.${k}`].default).build.libraries, []);
});

test('status bar text names the model', () => {
  assert.equal(statusText({ model: { name: 'SmolLM2-135M-Instruct.Q4_1' } }), '$(hubot) cdoctest: SmolLM2-135M-Instruct.Q4_1');
  assert.equal(statusText(undefined), '$(hubot) cdoctest: no model');
});
