import * as z from "zod";

// zod compiles fast parsers with `new Function` when it may; our Content-Security-Policy forbids eval
// (decision 012), and the browser reports even zod's guarded probe (made when a schema is built) as a
// violation. So every module the browser may load that uses zod imports this right after zod (ESLint
// checks it), and pages without zod do not load zod for it (decision 078).
z.config({ jitless: true });
