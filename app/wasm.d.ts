/** A .wasm import is a compiled WebAssembly.Module (wrangler and the Workers test pool both bundle it so). */
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
