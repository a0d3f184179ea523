/** Runs the purchase bench's buyers in a forked client process (purchaseLoadClient.ts). */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { PhaseResult, PurchaseLoadJob } from './purchaseLoadClient.ts';

export function runPurchaseLoadProcess(job: PurchaseLoadJob): Promise<PhaseResult[]> {
  const child = fork(fileURLToPath(new URL('./purchaseLoadClient.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<PhaseResult[]>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the purchase load client exited (${code})`)));
    child.once('message', (message: { results?: PhaseResult[]; error?: string }) => {
      if (message.results) resolve(message.results);
      else reject(new Error(`purchase load client: ${message.error}`));
    });
    child.send(job);
  }).finally(() => child.kill());
}
