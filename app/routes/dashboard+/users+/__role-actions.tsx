import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { DialogLink } from '#app/components/dialog-link';
import { CancelButton, CancelLink, SubmitButton } from '#app/components/forms';
import { Pill } from '#app/components/ui/pill';

/**
 * Changes to a member's role that are hard to undo by accident: making them an admin, taking
 * admin away, handing them the business. Each asks first — in a dialog with JavaScript, on the
 * member's page (?confirm=<intent>) without it — then posts the intent to the member's page.
 */
export type RoleIntent = 'make-admin' | 'remove-admin' | 'transfer-ownership';

const COPY: Record<
  RoleIntent,
  { title: string; button: string; pending: string; question: (name: string) => ReactNode; danger?: boolean }
> = {
  'make-admin': {
    title: 'Make admin',
    button: 'Make admin',
    pending: 'Saving…',
    question: (name) => (
      <>
        Make <strong>{name}</strong> an admin? Admins may see and change everything in this business, including the
        team. You can take admin away again later.
      </>
    ),
  },
  'remove-admin': {
    title: 'Remove admin',
    button: 'Remove admin',
    pending: 'Saving…',
    danger: true,
    question: (name) => (
      <>
        Take admin away from <strong>{name}</strong>? They keep the permissions they had besides admin, and you can
        change those next.
      </>
    ),
  },
  'transfer-ownership': {
    title: 'Transfer ownership',
    button: 'Transfer ownership',
    pending: 'Transferring…',
    danger: true,
    question: (name) => (
      <>
        Hand this business to <strong>{name}</strong>? They become its owner (and an admin): only they can then remove
        or demote you. You stay an admin.
      </>
    ),
  },
};

export function RoleConfirm({
  intent,
  memberId,
  name,
  cancel,
}: {
  intent: RoleIntent;
  memberId: string;
  name: string;
  cancel: ReactNode;
}) {
  const copy = COPY[intent];
  const labelId = `${intent}-${memberId}`;
  return (
    <div className="flex flex-col gap-4" role="group" aria-labelledby={labelId}>
      <p id={labelId} className="text-slate-700">
        {copy.question(name)}
      </p>
      <Form method="post" action={`/dashboard/users/${memberId}`} className="flex items-center justify-end gap-3">
        {cancel}
        <SubmitButton
          variant={copy.danger ? 'danger' : undefined}
          name="intent"
          value={intent}
          pendingText={copy.pending}
        >
          {copy.button}
        </SubmitButton>
      </Form>
    </div>
  );
}

/** The link that asks first: a dialog with JavaScript, the member's page with ?confirm= without. */
export function RoleActionLink({ intent, memberId, name }: { intent: RoleIntent; memberId: string; name: string }) {
  const copy = COPY[intent];
  return (
    <DialogLink
      to={`/dashboard/users/${memberId}?confirm=${intent}`}
      title={copy.title}
      className="rounded-lg border border-slate-300 px-3 py-2 font-medium text-slate-800 hover:bg-slate-50"
      content={(close) => (
        <RoleConfirm intent={intent} memberId={memberId} name={name} cancel={<CancelButton onClick={close} />} />
      )}
    >
      {copy.title}
    </DialogLink>
  );
}

/** The same confirmation shown on the page itself (no JavaScript). */
export function RoleConfirmPanel({ intent, memberId, name }: { intent: RoleIntent; memberId: string; name: string }) {
  return (
    <div
      className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200"
      role="alertdialog"
      aria-label={COPY[intent].title}
    >
      <RoleConfirm
        intent={intent}
        memberId={memberId}
        name={name}
        cancel={<CancelLink to={`/dashboard/users/${memberId}`} />}
      />
    </div>
  );
}

/** Beside the role: the business's owner, whom no other admin may remove or demote. */
export function OwnerBadge() {
  return (
    <Pill
      data-testid="member-owner"
      title="No other admin can remove or demote the owner; only the owner can hand the business to someone else."
      colour="bg-amber-100 text-amber-800"
    >
      Owner
    </Pill>
  );
}

export const isRoleIntent = (value: unknown): value is RoleIntent => typeof value === 'string' && value in COPY;
