import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { DEFAULT_WIZARD_STEP } from '#contract/constants';
import { messages } from '#contract/messages';
import { v1Calls } from '#contract/v1/index';
import { businessSchema } from '#contract/schemas/business';
import { lookupSchema } from '#contract/schemas/auth';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { BusinessDetailsForm } from '#app/components/business-form.deferred';
import { OnboardingFrame } from '#app/routes/dashboard+/onboard+/__onboarding-frame';
import { LookupForm } from '#app/routes/dashboard+/onboard+/__lookup-form.deferred';
import { replyWithApiErrors } from '#app/lib/forms.server';
import { requireDashboard } from '#app/lib/guard.server';
import { redirectWithToasts, apiToasts } from '#app/lib/toast.server';
import { commitSession } from '#app/lib/session.server';
import { v1 } from '#app/lib/v1.server';
import { countryPickerOptions } from '#app/components/country-options.server';

export const meta: MetaFunction = () => [{ title: 'Your business · Business Assistant' }];

/**
 * Step 3 has two sub-steps: lookup (the default, docs/product.md#limits) searches this instance
 * and the public directory; details is the business form, prefilled from a listing.
 * The lookup is a GET form: it changes nothing and its result can be bookmarked.
 */
export async function loader(args: LoaderFunctionArgs) {
  return { ...(await readWizardStep(args)), countries: countryPickerOptions(args.request) };
}

async function readWizardStep({ request, context }: LoaderFunctionArgs) {
  const { user, caller } = await requireDashboard(request, context);
  if (!user.mobile_verified) throw redirect('/dashboard/onboard/mobile-submit');
  const url = new URL(request.url);
  const step = url.searchParams.get('step') === 'details' ? 'details' : DEFAULT_WIZARD_STEP;
  const prefill = {
    name: url.searchParams.get('name') ?? '',
    country: url.searchParams.get('country') ?? '',
    telephones: [url.searchParams.get('telephone') ?? ''],
    address: url.searchParams.get('address') ?? '',
    email: user.email,
  };
  if (step === 'details' || !url.searchParams.has('business_name')) {
    return { step, prefill, lookup: null, found: null, query: '' };
  }
  const submission = parseWithZod(url.searchParams, { schema: lookupSchema });
  if (submission.status !== 'success') return { step, prefill, lookup: submission.reply(), found: null, query: '' };
  // Counted like the v1 call's limit (server.ts): a lookup a second cannot list the tenants.
  if (!(await context.rateLimit('business-lookup')))
    return { step, prefill, lookup: submission.reply({ formErrors: [messages.rateLimited] }), found: null, query: '' };
  const result = await v1(caller).helpers.businessLookup(submission.value);
  if (!result.ok)
    return { step, prefill, lookup: submission.reply({ formErrors: result.errors }), found: null, query: '' };
  return { step, prefill, lookup: submission.reply(), found: result.data, query: submission.value.business_name };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { caller, session } = await requireDashboard(request, context);
  const submission = parseWithZod(await request.formData(), { schema: businessSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const result = await v1(caller).businesses.create(submission.value);
  if (!result.ok) return replyWithApiErrors(submission, result);
  session.set('businessId', result.data.business._id);
  return redirectWithToasts(request, '/dashboard/home', apiToasts(v1Calls.businesses.create.path, result), {
    headers: { 'Set-Cookie': await commitSession(session) },
  });
}

export default function YourBusinessRoute() {
  const { step } = useLoaderData<typeof loader>();
  return (
    <OnboardingFrame
      step="your-business"
      subtitle={
        step === 'details'
          ? 'Your assistant introduces itself with these details.'
          : 'Search for your business first: we may already know it.'
      }
    >
      {step === 'details' ? <BusinessForm /> : <Lookup />}
    </OnboardingFrame>
  );
}

function Lookup() {
  const { lookup, found, query } = useLoaderData<typeof loader>();
  const nothing = found && found.businesses.length === 0 && found.listings.length === 0;
  return (
    <div className="flex flex-col gap-6">
      <LookupForm lastResult={lookup} query={query} />
      {nothing ? (
        <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700" role="status">
          We could not find a business called “{query}”. Enter its details yourself below.
        </p>
      ) : null}
      {found && found.businesses.length > 0 ? (
        <section aria-labelledby="found-here">
          <h2 id="found-here" className="font-medium">
            Already using Business Assistant
          </h2>
          <p className="text-sm text-slate-600">
            A business with this name already uses Business Assistant. If it is yours, ask its owner to invite you
            instead of creating it again.
          </p>
          <ul className="mt-2 flex flex-col gap-2">
            {found.businesses.map((business, index) => (
              <li
                key={`${business.name}-${business.country}-${index}`}
                className="rounded-lg border border-slate-200 px-3 py-2"
              >
                {business.name} <span className="text-sm text-slate-500">({business.country})</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {found && found.listings.length > 0 ? (
        <section aria-labelledby="found-listings">
          <h2 id="found-listings" className="font-medium">
            Public listings
          </h2>
          <ul className="mt-2 flex flex-col gap-2">
            {found.listings.map((listing, index) => {
              const params = new URLSearchParams({ step: 'details', name: listing.name });
              if (listing.country) params.set('country', listing.country);
              if (listing.telephone) params.set('telephone', listing.telephone);
              if (listing.address) params.set('address', listing.address);
              return (
                <li
                  key={`${listing.name}-${index}`}
                  className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2"
                >
                  <span>
                    {listing.name}
                    {listing.address ? <span className="block text-sm text-slate-500">{listing.address}</span> : null}
                  </span>
                  <Link to={`?${params}`} className="flex-none text-sm font-medium text-brand-600 underline">
                    This is mine
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      <Link
        to={`?${new URLSearchParams({ step: 'details', name: query })}`}
        className="text-sm font-medium text-brand-600 underline"
      >
        Enter my business details manually
      </Link>
    </div>
  );
}

function BusinessForm() {
  const { prefill } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <BusinessDetailsForm
      id="business"
      reply={lastResult}
      defaultValue={{ ...prefill, timezone: '' }}
      submitLabel="Create my business"
      pendingText="Creating…"
      cancel={
        <Link to="?step=lookup" className="mr-auto text-sm text-brand-600 underline">
          Back to search
        </Link>
      }
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
