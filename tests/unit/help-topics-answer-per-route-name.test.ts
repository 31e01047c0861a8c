import { describe, expect, it } from 'vitest';
import { DASHBOARD_ROUTES } from '#contract/routes';
import { GENERAL_HELP, HELP_TOPICS, helpFor } from '../../app/lib/help-topics';

describe('help for the current page', () => {
  it('finds the topic of a route by its path, with ids and a trailing slash', () => {
    expect(helpFor('/dashboard/customers').title).toBe('Contacts');
    expect(helpFor('/dashboard/customers/abc123').title).toBe('A contact');
    expect(helpFor('/dashboard/services/').title).toBe('Services');
    expect(helpFor('/dashboard/onboard/mobile-submit').title).toBe('Setting up');
  });

  it('falls back to the general help for a page without a topic', () => {
    expect(helpFor('/dashboard/no-such-page')).toEqual(GENERAL_HELP);
  });

  it('only has topics for route names that exist', () => {
    const names = new Set<string>([...DASHBOARD_ROUTES.map((route) => route.name), 'onboarding', 'help']);
    expect(Object.keys(HELP_TOPICS).filter((name) => !names.has(name))).toEqual([]);
  });
});
