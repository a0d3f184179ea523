/**
 * The site exactly as `npm start` runs it (`bin/start.ts`, production mode, the bundle `npm run build`
 * made), in a process of its own on a free port, against the bench database: what a browser benchmark
 * measures, without sharing an event loop with the tool that drives the browser.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type BenchServerOptions, benchAppEnv } from './startBenchServer.ts';

export interface AppProcess {
  readonly url: string;
  close(): Promise<void>;
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export async function startAppProcess(options: BenchServerOptions): Promise<AppProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...benchAppEnv(options) };
  delete env.EVENTSTORE_URL;
  delete env.MEILI_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/start.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`the app printed no URL:\n${output}`));
    }, 240_000);
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`the app exited with ${code}:\n${output}`));
    };
    child.once('exit', onExit);
    child.stdout.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        child.off('exit', onExit);
        resolve(match[1]!);
      }
    });
  });
  return {
    url,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
