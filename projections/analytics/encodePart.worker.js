// The Parquet export's encoder thread (parquetEncoders.ts): each message is a PackedPart (eventParts.ts),
// answered with the file's bytes. Plain JavaScript that loads the TypeScript module through tsx: a worker
// thread starts without its parent's loader.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { encodePart } = await import('./eventParts.ts');

parentPort?.on('message', (part) => {
  const bytes = encodePart(part);
  parentPort?.postMessage(bytes, [bytes]);
});
