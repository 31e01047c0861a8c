import type { ApiBusiness, ApiUser } from '#contract/envelope';
import type { businesses } from '../db/schema';
import type { UserRow } from './context';

type BusinessRow = typeof businesses.$inferSelect;

export function serializeUser(user: UserRow): ApiUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    mobile: user.mobile,
    mobile_verified: Boolean(user.mobileVerifiedAt),
    onesignal_user_id: user.onesignalUserId,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}

export function serializeBusiness(business: BusinessRow, viewer: UserRow, version: string): ApiBusiness {
  return {
    _id: business.id,
    name: business.name,
    email: business.email,
    country: business.country,
    telephones: business.telephones,
    address: business.address,
    timezone: business.timezone,
    wizard_finished: Boolean(business.completedTestAt),
    completed_test_at: business.completedTestAt?.toISOString() ?? null,
    onboarding: {
      mobile_verified: Boolean(viewer.mobileVerifiedAt),
      business_created: true,
      data_loaded: Boolean(business.onboarding.data_loaded),
      training_done: Boolean(business.onboarding.training_done),
      test_completed: Boolean(business.completedTestAt),
    },
    latest_version: version,
    created_at: business.createdAt.toISOString(),
    updated_at: business.updatedAt.toISOString(),
  };
}
