import { createContext, useContext } from "react";

/** The page's Content-Security-Policy nonce while rendering on the server; browsers hide it, so it is "" there. */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
