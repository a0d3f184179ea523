/** `npm run bench -- <name>`: runs bench/<name>.bench.ts, which prints `bench <figure> <value> <unit>` lines. */
// Benchmarks measure the production build of the libraries (React's development build is several
// times slower); set before any bench module, and so React, is loaded.
process.env.NODE_ENV ??= 'production';

const benches: Record<string, () => Promise<{ run(args: string[]): Promise<void> }>> = {
  engine: () => import('../bench/engine.bench.ts'),
  catalogue: () => import('../bench/catalogue.bench.ts'),
  funnels: () => import('../bench/funnels.bench.ts'),
  backoffice: () => import('../bench/backoffice.bench.ts'),
  content: () => import('../bench/content.bench.ts'),
  reports: () => import('../bench/reports.bench.ts'),
  events: () => import('../bench/events.bench.ts'),
};

const [name, ...args] = process.argv.slice(2);
const load = name ? benches[name] : undefined;
if (!load) {
  console.error(`usage: npm run bench -- <${Object.keys(benches).join('|')}> [options]`);
  process.exit(2);
}
load()
  .then((bench) => bench.run(args))
  .then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
