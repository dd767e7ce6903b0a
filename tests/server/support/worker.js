// The Worker `npm run build` wrote (decision 084): server.ts and the React Router build in one file,
// as it is deployed. Tests that call its handlers with their own env, or its cron and queue handlers,
// take it from here (worker.d.ts types it as server.ts declares it).
export { default } from "../../../build/server/index.js";
