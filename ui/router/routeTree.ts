/** The route tree, shared by the server renderer and the browser (the same module on both sides). */
import { pageRoute } from './pageRoute.tsx';
import { rootRoute } from './rootRoute.tsx';

export const routeTree = rootRoute.addChildren([pageRoute]);
