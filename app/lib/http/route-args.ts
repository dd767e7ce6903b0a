import type { ActionFunctionArgs as RouterActionArgs, AppLoadContext, LoaderFunctionArgs as RouterLoaderArgs } from "react-router";

/**
 * A loader's arguments with this app's load context (load-context.ts). React Router 7 types a
 * loader's `context` as `any` unless middleware is on, so every route takes its arguments from here.
 */
export type LoaderFunctionArgs = RouterLoaderArgs<AppLoadContext>;
/** An action's arguments with this app's load context. */
export type ActionFunctionArgs = RouterActionArgs<AppLoadContext>;
