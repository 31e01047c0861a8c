import { redirect } from '@remix-run/node';

// docs/product.md#routes: the root path redirects to /register (which skips ahead when signed in).
export const loader = () => redirect('/register');
