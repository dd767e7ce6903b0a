import * as z from "zod";

// zod compiles fast parsers with `new Function` when it may; our Content-Security-Policy forbids eval
// (decision 012), and the browser reports even zod's guarded probe (made when a schema is built) as a
// violation. The root route imports this first: its module runs before any other route's.
z.config({ jitless: true });
