import type { RouteConfig } from "@react-router/dev/routes";
import { flatRoutes } from "@react-router/fs-routes";

/** Every page and API route is a file in app/routes, named by the flat-routes convention Remix v2 used. */
export default flatRoutes() satisfies RouteConfig;
