import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { deviceOut } from '#contract/v1/users';
import { formatDateTime } from '../lib/timezone';
import { DialogLink } from './dialog-link';
import { CancelButton, CancelLink, SubmitButton } from './forms';
import { Card } from '#app/components/ui/card';

/** One signed-in device as users/devices answers it. */
export type SignedInDevice = z.output<typeof deviceOut>;

/** "Anna's Pixel", or "Web browser" when the web app signed in. */
export function deviceTitle(device: SignedInDevice): string {
  if (device.mode === 'capacitor') return device.device_name || device.device_model || 'Mobile app';
  return 'Web browser';
}

function deviceDetail(device: SignedInDevice): string {
  if (device.mode !== 'capacitor')
    return (
      [device.platform_name && device.platform_name !== 'web' ? device.platform_name : null]
        .filter(Boolean)
        .join(' · ') || 'Signed in on the web'
    );
  const os = [
    device.device_platform === 'ios'
      ? 'iOS'
      : device.device_platform === 'android'
        ? 'Android'
        : device.device_platform,
    device.device_os_version,
  ]
    .filter(Boolean)
    .join(' ');
  const app = device.app_version
    ? `app ${device.app_version}${device.app_build ? ` (${device.app_build})` : ''}`
    : null;
  return [device.device_model, os, app].filter(Boolean).join(' · ');
}

function SignOutConfirmation({ device, cancel }: { device: SignedInDevice; cancel: ReactNode }) {
  return (
    <div className="flex flex-col gap-4" role="group" aria-labelledby={`sign-out-${device._id}`}>
      <p id={`sign-out-${device._id}`} className="text-slate-700">
        Sign out <strong>{deviceTitle(device)}</strong>? It will need your password to sign in again, and stops getting
        notifications until then.
      </p>
      <Form method="post" action="/dashboard/account-settings" className="flex items-center justify-end gap-3">
        <input type="hidden" name="device_id" value={device._id} />
        {cancel}
        <SubmitButton variant="danger" name="intent" value="revoke-device" pendingText="Signing out…">
          Sign out device
        </SubmitButton>
      </Form>
    </div>
  );
}

/**
 * Account settings' "Signed-in devices": every live sign-in with its latest device details
 * (the native shell's device name, model, OS and app version), each signed out on request.
 * This device is marked and signs out with "Log out" instead.
 */
export function SignedInDevices({
  devices,
  timeZone,
  confirming,
}: {
  devices: SignedInDevice[];
  timeZone: string;
  confirming: string | null;
}) {
  return (
    <Card aria-labelledby="devices-title">
      <h2 id="devices-title" className="text-lg font-semibold">
        Signed-in devices
      </h2>
      <p className="text-sm text-slate-600">
        Where you are signed in. Sign out a device you no longer use or do not recognise.
      </p>
      {devices.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No other devices are signed in.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200" data-testid="signed-in-devices">
          {devices.map((device) => (
            <li
              key={device._id}
              className="flex flex-wrap items-center justify-between gap-3 py-3"
              data-testid="signed-in-device"
            >
              <div className="min-w-0">
                <p className="font-medium">
                  {deviceTitle(device)}{' '}
                  {device.current ? (
                    <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-700">
                      This device
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-slate-600">{deviceDetail(device)}</p>
                <p className="text-xs text-slate-500">
                  Last used {formatDateTime(device.last_used_at, timeZone)} · signed in{' '}
                  {formatDateTime(device.signed_in_at, timeZone)}
                </p>
              </div>
              {device.current ? null : confirming === device._id ? (
                <div
                  className="w-full rounded-xl bg-red-50 p-4 ring-1 ring-red-200"
                  role="alertdialog"
                  aria-label="Sign out device"
                >
                  <SignOutConfirmation device={device} cancel={<CancelLink to="/dashboard/account-settings" />} />
                </div>
              ) : (
                <DialogLink
                  to={`/dashboard/account-settings?sign_out=${encodeURIComponent(device._id)}`}
                  title="Sign out device"
                  className="rounded-lg border border-red-300 px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
                  content={(close) => <SignOutConfirmation device={device} cancel={<CancelButton onClick={close} />} />}
                >
                  Sign out<span className="sr-only"> {deviceTitle(device)}</span>
                </DialogLink>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
