// `npm run bundle`: the MCPB bundle (.mcpb) that Claude Desktop installs with one click. It holds
// exactly what npm publishes (the packed tarball, so the `files` list is tested too), the
// production dependencies from the lockfile (none while the CLI is one bundle, dist/bin), and
// manifest.json; `mcpb validate` and `mcpb pack` (the @anthropic-ai/mcpb CLI) check and zip it.
// Output: dist/crew-mcp-<version>.mcpb.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8'));
if (manifest.version !== version) {
  throw new Error(`manifest.json version ${manifest.version} differs from package.json ${version}`);
}
const stage = join(root, 'dist', 'mcpb');
const output = join(root, 'dist', `crew-mcp-${version}.mcpb`);
const mcpb = join(root, 'node_modules', '.bin', 'mcpb');
const run = (command, args, cwd = root) => execFileSync(command, args, { cwd, stdio: 'inherit' });

rmSync(stage, { recursive: true, force: true });
rmSync(output, { force: true });
mkdirSync(stage, { recursive: true });
const packed = mkdtempSync(join(tmpdir(), 'crew-mcp-pack-'));
try {
  // Built just before (npm run bundle); --ignore-scripts skips the second build `prepare` would run.
  run('npm', ['pack', '--pack-destination', packed, '--silent', '--ignore-scripts']);
  run('tar', ['-xzf', join(packed, `crew-mcp-${version}.tgz`), '-C', stage, '--strip-components=1']);
} finally {
  rmSync(packed, { recursive: true, force: true });
}
copyFileSync(join(root, 'manifest.json'), join(stage, 'manifest.json'));
copyFileSync(join(root, 'package-lock.json'), join(stage, 'package-lock.json'));
run('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--silent'], stage);
rmSync(join(stage, 'package-lock.json'));
run(mcpb, ['validate', join(stage, 'manifest.json')]);
run(mcpb, ['pack', stage, output]);
process.stdout.write(`bundle: ${output} (${(statSync(output).size / 1024 / 1024).toFixed(1)} MiB)\n`);
