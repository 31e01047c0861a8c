import { createContext, useContext } from 'react';

const NonceContext = createContext('');
export const NonceProvider = NonceContext.Provider;
/** The CSP nonce of this request, for <Scripts>, <ScrollRestoration> and any inline script. */
export const useNonce = () => useContext(NonceContext);
