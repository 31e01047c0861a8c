import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { v1Calls } from '#contract/v1';
import { AuthLayout } from '../components/auth-layout';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { SubmitButton } from '../components/forms';
import { getSignedIn, requireUser } from '../lib/guard.server';
import { invitationPath } from '../lib/team';
import { apiToasts, redirectWithToasts } from '../lib/toast.server';
import { commitSession } from '../lib/session.server';
import { httpError, loadFailure } from '../lib/invariant.server';
import { v1 } from '../lib/v1.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data?.invitation
      ? `Join ${data.invitation.business.name} · Business Assistant`
      : 'Invitation · Business Assistant',
  },
];

async function readInvitation(request: Request, context: LoaderFunctionArgs['context'], token: string) {
  const result = await v1({ context, request }).members.invitation(token);
  if (result.ok) return result.data.invitation;
  if (result.status === 404 || result.status === 400 || result.status === 422) return null;
  return loadFailure(result);
}

/**
 * The public page an invitation email links to: who invites whom, and what to do next.
 * Signed in with the invited email: accept. With another: sign out first. Signed out: sign
 * in or create an account (prefilled with the invited email), both coming back here.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const token = params.token ?? '';
  const [invitation, signedIn] = await Promise.all([
    readInvitation(request, context, token),
    getSignedIn(request, context),
  ]);
  const here = invitationPath(token);
  const user = signedIn ? { name: signedIn.user.name, email: signedIn.user.email } : null;
  if (!invitation) return data({ invitation: null, user, here, matches: false }, { status: 404 });
  const matches = Boolean(user && user.email.toLowerCase() === invitation.email.toLowerCase());
  return { invitation, user, here, matches };
}

/** Accept: the invited user joins, that business becomes the selected one, on to the dashboard. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const token = params.token ?? '';
  const signedIn = await requireUser(request, context);
  const invitation = await readInvitation(request, context, token);
  if (!invitation) httpError(404, null);
  // Made before the user is a member: for the invitation's business, whichever one is selected.
  const result = await v1(signedIn.caller, invitation.business._id).members.accept({ token });
  const toasts = apiToasts(v1Calls.members.accept.path, result);
  if (!result.ok) return redirectWithToasts(request, invitationPath(token), toasts);
  signedIn.session.set('businessId', result.data.business._id);
  return redirectWithToasts(
    request,
    '/dashboard/home',
    toasts.length ? toasts : [{ type: 'success', message: `Welcome to ${invitation.business.name}.` }],
    { headers: { 'Set-Cookie': await commitSession(signedIn.session) } },
  );
}

export default function InvitationRoute() {
  const { invitation, user, here, matches } = useLoaderData<typeof loader>();
  if (!invitation) {
    return (
      <AuthLayout
        title="Invitation not found"
        footer={
          <Link to="/login" className="font-medium text-brand-600 underline">
            Sign in
          </Link>
        }
      >
        <p className="text-slate-700" data-testid="invitation-state">
          This invitation link is not valid. Ask whoever invited you to send a new one.
        </p>
      </AuthLayout>
    );
  }
  const business = invitation.business.name;
  const redirect = encodeURIComponent(here);
  return (
    <AuthLayout
      title={`Join ${business}`}
      subtitle={<>You have been invited to join {business}&apos;s team on Business Assistant.</>}
    >
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">
          Invitation for <strong data-testid="invitation-email">{invitation.email}</strong>
        </p>
        {invitation.status !== 'pending' ? (
          <>
            <p className="rounded-lg bg-slate-100 p-3 text-slate-700" data-testid="invitation-state">
              {invitation.status === 'accepted'
                ? 'This invitation has already been accepted.'
                : invitation.status === 'expired'
                  ? 'This invitation has expired. Ask for a new one.'
                  : 'This invitation was withdrawn. Ask for a new one if you still need access.'}
            </p>
            <Link to={user ? '/dashboard/home' : '/login'} className="text-center font-medium text-brand-600 underline">
              {user ? 'Go to the dashboard' : 'Sign in'}
            </Link>
          </>
        ) : !user ? (
          <>
            <p className="text-slate-700">
              Sign in to accept it, or create an account with {invitation.email} if you do not have one yet.
            </p>
            <Link
              to={`/register?redirect=${redirect}&email=${encodeURIComponent(invitation.email)}`}
              className="rounded-lg bg-brand-600 px-4 py-2 text-center font-medium text-white shadow-sm hover:bg-brand-700"
            >
              Create an account
            </Link>
            <Link
              to={`/login?redirect=${redirect}`}
              className="rounded-lg border border-slate-300 px-4 py-2 text-center font-medium hover:bg-slate-50"
            >
              Sign in
            </Link>
          </>
        ) : matches ? (
          <Form method="post" className="flex flex-col gap-3">
            <p className="text-slate-700">
              Signed in as {user.name} ({user.email}).
            </p>
            <SubmitButton pendingText="Joining…">Accept invitation</SubmitButton>
          </Form>
        ) : (
          <>
            <p
              className="rounded-lg bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200"
              data-testid="invitation-state"
            >
              You are signed in as {user.email}, but this invitation is for {invitation.email}. Sign out, then sign in
              or create an account with {invitation.email}.
            </p>
            <Form method="post" action="/logout">
              <input type="hidden" name="redirect" value={here} />
              <button type="submit" className="w-full font-medium text-brand-600 underline">
                Sign out
              </button>
            </Form>
          </>
        )}
      </div>
    </AuthLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
