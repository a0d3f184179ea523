/** Runs load jobs in a forked client process (httpLoadClient.ts), one after the other. */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadJob, LoadResult } from './httpLoadClient.ts';

export interface HttpLoad {
  run(job: LoadJob): Promise<LoadResult>;
  close(): void;
}

export function startHttpLoad(): HttpLoad {
  const child: ChildProcess = fork(fileURLToPath(new URL('./httpLoadClient.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return {
    run(job) {
      return new Promise((resolve, reject) => {
        const onExit = (code: number | null) => reject(new Error(`the load client exited (${code})`));
        child.once('exit', onExit);
        child.once('message', (message: { result?: LoadResult; error?: string }) => {
          child.off('exit', onExit);
          if (message.result) resolve(message.result);
          else reject(new Error(`load client: ${message.error}`));
        });
        child.send(job);
      });
    },
    close() {
      child.kill();
    },
  };
}
