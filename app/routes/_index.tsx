import { redirect } from '@remix-run/node';

// Spec section 2: the root path redirects to /register (which skips ahead when signed in).
export const loader = () => redirect('/register');
