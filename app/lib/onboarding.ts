import type { ApiBusinessListEntry, ApiUser } from '#contract/envelope';
import type { OnboardingStepKey } from '#contract/routes';

/** Whether the user (and their business) has done an onboarding step. */
export function stepDone(key: OnboardingStepKey, user: ApiUser, business: ApiBusinessListEntry | null): boolean {
  switch (key) {
    case 'mobile-submit':
    case 'mobile-verify':
      return user.mobile_verified;
    case 'your-business':
      return Boolean(business);
    case 'data-loader':
      return Boolean(business?.onboarding.data_loaded);
    case 'training-questions':
      return Boolean(business?.onboarding.training_done);
    case 'test-ella':
      return Boolean(business?.onboarding.test_completed);
  }
}
