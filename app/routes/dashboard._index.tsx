import { redirect } from '@remix-run/node';

// /dashboard redirects to /dashboard/home (spec section 2).
export const loader = () => redirect('/dashboard/home');
