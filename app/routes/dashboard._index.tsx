import { redirect } from '@remix-run/node';

// /dashboard redirects to /dashboard/home (docs/product.md#routes).
export const loader = () => redirect('/dashboard/home');
