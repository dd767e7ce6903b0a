/// <reference types="vite/client" />
/** A written page rendered to HTML at build time (tooling/markdown-pages.ts). */
declare module "*.md?html" {
  const html: string;
  export default html;
}
