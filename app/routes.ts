import type { RouteConfig } from "@react-router/dev/routes";
import { flatRoutes } from "@react-router/fs-routes";

/** Every page and API route is a file in app/routes, named by Remix's flat-routes convention. */
export default flatRoutes() satisfies RouteConfig;
