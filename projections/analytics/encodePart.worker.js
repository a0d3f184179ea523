// The Parquet export's encoder thread (parquetEncoders.ts): each message is an EncodeTask (parquetWriteBuffer's
// options, some columns packed), answered with the file's bytes. Plain JavaScript: a worker thread starts
// without the TypeScript loader.
import { parentPort } from 'node:worker_threads';
import { parquetWriteBuffer } from 'hyparquet-writer';

/** A packed column's values: views of its buffer. */
function unpack({ bytes, ends, count }) {
  const values = new Array(count);
  let start = 0;
  for (let i = 0; i < count; i++) {
    values[i] = bytes.subarray(start, ends[i]);
    start = ends[i];
  }
  return values;
}

parentPort?.on('message', (task) => {
  const columnData = task.columnData.map(({ packed, ...column }) =>
    packed ? { ...column, data: unpack(packed) } : column,
  );
  const bytes = parquetWriteBuffer({ ...task, columnData });
  parentPort?.postMessage(bytes, [bytes]);
});
