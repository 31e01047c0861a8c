import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Choose a contact in a contact picker: with JavaScript it is a combobox (type part of the
 * name, click the suggestion), without it a native select limited to the page's first contacts.
 */
export async function pickContact(scope: Page | Locator, label: string, name: string, js: boolean) {
  const field = scope.getByLabel(label, { exact: true });
  if (js) {
    await expect(
      scope.locator('[data-testid="contact-picker"][data-enhanced="true"]').filter({ has: field }),
    ).toHaveCount(1);
    await field.fill(name.slice(0, Math.max(3, Math.ceil(name.length / 2))));
    await scope.getByRole('option', { name, exact: true }).click();
  } else {
    await field.selectOption({ label: name });
  }
}

/** The contact id the picker will send (a hidden input with JavaScript, the select without). */
export const pickedContact = (scope: Page | Locator, name = 'customer_id') => scope.locator(`[name="${name}"]`);
