/** `npm start`: the site with its database (embedded PGlite unless DATABASE_URL is set). */
import { main } from '../http/server.ts';

main(process.env).catch((error: unknown) => {
  console.error(error instanceof Error ? `${error.name}: ${error.message}` : error);
  process.exit(1);
});
