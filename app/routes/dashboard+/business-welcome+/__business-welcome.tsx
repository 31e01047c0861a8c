import { Link } from '@remix-run/react';
import { PageHeader } from '#app/components/ui/page-header';
import type { ApiBusinessListEntry, ApiUser } from '#contract/envelope';
import { SetupChecklist } from '#app/components/setup-checklist';
import { cardClass } from '#app/components/ui/card';

/** The greeting for a (new) business and its setup checklist; once set up, where to go next. */
export function BusinessWelcome({ user, business }: { user: ApiUser; business: ApiBusinessListEntry }) {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={<>Welcome, {business.name}</>}>
        <p className="text-sm text-slate-600">
          {business.wizard_finished
            ? 'Its assistant is set up. Here is what you can fine-tune next.'
            : 'Its assistant needs a few things before it answers callers. Your mobile number is already verified for all your businesses.'}
        </p>
      </PageHeader>
      {business.wizard_finished ? (
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="welcome-next">
          <li>
            <Link
              to="/dashboard/settings/business-settings"
              className={cardClass({ padding: 'sm', className: 'block hover:bg-slate-50' })}
            >
              <span className="font-medium text-brand-700">Opening hours and notifications</span>
            </Link>
          </li>
          <li>
            <Link
              to="/dashboard/assistant-settings"
              className={cardClass({ padding: 'sm', className: 'block hover:bg-slate-50' })}
            >
              <span className="font-medium text-brand-700">Assistant settings</span>
            </Link>
          </li>
          <li>
            <Link
              to="/dashboard/memories"
              className={cardClass({ padding: 'sm', className: 'block hover:bg-slate-50' })}
            >
              <span className="font-medium text-brand-700">Knowledge base</span>
            </Link>
          </li>
          <li>
            <Link to="/dashboard/users" className={cardClass({ padding: 'sm', className: 'block hover:bg-slate-50' })}>
              <span className="font-medium text-brand-700">Invite your team</span>
            </Link>
          </li>
        </ul>
      ) : (
        <SetupChecklist user={user} business={business} />
      )}
      <Link to="/dashboard/businesses" className="text-sm text-brand-600 underline">
        All your businesses
      </Link>
    </div>
  );
}
