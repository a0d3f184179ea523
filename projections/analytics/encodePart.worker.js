// The Parquet export's encoder thread (parquetEncoders.ts): each message is parquetWriteBuffer's options,
// answered with the file's bytes. Plain JavaScript: a worker thread starts without the TypeScript loader.
import { parentPort } from 'node:worker_threads';
import { parquetWriteBuffer } from 'hyparquet-writer';

parentPort?.on('message', (options) => {
  const bytes = parquetWriteBuffer(options);
  parentPort?.postMessage(bytes, [bytes]);
});
